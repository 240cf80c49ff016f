import SegueCore

/// A GLSL compiler's log, read back against the author's file.
public enum CompilerLog {
    /// The log as one error of `kind`: each line placed in the author's file at
    /// `path:line:col` (Mesa `0:12(5): error: …`; NVIDIA `0(12) : error …`, no column), errors
    /// first, the rest as `related`; lines without a place are kept as they are. Mesa counts
    /// columns from 1 in its preprocessor's output, where every run of blanks is one space, so
    /// the column is mapped back through the file's own line.
    public static func error(_ log: String, kind: SegueError.Kind, path: String, source: String) -> SegueError {
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
        let problems = log.split(whereSeparator: \.isNewline).map { raw -> SegueError in
            let line = String(raw)
            let digits = line.drop { $0 == " " }
            // Mesa: "0:LINE(COL): rest"
            if let colon = digits.firstIndex(of: ":"), digits[..<colon].allSatisfy(\.isNumber) {
                let after = digits[digits.index(after: colon)...]
                if let open = after.firstIndex(of: "("), let close = after.firstIndex(of: ")"), open < close,
                   let lineNumber = Int(after[..<open]), let column = Int(after[after.index(after: open)..<close]) {
                    let rest = after[after.index(after: close)...].drop { $0 == ":" || $0 == " " }
                    let text = lineNumber >= 1 && lineNumber <= lines.count ? lines[lineNumber - 1] : ""
                    return SegueError(kind, String(rest), path: path, line: lineNumber, column: fileColumn(text, collapsed: column))
                }
            }
            // NVIDIA: "0(LINE) : rest"
            if let open = digits.firstIndex(of: "("), let close = digits.firstIndex(of: ")"), open < close,
               digits[..<open].allSatisfy(\.isNumber), let lineNumber = Int(digits[digits.index(after: open)..<close]) {
                let rest = digits[digits.index(after: close)...].drop { $0 == ":" || $0 == " " }
                return SegueError(kind, String(rest), path: path, line: lineNumber)
            }
            return SegueError(kind, line)
        }
        // Errors first: the first line is what one-line reports show.
        let isError = { (problem: SegueError) in problem.placedDetail.contains(": error:") }
        let ordered = problems.filter(isError) + problems.filter { !isError($0) }
        guard var first = ordered.first else { return SegueError(kind, log, path: path) }
        first.related = Array(ordered.dropFirst())
        return first
    }

    /// The 1-based column in `line` of the character at `collapsed` once blank runs are one space.
    static func fileColumn(_ line: Substring, collapsed: Int) -> Int {
        var count = 0, previousBlank = false
        for (i, c) in line.utf8.enumerated() {
            let blank = c == 32 || c == 9 || c == 13
            if blank && previousBlank { continue }
            previousBlank = blank
            count += 1
            if count == collapsed { return i + 1 }
        }
        return collapsed
    }
}
