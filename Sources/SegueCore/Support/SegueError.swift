/// Every failure Segue reports, from any module (renderers included): a kind with a stable
/// code and exit status, what went wrong, and where (a file, and a line and column in it).
/// `message` is the one line a user reads on stderr.
public struct SegueError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What sort of failure: its `code` is stable for scripts and tools (JSON output, tests);
    /// its `exitCode` follows sysexits.h.
    public enum Kind: String, Sendable, CaseIterable, Codable {
        /// Bad command line (64, EX_USAGE).
        case usage = "usage"
        /// Bad input data: an image, a parameter, a spec, a shader (65, EX_DATAERR).
        case invalidInput = "invalid-input"
        /// An input file does not exist or cannot be opened (66, EX_NOINPUT).
        case missingInput = "missing-input"
        /// `--backend gl` was asked for and EGL/GLES cannot start (69, EX_UNAVAILABLE).
        case glUnavailable = "gl-unavailable"
        /// A video format needs the `ffmpeg` program and it is not on PATH (69, EX_UNAVAILABLE).
        case ffmpegMissing = "ffmpeg-missing"
        /// Internal invariant broken (70, EX_SOFTWARE).
        case internalError = "internal"
        /// Output could not be written (74, EX_IOERR).
        case io = "io"

        /// The process exit status for this kind.
        public var exitCode: Int32 {
            switch self {
            case .usage: 64
            case .invalidInput: 65
            case .missingInput: 66
            case .glUnavailable, .ffmpegMissing: 69
            case .internalError: 70
            case .io: 74
            }
        }

        /// The stable identifier, e.g. `invalid-input`.
        public var code: String { rawValue }
    }

    public var kind: Kind
    /// What went wrong, without the place (`message` adds it).
    public var detail: String
    /// The file (or stream, such as `stdout`) the error is about.
    public var path: String?
    /// 1-based line and byte column in `path`.
    public var line: Int?
    public var column: Int?
    /// The system error number behind an I/O failure (`ENOSPC`, `EPIPE`, …).
    public var errno: Int32?
    /// Further problems reported with this one, such as the other lines of a compiler's log.
    public var related: [SegueError]

    public init(_ kind: Kind, _ detail: String, path: String? = nil, line: Int? = nil, column: Int? = nil,
                errno: Int32? = nil, related: [SegueError] = []) {
        self.kind = kind
        self.detail = detail
        self.path = path
        self.line = line
        self.column = column
        self.errno = errno
        self.related = related
    }

    /// `path:line:column: detail` (the parts that are known), then the related problems,
    /// all on one line separated by ` | `.
    public var message: String { ([self] + related).map(\.placedDetail).joined(separator: " | ") }

    /// This problem alone, with its place.
    public var placedDetail: String {
        guard let path else { return detail }
        let place = [line, line == nil ? nil : column].compactMap { $0 }.map { ":\($0)" }.joined()
        return "\(path)\(place): \(detail)"
    }

    /// Equal when a user would see the same failure: the same kind and the same one line
    /// (however it was put together from path, line and detail).
    public static func == (a: SegueError, b: SegueError) -> Bool { a.kind == b.kind && a.message == b.message }

    public var code: String { kind.code }
    public var exitCode: Int32 { kind.exitCode }
    public var description: String { message }

    public static func usage(_ m: String) -> SegueError { SegueError(.usage, m) }
    public static func invalidInput(_ m: String) -> SegueError { SegueError(.invalidInput, m) }
    public static func missingInput(_ m: String) -> SegueError { SegueError(.missingInput, m) }
    public static func glUnavailable(_ m: String) -> SegueError { SegueError(.glUnavailable, m) }
    public static func io(_ m: String) -> SegueError { SegueError(.io, m) }
}
