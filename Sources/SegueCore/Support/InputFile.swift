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
        let (fd, size) = try openRegularFile(path)
        defer { close(fd) }
        guard size <= maxBytes else { throw SegueError(.invalidInput, "file too large (\(size) bytes, at most \(maxBytes))", path: path) }
        return try readBytes(fd, upTo: size, path: path)
    }

    /// The first `count` bytes of the file (fewer when it is shorter), with `contents`' checks
    /// and errors but no size limit: enough to recognise a file by its magic bytes (a video
    /// clip, whatever its size) before handing it to whatever reads that format.
    public static func prefix(_ path: String, count: Int) throws(SegueError) -> [UInt8] {
        let (fd, size) = try openRegularFile(path)
        defer { close(fd) }
        return try readBytes(fd, upTo: min(size, count), path: path)
    }

    /// `path` opened for reading and its size, once `fstat` says it is a regular file.
    private static func openRegularFile(_ path: String) throws(SegueError) -> (Int32, Int) {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else {
            let code = errno
            let detail = code == ENOENT ? "no such file" : code == ELOOP ? "a loop of symbolic links (or a chain of more than 40)"
                : String(cString: strerror(code))
            throw SegueError(.missingInput, detail, path: path, errno: code)
        }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            let code = errno
            close(fd)
            throw SegueError(.missingInput, String(cString: strerror(code)), path: path, errno: code)
        }
        let kind = (info.st_mode & S_IFMT) == S_IFDIR ? "is a directory" : specialKind(mode: info.st_mode).map { "\($0), not a regular file" }
        if let kind {
            close(fd)
            throw SegueError(.missingInput, kind, path: path)
        }
        return (fd, Int(info.st_size))
    }

    /// Up to `size` bytes from `fd` (fewer when the file shrank meanwhile).
    private static func readBytes(_ fd: Int32, upTo size: Int, path: String) throws(SegueError) -> [UInt8] {
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
