import Glibc
import SegueCore

/// What an output path (`-o`) leads to, decided before anything is written: Segue replaces
/// only regular files, and never what a path merely points through.
public enum OutputDestination: Equatable, Sendable {
    /// `-`.
    case standardOutput
    /// A regular file, or nothing yet: written as an `AtomicFile` at `path`, which is the given
    /// path with symbolic links followed. A link is never replaced: its target is.
    case file(path: String)
    /// A device, FIFO or socket (`kind` says which, for messages): opened for writing as it is
    /// and streamed into. It is never truncated, renamed over or removed.
    case special(path: String, kind: String)

    /// Links followed at most (as the kernel's own `ELOOP` limit).
    static let maxLinks = 40

    /// Follows symbolic links (each relative target read from its link's folder). A folder →
    /// `.io` "is a directory"; a loop → `.io` "too many levels of symbolic links".
    public init(_ path: String) throws(SegueError) {
        if path == "-" { self = .standardOutput; return }
        var current = path
        for _ in 0...Self.maxLinks {
            var info = stat()
            guard lstat(current, &info) == 0 else {
                // Nothing there yet (or a dangling link's target): a new file at `current`.
                if errno == ENOENT { self = .file(path: current); return }
                throw .system(path: path)
            }
            switch info.st_mode & S_IFMT {
            case S_IFREG: self = .file(path: current); return
            case S_IFDIR: throw .system(path: path, code: EISDIR)
            case S_IFLNK: current = Self.target(ofLink: current)
            default: self = .special(path: current, kind: InputFile.specialKind(mode: info.st_mode) ?? "a special file"); return
            }
        }
        throw .system(path: path, code: ELOOP)
    }

    /// Where the link at `link` points, as a path usable from here.
    static func target(ofLink link: String) -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let n = buffer.withUnsafeMutableBufferPointer { b -> Int in
            guard let base = b.baseAddress else { return -1 }
            return readlink(link, base, b.count - 1)
        }
        let target = String(decoding: buffer[..<max(0, n)].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        if target.hasPrefix("/") { return target }
        let dir = parentDirectory(of: link)
        return dir.isEmpty ? target : (dir == "/" ? "/" : dir + "/") + target
    }

    /// Whether the path names a device, FIFO or socket (after links).
    public var isSpecial: Bool { if case .special = self { true } else { false } }
}
