import Glibc
import SegueCore

/// `a/b/c.png` → `a/b`; `c.png` → ``; `/c` → `/`. (Foundation's `deletingLastPathComponent`
/// traps on one-character relative paths such as `a` in this toolchain.)
public func parentDirectory(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "" }
    return slash == path.startIndex ? "/" : String(path[..<slash])
}

/// `a/b/c.png` → `c.png`.
func fileName(of path: String) -> String {
    path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
}

/// `mkdir -p`; a failure reads `<path>: <strerror>` for the directory asked for.
func makeDirectories(_ path: String) throws(SegueError) {
    let code = createDirectories(path)
    if code != 0 { throw .system(path: path, code: code) }
}

/// Creates `path` and missing parents; returns 0 or the errno of the first failure.
private func createDirectories(_ path: String) -> Int32 {
    var info = stat()
    if stat(path, &info) == 0 { return (info.st_mode & S_IFMT) == S_IFDIR ? 0 : ENOTDIR }
    let parent = parentDirectory(of: path)
    if !parent.isEmpty, parent != path {
        let code = createDirectories(parent)
        if code != 0 { return code }
    }
    return mkdir(path, 0o755) == 0 || errno == EEXIST ? 0 : errno
}
