import Glibc
import SegueCore

/// Whole-file reads with errors phrased for users.
enum FileBytes {
    /// Larger files are refused before reading: no image within `PixelBuffer.maxPixels` needs
    /// more (a raw RGBA PNG of the maximum size is about 256 MiB).
    static let maxFileSize = 1 << 30

    static func contents(_ path: String) throws(SegueError) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            let code = errno
            if code == ENOENT { throw SegueError(.missingInput, "no such file", path: path, errno: code) }
            throw .system(.missingInput, path: path, code: code)
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw .system(.missingInput, path: path) }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            throw SegueError(.missingInput, (info.st_mode & S_IFMT) == S_IFDIR ? "is a directory" : "not a regular file", path: path)
        }
        let size = Int(info.st_size)
        guard size > 0 else { throw SegueError(.invalidInput, "empty file (0 bytes)", path: path) }
        guard size <= maxFileSize else { throw SegueError(.invalidInput, "file too large (\(size) bytes)", path: path) }
        var bytes = [UInt8](repeating: 0, count: size)
        var done = 0
        while done < size {
            let n = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress! + done, size - done) }
            if n < 0 {
                if errno == EINTR { continue }
                throw .system(.missingInput, path: path)
            }
            if n == 0 { break }
            done += n
        }
        if done < size { bytes.removeSubrange(done...) }
        return bytes
    }
}
