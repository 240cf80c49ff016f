import Glibc
import SegueCore

/// A byte stream opened for output, by what the path leads to (`OutputDestination`):
/// standard output for `-`; a device, FIFO or socket written in place; otherwise a regular
/// file written as an `AtomicFile` (renamed into place by `commit`) under an `OutputLock`.
/// Writes loop over short writes; a closed reader (EPIPE — the CLI ignores SIGPIPE so it
/// arrives as an error) or a full disk (ENOSPC) is an `.io` error carrying its errno.
public final class ByteOutput: @unchecked Sendable {
    public let name: String
    private let fd: Int32
    /// Whether `commit`/`discard` close `fd` (not standard output or a child's stdin).
    private let ownsDescriptor: Bool
    private let file: AtomicFile?
    private let lock: OutputLock?
    private let cleanup: CleanupRegistry.Token?
    private var closed = false

    /// What a write into a pipe whose reader has gone says (EPIPE's own text is cryptic).
    static let closedPipeText = "the reader closed the pipe"

    /// Whether `error` means no later output can succeed either: the reader is gone (EPIPE) or
    /// the disk is full (ENOSPC, EDQUOT). `segue batch` stops on these.
    public static func isFatal(_ error: SegueError) -> Bool {
        guard error.kind == .io, let code = error.errno else { return false }
        return code == EPIPE || code == ENOSPC || code == EDQUOT
    }

    /// `-` is standard output; a special file is opened as it is (a FIFO waits here for its
    /// reader); anything else is a new regular file (missing folders are created, links
    /// followed), locked while it is written, with the temporaries of dead runs removed first.
    public convenience init(path: String) throws(SegueError) {
        switch try OutputDestination(path) {
        case .standardOutput:
            self.init(descriptor: STDOUT_FILENO, name: "stdout")
            Self.enlargePipeBuffer(STDOUT_FILENO)
        case .special(let target, _):
            try self.init(special: target, name: path)
        case .file(let target):
            let parent = parentDirectory(of: target)
            if !parent.isEmpty { try makeDirectories(parent) }
            let lock = try OutputLock(path: OutputLock.path(beside: target), guarding: path)
            AtomicFile.removeStaleTemporaries(in: parent, for: [fileName(of: target)])
            try self.init(file: AtomicFile(path: target), name: path, lock: lock)
        }
    }

    /// Opens `file`'s temporary name; `commit` renames it into place and releases `lock`.
    init(file: AtomicFile, name: String? = nil, lock: OutputLock? = nil) throws(SegueError) {
        let temporary = file.temporaryPath
        let (opened, token) = try CleanupRegistry.shared.register(creating: { () throws(SegueError) in
            let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
            guard fd >= 0 else { throw .system(path: file.path) }
            return fd
        }, cleanup: { unlink(temporary) })
        self.name = name ?? file.path
        fd = opened
        ownsDescriptor = true
        self.file = file
        self.lock = lock
        cleanup = token
    }

    /// Opens a device, FIFO or socket for writing without creating or truncating it.
    private init(special path: String, name: String) throws(SegueError) {
        let opened = open(path, O_WRONLY | O_CLOEXEC | O_NOCTTY)
        guard opened >= 0 else { throw .system(path: name) }
        Self.enlargePipeBuffer(opened)
        self.name = name
        fd = opened
        ownsDescriptor = true
        file = nil
        lock = nil
        cleanup = nil
    }

    /// Writes to a descriptor someone else owns (standard output, a child's stdin); `commit`
    /// does nothing.
    init(descriptor: Int32, name: String) {
        self.name = name
        fd = descriptor
        ownsDescriptor = false
        file = nil
        lock = nil
        cleanup = nil
    }

    /// Writes `bytes` as the whole output at `path` (`-`, a special file or a regular file, as
    /// `init(path:)`): how single-image outputs (`still`, `timing --plot`, contact sheets) are
    /// written.
    public static func writeAll(_ bytes: [UInt8], to path: String) throws(SegueError) {
        let output = try ByteOutput(path: path)
        do throws(SegueError) { try output.write(bytes) } catch { output.discard(); throw error }
        try output.commit()
    }

    /// The open descriptor, for a child process to write into (`FFmpegSink` streaming to a
    /// special file or stdout).
    var descriptor: Int32 { fd }

    /// `F_SETPIPE_SZ` (Linux; not exported by Glibc's Swift overlay). A 1 MiB pipe moves
    /// 1080p RGBA about 3× faster than the default 64 KiB (docs/BATCH.md).
    static let setPipeSize: Int32 = 1031

    /// Raises a pipe's buffer to the largest an unprivileged process may ask for
    /// (`/proc/sys/fs/pipe-max-size`, 1 MiB unless the administrator raised it): fewer, larger
    /// hand-overs to the reader per 8 MB frame. Files, terminals and a refused raise are left
    /// alone.
    static func enlargePipeBuffer(_ fd: Int32) {
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFIFO else { return }
        let largest = Int32(clamping: pipeMaxSize ?? 0)
        if largest > 1 << 20, fcntl(fd, setPipeSize, largest) >= 0 { return }
        _ = fcntl(fd, setPipeSize, Int32(1 << 20))
    }

    /// The system's pipe size limit, read once.
    private static let pipeMaxSize: Int? = {
        let fd = open("/proc/sys/fs/pipe-max-size", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var text = [UInt8](repeating: 0, count: 32)
        let n = text.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        guard n > 0 else { return nil }
        return Int(String(decoding: text[..<n].prefix { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }, as: UTF8.self))
    }()

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
        guard ownsDescriptor, !closed else { return }
        closed = true
        defer { finished() }
        if close(fd) != 0 {
            let code = errno
            file?.discard()
            throw .system(path: name, code: code)
        }
        try file?.commit()
    }

    /// Closes and removes an unfinished file, so no partial output keeps the final name. A
    /// special file is only closed.
    public func discard() {
        guard ownsDescriptor, !closed else { return }
        closed = true
        close(fd)
        file?.discard()
        finished()
    }

    private func finished() {
        if let cleanup { CleanupRegistry.shared.remove(cleanup) }
        lock?.release()
    }
}
