/// Every failure Segue reports: one line for stderr and a distinct exit code (sysexits.h).
public struct SegueError: Error, Sendable, CustomStringConvertible, Equatable {
    public enum Kind: Int32, Sendable {
        /// Bad command line (64, EX_USAGE).
        case usage = 64
        /// Bad input data: an image, a parameter, a spec, a shader (65, EX_DATAERR).
        case invalidInput = 65
        /// An input file does not exist or cannot be opened (66, EX_NOINPUT).
        case missingInput = 66
        /// `--backend gl` was asked for and EGL/GLES cannot start (69, EX_UNAVAILABLE).
        case glUnavailable = 69
        /// Internal invariant broken (70, EX_SOFTWARE).
        case internalError = 70
        /// Output could not be written (74, EX_IOERR).
        case io = 74
    }
    public var kind: Kind
    public var message: String
    public init(_ kind: Kind, _ message: String) { self.kind = kind; self.message = message }
    public var exitCode: Int32 { kind.rawValue }
    public var description: String { message }

    public static func usage(_ m: String) -> SegueError { SegueError(.usage, m) }
    public static func invalidInput(_ m: String) -> SegueError { SegueError(.invalidInput, m) }
    public static func missingInput(_ m: String) -> SegueError { SegueError(.missingInput, m) }
    public static func glUnavailable(_ m: String) -> SegueError { SegueError(.glUnavailable, m) }
    public static func io(_ m: String) -> SegueError { SegueError(.io, m) }
}
