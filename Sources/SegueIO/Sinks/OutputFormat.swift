import Foundation
import SegueCore

/// `--format`: where a job's frames go. The cases and their extensions below are the one list
/// of outputs: inference, messages and the docs' tables follow it.
public enum OutputFormat: String, CaseIterable, Sendable, Codable {
    /// A folder of PNG files named by absolute frame index, plus a manifest.
    case png
    /// Straight RGBA frames back to back.
    case raw
    /// YUV4MPEG2 4:4:4.
    case y4m
    /// Video files encoded by ffmpeg (`VideoEncoding` says how).
    case mp4, webm, gif, mov, webp
    /// An animated PNG (`APNGSink`).
    case apng
    /// One PNG: a grid of evenly spaced frames with progress labels.
    case contact

    /// The extensions that imply this format, the first one written by default. A PNG folder
    /// has none (a path without one), and a contact sheet is only ever asked for by name: its
    /// `.png` would be mistaken for a folder of frames.
    public var extensions: [String] {
        switch self {
        case .png, .contact: []
        case .raw: ["rgba", "raw"]
        default: [rawValue]
        }
    }

    /// The extension a default output name gets (`out/EFFECT.mp4`); a contact sheet is a PNG.
    public var fileExtension: String { extensions.first ?? "png" }

    /// The format `-o PATH` (or a batch job's `output`) implies when no format is given, the one
    /// rule for `render`, `batch` and serve's exported specs: `-` → y4m (self-describing on a
    /// pipe); a path ending in `/` or without an extension → a PNG folder; a listed extension →
    /// its format. Anything else is refused (64) rather than guessed: `.png` or `.jpg` would
    /// otherwise become a folder of that name, and an unknown extension a folder too. Messages
    /// name the format choice as `formatOption` (`--format`, or a spec's `format` key).
    public static func inferred(from path: String, formatOption: String = "--format") throws(SegueError) -> OutputFormat {
        if path == "-" { return .y4m }
        if path.hasSuffix("/") { return .png }
        let ext = (path as NSString).pathExtension.lowercased()
        if ext.isEmpty { return .png }
        if let format = allCases.first(where: { $0.extensions.contains(ext) }) { return format }
        if ["png", "jpg", "jpeg"].contains(ext) {
            throw SegueError(.usage, "a PNG sequence is written to a folder: name one without an extension (or ending in /); "
                + ".apng is an animated PNG, \(formatOption) contact a contact sheet, \(formatOption) png keeps this name for a folder",
                path: path)
        }
        throw SegueError(.usage, "unknown output extension .\(ext); outputs: \(listing(formatOption: formatOption)), "
            + "or \(formatOption) to choose one", path: path)
    }

    /// `png (a folder), raw (.rgba .raw), …`: every format and how a path names it.
    private static func listing(formatOption: String) -> String {
        allCases.map { format in
            switch format {
            case .png: "png (a folder)"
            case .contact: "contact (\(formatOption) only)"
            default: "\(format.rawValue) (\(format.extensions.map { "." + $0 }.joined(separator: " ")))"
            }
        }.joined(separator: ", ")
    }

    /// A file that always holds one PNG (`still`, `watch`, `--contact-sheet`, `timing --plot`):
    /// its name may end in `.png` or have no extension (`-`, a device, a FIFO); another
    /// extension would give a file whose name lies about its content, so it is refused (64).
    public static func checkPNGFileName(_ path: String, option: String) throws(SegueError) {
        let ext = (path as NSString).pathExtension.lowercased()
        guard ext.isEmpty || ext == "png" else {
            throw .usage("\(option) \(path): this output is one PNG image; name it .png")
        }
    }

    /// The ffmpeg container that writes this format, if ffmpeg writes it.
    public var videoContainer: FFmpegSink.Container? { FFmpegSink.Container(rawValue: rawValue) }

    /// Only a PNG folder can be split by frames across processes; the others are one stream.
    public var isFrameSplittable: Bool { self == .png }
    /// Every format but a PNG folder is one stream, which can go to stdout or a special file.
    public var canWriteStdout: Bool { self != .png }
}
