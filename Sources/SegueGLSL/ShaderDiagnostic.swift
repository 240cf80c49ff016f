import SegueCore

/// A note about a shader file at a line and column (1-based), for `file:line:col: level: text`.
public struct ShaderDiagnostic: Sendable, Hashable, Codable {
    public enum Level: String, Sendable, Codable { case error, warning }
    public var level: Level
    /// Short stable code (`no-default`, `reserved-name`, …) for tools and tests.
    public var code: String
    public var message: String
    public var line: Int
    public var column: Int
    public init(_ level: Level, _ code: String, _ message: String, line: Int, column: Int) {
        self.level = level; self.code = code; self.message = message; self.line = line; self.column = column
    }

    /// As an error placed in `file`: `file:line:col: level: message`.
    public func error(in file: String) -> SegueError {
        SegueError(.invalidInput, "\(level.rawValue): \(message)", path: file, line: line, column: column)
    }
}
