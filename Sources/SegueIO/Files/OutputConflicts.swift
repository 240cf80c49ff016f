import Foundation
import SegueCore

/// A file a job reads or a place it writes, with the words its front end names it by
/// (`--from`, `-o`, `job 2: key "output"`), for the message.
public struct NamedPath: Sendable, Equatable {
    public var name: String
    public var path: String
    /// For an output: a folder Segue writes files into (a PNG sequence with its manifest,
    /// journal and lock), rather than one file.
    public var isFolder: Bool

    public init(_ name: String, _ path: String, isFolder: Bool = false) {
        self.name = name
        self.path = path
        self.isFolder = isFolder
    }
}

/// The one check, made before any work, that a job's outputs leave its inputs alone: no output
/// is an input file (by device and inode after following links, so a link, a hard link or `..`
/// cannot hide it), no output folder holds an input, no output's lock or record file is an
/// input, and no
/// two outputs are one place. A conflict is a usage error (64) naming both paths. `render`,
/// `still`, `watch`, `sequence` and `batch` (across all its jobs) all ask it.
public enum OutputConflicts {
    public static func check(inputs: [NamedPath], outputs: [NamedPath]) throws(SegueError) {
        let written = outputs.filter { $0.path != "-" && !$0.path.isEmpty }.map { ($0, FileLocation($0.path)) }
        for input in inputs where !input.path.isEmpty {
            // An input that does not exist yet still counts: another batch job may be about to write it.
            let read = FileLocation(input.path)
            for (output, place) in written {
                if output.isFolder, read.isInside(place) {
                    throw .usage("\(output.name) \(output.path): is a folder holding \(input.name) \(input.path), an input; "
                                 + "an output never replaces an input (choose another folder)")
                }
                if !output.isFolder, read.isSameFile(as: place) || besideFiles(of: place).contains(where: read.isSameFile) {
                    throw .usage("\(output.name) \(output.path): is \(input.name) \(input.path)\(sameFileHow(output.path, input.path)), an input; "
                                 + "an output never replaces an input (choose another file)")
                }
            }
        }
        // A device such as /dev/null takes any number of streams; every other place takes one.
        let places = written.filter { !$0.1.isCharacterDevice }
        for (i, (first, firstPlace)) in places.enumerated() {
            for (second, secondPlace) in places[(i + 1)...] {
                let clash = firstPlace.isSameFile(as: secondPlace)
                    || (first.isFolder && secondPlace.isInside(firstPlace)) || (second.isFolder && firstPlace.isInside(secondPlace))
                if clash {
                    throw .usage("\(second.name) \(second.path): is also where \(first.name) \(first.path) writes; give each output its own place")
                }
            }
        }
    }

    /// What Segue keeps beside a file output: its lock and its record (`batch --resume`).
    private static func besideFiles(of place: FileLocation) -> [FileLocation] {
        [FileLocation(OutputLock.path(beside: place.canonicalPath)), FileLocation(OutputRecord.path(beside: place.canonicalPath))]
    }

    /// Why two different-looking paths are one file, for the message.
    private static func sameFileHow(_ output: String, _ input: String) -> String {
        func absolute(_ path: String) -> String { URL(fileURLWithPath: path).standardizedFileURL.path }
        return absolute(output) == absolute(input) ? "" : " (the same file through a link or another path)"
    }
}
