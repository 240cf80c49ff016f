import Glibc
import SegueCore

/// A byte stream opened for output: a file (an `AtomicFile`, renamed into place by `commit`)
/// or standard output. Writes loop over short writes; a closed reader (EPIPE — the CLI ignores
/// SIGPIPE so it arrives as an error) or a full disk (ENOSPC) is an `.io` error carrying its errno.
public final class ByteOutput: @unchecked Sendable {
    public let name: String
    private let fd: Int32
    private let file: AtomicFile?
    private var closed = false

    /// What a write into a pipe whose reader has gone says (EPIPE's own text is cryptic).
    static let closedPipeText = "the reader closed the pipe"

    /// Whether `error` means no later output can succeed either: the reader is gone (EPIPE) or
    /// the disk is full (ENOSPC, EDQUOT). `segue batch` stops on these.
    public static func isFatal(_ error: SegueError) -> Bool {
        guard error.kind == .io, let code = error.errno else { return false }
        return code == EPIPE || code == ENOSPC || code == EDQUOT
    }

    /// `-` is standard output; anything else a file (its missing folders are created).
    public convenience init(path: String) throws(SegueError) {
        if path == "-" {
            self.init(descriptor: STDOUT_FILENO, name: "stdout")
            Self.enlargePipeBuffer(STDOUT_FILENO)
        } else {
            let parent = parentDirectory(of: path)
            if !parent.isEmpty { try makeDirectories(parent) }
            try self.init(file: AtomicFile(path: path))
        }
    }

    /// Opens `file`'s temporary name; `commit` renames it into place.
    init(file: AtomicFile) throws(SegueError) {
        let opened = open(file.temporaryPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard opened >= 0 else { throw .system(path: file.path) }
        name = file.path
        fd = opened
        self.file = file
    }

    /// Writes to a descriptor someone else owns (standard output, a child's stdin); `commit`
    /// does nothing.
    init(descriptor: Int32, name: String) {
        self.name = name
        fd = descriptor
        file = nil
    }

    /// `F_SETPIPE_SZ` (Linux; not exported by Glibc's Swift overlay). A 1 MiB pipe moves
    /// 1080p RGBA about 3× faster than the default 64 KiB (docs/BATCH.md).
    static let setPipeSize: Int32 = 1031

    /// Raises a pipe's buffer to 1 MiB; files, terminals and a refused raise are left alone.
    static func enlargePipeBuffer(_ fd: Int32) {
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFIFO else { return }
        _ = fcntl(fd, setPipeSize, Int32(1 << 20))
    }

    public func write(_ bytes: UnsafeRawBufferPointer) throws(SegueError) {
        var offset = 0
        while offset < bytes.count {
            let n = Glibc.write(fd, bytes.baseAddress! + offset, bytes.count - offset)
            if n < 0 {
                if errno == EINTR { continue }
                let code = errno
                if code == EPIPE { throw SegueError(.io, Self.closedPipeText, path: name, errno: code) }
                throw .system(path: name, code: code)
            }
            offset += n
        }
    }

    public func write(_ bytes: [UInt8]) throws(SegueError) {
        let result: Result<Void, SegueError> = bytes.withUnsafeBytes { b in
            do throws(SegueError) { try write(b); return .success(()) } catch { return .failure(error) }
        }
        try result.get()
    }

    /// Closes a file and moves it to its final name; standard output is left open.
    public func commit() throws(SegueError) {
        guard let file, !closed else { return }
        closed = true
        if close(fd) != 0 {
            let code = errno
            file.discard()
            throw .system(path: file.path, code: code)
        }
        try file.commit()
    }

    /// Closes and removes an unfinished file, so no partial output keeps the final name.
    public func discard() {
        guard let file, !closed else { return }
        closed = true
        close(fd)
        file.discard()
    }
}
