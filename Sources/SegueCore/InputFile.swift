#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads the files users name as inputs (snapshots, luma images, gestures, spec and shader
/// files) without ever blocking on one that is not a file. `open` on a FIFO with no writer, or
/// on some devices, waits forever; so the file is opened with `O_NONBLOCK`, checked with
/// `fstat`, and anything but a regular file is refused before a byte is read.
public enum InputFile {
    /// The largest text input read (`Limits.textFileBytes`).
    public static let maxTextBytes = Limits.textFileBytes

    /// The whole file. Missing, unreadable, a folder, a FIFO, a device or a socket →
    /// `.missingInput` (66); larger than `maxBytes` → `.invalidInput` (65). Each message is one
    /// line naming `path`.
    public static func contents(_ path: String, maxBytes: Int) throws(SegueError) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else {
            let code = errno
            let detail = code == ENOENT ? "no such file" : String(cString: strerror(code))
            throw SegueError(.missingInput, detail, path: path, errno: code)
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw SegueError(.missingInput, String(cString: strerror(errno)), path: path, errno: errno) }
        if (info.st_mode & S_IFMT) == S_IFDIR { throw SegueError(.missingInput, "is a directory", path: path) }
        if let kind = specialKind(mode: info.st_mode) {
            throw SegueError(.missingInput, "\(kind), not a regular file", path: path)
        }
        let size = Int(info.st_size)
        guard size <= maxBytes else { throw SegueError(.invalidInput, "file too large (\(size) bytes, at most \(maxBytes))", path: path) }
        var bytes = [UInt8](repeating: 0, count: size)
        var done = 0
        while done < size {
            let n = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress! + done, size - done) }
            if n < 0 {
                if errno == EINTR { continue }
                throw SegueError(.missingInput, String(cString: strerror(errno)), path: path, errno: errno)
            }
            if n == 0 { break }
            done += n
        }
        if done < size { bytes.removeSubrange(done...) }
        return bytes
    }

    /// What a file of `mode` is when it is not a regular file ("a FIFO", "a character
    /// device", …), for messages; nil for a regular file.
    public static func specialKind(mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG: nil
        case S_IFDIR: "a folder"
        case S_IFIFO: "a FIFO"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFSOCK: "a socket"
        case S_IFLNK: "a symbolic link"
        default: "a special file"
        }
    }
}
