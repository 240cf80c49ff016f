import Glibc
import SegueCore

/// Where a path leads on disk once every symbolic link is followed: what two paths must agree on
/// to be the same file, whatever links, `..` or hard links lie between them.
struct FileLocation {
    /// Device and inode of an existing file or folder.
    struct Identity: Hashable {
        var device: UInt64
        var inode: UInt64
    }

    /// The path with every link resolved (`realpath` of the part that exists, the rest appended
    /// as given), absolute; for a file not yet created, where it will be.
    let canonicalPath: String
    /// What is at `canonicalPath` now; nil when nothing is there yet.
    let identity: Identity?

    init(_ path: String) {
        canonicalPath = Self.canonical(path)
        identity = Self.identity(of: canonicalPath)
    }

    /// `path`'s identity, links followed; nil when nothing is there.
    static func identity(of path: String) -> Identity? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return Identity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
    }

    /// Whether a character device is there (`/dev/null`): it keeps nothing, so it is nobody's file.
    var isCharacterDevice: Bool {
        var info = stat()
        return stat(canonicalPath, &info) == 0 && (info.st_mode & S_IFMT) == S_IFCHR
    }

    /// The identities of `canonicalPath`'s folders, innermost first, up to `/`: the places a
    /// file sits inside.
    var enclosingFolders: [Identity] {
        var folders: [Identity] = []
        var current = canonicalPath
        while current != "/" && !current.isEmpty {
            current = parentDirectory(of: current)
            if let id = Self.identity(of: current.isEmpty ? "/" : current) { folders.append(id) }
        }
        return folders
    }

    /// Whether `self` is `folder` or lies inside it (by identity where both exist, else by
    /// resolved path).
    func isInside(_ folder: FileLocation) -> Bool {
        if let mine = identity, let theirs = folder.identity {
            return mine == theirs || enclosingFolders.contains(theirs)
        }
        return canonicalPath == folder.canonicalPath || canonicalPath.hasPrefix(folder.canonicalPath == "/" ? "/" : folder.canonicalPath + "/")
    }

    /// Whether the two are one file: the same identity, or, where either does not exist yet,
    /// the same resolved path.
    func isSameFile(as other: FileLocation) -> Bool {
        if let mine = identity, let theirs = other.identity { return mine == theirs }
        return canonicalPath == other.canonicalPath
    }

    /// `realpath` of the longest prefix that exists, the rest appended; a final component that
    /// is a link (even a dangling one) is followed as `OutputDestination` follows it, so a new
    /// file written through a link lands where the link points.
    private static func canonical(_ path: String, depth: Int = 0) -> String {
        let absolute = path.hasPrefix("/") ? path : currentDirectory() + "/" + path
        if let resolved = realPath(absolute) { return resolved }
        guard depth < OutputDestination.maxLinks else { return absolute }
        var info = stat()
        if lstat(absolute, &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK {
            return canonical(OutputDestination.target(ofLink: absolute), depth: depth + 1)
        }
        let parent = parentDirectory(of: absolute)
        let name = fileName(of: absolute)
        guard !parent.isEmpty, parent != absolute else { return absolute }
        let folder = canonical(parent, depth: depth + 1)
        switch name {
        case "", ".": return folder
        case "..": return parentDirectory(of: folder).isEmpty ? "/" : parentDirectory(of: folder)
        default: return (folder == "/" ? "" : folder) + "/" + name
        }
    }

    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    private static func currentDirectory() -> String {
        guard let cwd = getcwd(nil, 0) else { return "." }
        defer { free(cwd) }
        return String(cString: cwd)
    }
}
