/// Text from input (a job's name, a path, a header) made safe to print on a terminal: every
/// character that could move the cursor, change colours, end the line or reorder what follows
/// is written as an escape instead, so a one-line message stays one line and says what it says.
public enum TerminalText {
    /// C0 controls (ESC, CR, LF, BEL, …) and DEL as `\e`, `\r`, `\n`, `\t` or `\xHH`; C1 controls
    /// (U+0080–U+009F: 8-bit CSI and friends) and the bidirectional overrides and isolates
    /// (U+202A–U+202E, U+2066–U+2069) as `\u{HHHH}`. Everything else, non-ASCII letters and backslashes
    /// included, is kept as it is.
    public static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count + 8)
        for scalar in text.unicodeScalars {
            guard needsEscape(scalar) else { out.unicodeScalars.append(scalar); continue }
            switch scalar.value {
            case 0x1B: out += "\\e"
            case 0x0A: out += "\\n"
            case 0x0D: out += "\\r"
            case 0x09: out += "\\t"
            case 0..<0x80: out += "\\x" + hex(scalar.value, digits: 2)
            default: out += "\\u{" + hex(scalar.value, digits: 4) + "}"
            }
        }
        return out
    }

    /// `escaped` line by line: the line breaks of text with several lines are kept.
    public static func escapedLines(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { escaped(String($0)) }.joined(separator: "\n")
    }

    private static func needsEscape(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0..<0x20, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    private static func hex(_ value: UInt32, digits: Int) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}
