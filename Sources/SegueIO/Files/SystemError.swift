import Glibc
import SegueCore

/// The C library's text for a system error number (`strerror`).
func errnoText(_ code: Int32 = errno) -> String { String(cString: strerror(code)) }

extension SegueError {
    /// A failed system call on `path`, read as `path: <strerror>` and carrying `code` so callers
    /// can tell a full disk or a closed pipe from other failures without reading the text.
    static func system(_ kind: Kind = .io, path: String, code: Int32 = Glibc.errno) -> SegueError {
        SegueError(kind, errnoText(code), path: path, errno: code)
    }
}
