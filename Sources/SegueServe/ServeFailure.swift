import Foundation
import SegueCore
import SeguePipeline

/// Why a request got no answer it asked for, with the HTTP status it maps to. The body is
/// always `{"error": {"code", "message", "file", "line", "column"}}` from the `SegueError`
/// behind it, so the page shows one line (`ripple.glsl:12:5: …`) whatever went wrong.
public enum ServeFailure: Error, Sendable {
    /// A Segue error; the status follows its kind (`status`).
    case segue(SegueError)
    /// A path that could reach outside the served folders: 403.
    case forbidden(SegueError)
    /// No such effect, file or route: 404.
    case notFound(SegueError)
    /// A newer frame request of the same client replaced this one before it started: 409.
    case superseded(client: String)

    public var error: SegueError {
        switch self {
        case .segue(let e), .forbidden(let e), .notFound(let e): e
        case .superseded(let client): .usage("superseded by a newer request of client \(client)")
        }
    }

    /// usage → 400; invalid-input → 422 when it is about a file (a shader that does not
    /// compile, an unreadable image), else 400; missing-input → 404; GL or ffmpeg missing → 503.
    public var status: Int {
        switch self {
        case .forbidden: return 403
        case .notFound: return 404
        case .superseded: return 409
        case .segue(let e):
            switch e.kind {
            case .usage: return 400
            case .invalidInput: return e.path != nil ? 422 : 400
            case .missingInput: return 404
            case .glUnavailable, .ffmpegMissing: return 503
            case .internalError, .io: return 500
            }
        }
    }

    public var code: String {
        switch self {
        case .superseded: "superseded"
        default: error.code
        }
    }

    struct Body: Encodable {
        struct Detail: Encodable {
            var code: String
            var message: String
            var file: String?
            var line: Int?
            var column: Int?
        }
        var error: Detail
    }

    /// The JSON body.
    public var json: Data {
        let e = error
        return SegueJSON.data(Body(error: .init(code: code, message: e.message, file: e.path, line: e.line, column: e.column)))
    }

    /// The same failure with file paths told by their served names (`ripple.glsl`), so the
    /// page never learns where the folders are and `file` matches `/api/files`.
    func naming(_ rename: (String) -> String) -> ServeFailure {
        func renamed(_ e: SegueError) -> SegueError {
            var copy = e
            copy.path = e.path.map(rename)
            copy.detail = e.detail
            copy.related = e.related.map(renamed)
            return copy
        }
        switch self {
        case .segue(let e): return .segue(renamed(e))
        case .forbidden(let e): return .forbidden(renamed(e))
        case .notFound(let e): return .notFound(renamed(e))
        case .superseded: return self
        }
    }
}
