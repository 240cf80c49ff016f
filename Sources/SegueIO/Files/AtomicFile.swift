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

    /// Writes `bytes` as the whole file at `path`, a file Segue owns inside a folder it has
    /// locked (a frame, a manifest); its folder must exist. Outputs users name go through
    /// `ByteOutput.writeAll`, which also handles stdout, special files, links and locking.
    public static func write(_ bytes: [UInt8], to path: String) throws(SegueError) {
        let output = try ByteOutput(file: AtomicFile(path: path))
        do throws(SegueError) { try output.write(bytes) } catch { output.discard(); throw error }
        try output.commit()
    }

    static func temporaryPath(for path: String) -> String {
        let dir = parentDirectory(of: path)
        return (dir.isEmpty ? "" : dir == "/" ? "/" : dir + "/") + "." + fileName(of: path) + temporarySuffix
    }

    private static var temporarySuffix: String { temporaryMarker + "\(getpid())" }
    private static let temporaryMarker = ".tmp-"

    /// Removes the temporary files that processes no longer running left for the files
    /// `names` in `directory` (a render killed with SIGKILL, a lost machine): `.NAME.tmp-PID`
    /// where no process PID exists (`kill(PID, 0)` fails with ESRCH). Nothing else is touched:
    /// not a live process's temporary, not other names, not a file that only looks similar.
    /// Only the names the caller is about to write are cleaned, so shards sharing a folder
    /// from machines with other process tables never remove each other's files.
    public static func removeStaleTemporaries(in directory: String, for names: Set<String>) {
        guard let dir = opendir(directory.isEmpty ? "." : directory) else { return }
        defer { closedir(dir) }
        let prefix = directory.isEmpty ? "" : directory == "/" ? "/" : directory + "/"
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
            guard let (final, pid) = parseTemporaryName(name), names.contains(final), pid != getpid(),
                  kill(pid, 0) != 0, errno == ESRCH else { continue }
            var info = stat()
            if lstat(prefix + name, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG { unlink(prefix + name) }
        }
    }

    /// `.NAME.tmp-PID` → (NAME, PID); nil for any other name.
    static func parseTemporaryName(_ name: String) -> (String, pid_t)? {
        guard name.hasPrefix("."), let marker = name.range(of: temporaryMarker, options: .backwards),
              marker.lowerBound > name.startIndex else { return nil }
        let digits = name[marker.upperBound...]
        guard !digits.isEmpty, digits.count <= 10, digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber),
              let pid = pid_t(digits), pid > 0 else { return nil }
        let final = String(name[name.index(after: name.startIndex)..<marker.lowerBound])
        return final.isEmpty ? nil : (final, pid)
    }
}
