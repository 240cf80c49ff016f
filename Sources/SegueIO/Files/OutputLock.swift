import Glibc
import SegueCore

/// Keeps two Segue jobs from writing one output at once (their frames would mix under one
/// manifest). A job holds an exclusive `flock` on a lock file Segue owns beside what it writes
/// (`.NAME.lock` beside a file; beside the manifest, `DIR/.manifest.json.lock`, in a PNG
/// folder, so the shards of one sequence each hold their own). The lock file holds the pid of
/// its holder, for the message a second job fails with, and is removed on release. A lock file
/// left by a killed process does not block: the kernel drops a dead process's `flock`.
public final class OutputLock: @unchecked Sendable {
    public let path: String
    private var fd: Int32
    private var token: CleanupRegistry.Token?

    /// `.NAME.lock` beside `file`.
    public static func path(beside file: String) -> String {
        let dir = parentDirectory(of: file)
        return (dir.isEmpty ? "" : dir == "/" ? "/" : dir + "/") + "." + fileName(of: file) + ".lock"
    }

    /// Takes the lock at `path` for writing `place`. Held by another process → `.io` (74):
    /// `PLACE: in use by segue pid N (LOCKFILE)`.
    public init(path: String, guarding place: String) throws(SegueError) {
        self.path = path
        fd = -1
        while true {
            // Taken and registered for clean-up as one step (`CleanupRegistry`): an interruption
            // in between would leave the file behind.
            let taken = Taken()
            let (locked, token) = try CleanupRegistry.shared.register(creating: { () throws(SegueError) -> Bool in
                try Self.take(path: path, place: place, into: taken)
            }, cleanup: { if taken.fd >= 0 { Self.unlock(path: path, fd: taken.fd) } })
            if locked {
                fd = taken.fd
                self.token = token
                break
            }
            CleanupRegistry.shared.remove(token)
        }
        let pid = Array("\(getpid())\n".utf8)
        _ = ftruncate(fd, 0)
        _ = pid.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, 0) }
    }

    /// The descriptor of a lock once taken (-1 before), for the clean-up registered with it.
    private final class Taken: @unchecked Sendable { var fd: Int32 = -1 }

    /// One attempt: true with `taken.fd` set when the lock is held; false when the file was
    /// removed under us (try again); throws when another process holds it.
    private static func take(path: String, place: String, into taken: Taken) throws(SegueError) -> Bool {
        let opened = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o644)
        guard opened >= 0 else { throw .system(path: path) }
        if flock(opened, LOCK_EX | LOCK_NB) != 0 {
            let code = errno
            let holder = Self.holder(opened)
            close(opened)
            if code == EWOULDBLOCK {
                throw SegueError(.io, "in use by \(holder.map { "segue pid \($0)" } ?? "another segue") (\(path))", path: place)
            }
            throw .system(path: path, code: code)
        }
        // The holder before us may have removed the file between our open and flock: then we
        // hold a lock on a file nobody else can see, and must start again.
        guard isCurrent(opened, path) else {
            close(opened)
            return false
        }
        taken.fd = opened
        return true
    }

    /// Removes the lock file and drops the lock; a second call does nothing.
    public func release() {
        guard fd >= 0 else { return }
        if let token { CleanupRegistry.shared.remove(token) }
        Self.unlock(path: path, fd: fd)
        fd = -1
    }

    deinit { release() }

    /// Unlinked while still locked, so a process waiting on this file finds it gone.
    private static func unlock(path: String, fd: Int32) {
        unlink(path)
        close(fd)
    }

    private static func isCurrent(_ fd: Int32, _ path: String) -> Bool {
        var open = stat(), named = stat()
        return fstat(fd, &open) == 0 && lstat(path, &named) == 0 && open.st_ino == named.st_ino && open.st_dev == named.st_dev
    }

    /// The pid written in a lock file, if it has one yet.
    private static func holder(_ fd: Int32) -> Int32? {
        var buffer = [UInt8](repeating: 0, count: 16)
        let n = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, 0) }
        guard n > 0 else { return nil }
        return Int32(String(decoding: buffer[..<n].filter { (48...57).contains($0) }, as: UTF8.self))
    }
}
