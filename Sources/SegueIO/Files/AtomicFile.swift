import Foundation
import SegueCore

/// An output file that appears under its final name only when complete. It is written as
/// `.NAME.tmp-PID` beside `path` and renamed over `path` by `commit` (a rename within one
/// folder is atomic), so an interrupted or failed write — a full disk, a killed process —
/// never leaves a partial file under the final name. Every file Segue writes goes this way:
/// PNG files and sequences, manifests, raw and y4m streams, ffmpeg's videos.
public struct AtomicFile: Sendable {
    public let path: String
    /// Where the content goes until `commit`.
    public let temporaryPath: String

    /// Reserves the temporary name in `path`'s folder; nothing is written yet.
    public init(path: String) {
        self.path = path
        temporaryPath = Self.temporaryPath(for: path)
    }

    /// Moves the finished temporary file to `path`; on failure the temporary file is removed.
    public func commit() throws(SegueError) {
        guard rename(temporaryPath, path) == 0 else {
            let code = errno
            discard()
            throw .system(path: path, code: code)
        }
    }

    /// Removes the temporary file; whatever `path` held before is left as it was.
    public func discard() { unlink(temporaryPath) }

    /// Writes `bytes` as the whole file; its folder must exist.
    public static func write(_ bytes: [UInt8], to path: String) throws(SegueError) {
        let output = try ByteOutput(file: AtomicFile(path: path))
        do throws(SegueError) { try output.write(bytes) } catch { output.discard(); throw error }
        try output.commit()
    }

    static func temporaryPath(for path: String) -> String {
        let dir = parentDirectory(of: path)
        return (dir.isEmpty ? "" : dir == "/" ? "/" : dir + "/") + "." + fileName(of: path) + temporarySuffix
    }

    private static var temporarySuffix: String { ".tmp-\(getpid())" }

    /// Removes this process's unfinished files in `directory`: for a process that must exit
    /// while files are being written (the frame watchdog), since no `discard` will run.
    public static func removeTemporaryFiles(in directory: String) {
        let suffix = temporarySuffix
        for name in (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        where name.hasPrefix(".") && name.hasSuffix(suffix) {
            unlink((directory as NSString).appendingPathComponent(name))
        }
    }
}
