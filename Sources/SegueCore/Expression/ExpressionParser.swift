/// Parses ffmpeg's expression language as eval.c does (FFmpeg 5.1 `libavutil/eval.c`): white
/// space is dropped everywhere first (so `1 2` is 12), then
///
///     expr    = sub { ";" sub }            sub    = term { ("+" | "-") term }
///     term    = factor { ("*" | "/") factor }
///     factor  = signed { "^" signed }       signed = [ "+" | "-" ] primary
///     primary = number | name | name "(" expr [ "," expr [ "," expr ] ] ")" | "(" expr ")"
///
/// with eval.c's quirks kept: binary minus is the next term's sign; the sign of `-a^b` applies
/// to the power; a number is C's `strtod` with SI suffixes (`k`, `Ki`, `M`, …, `dB`, `B`).
/// Errors are one line with the column in the text as written. Bounds keep a hostile text
/// cheap: its length, nesting (eval.c's own 100), the tree's height and node count.
public struct ExpressionParser {
    /// Most bytes of expression text (`Limits.expressionBytes`).
    public static let maxBytes = Limits.expressionBytes
    /// Deepest nesting of parentheses and arguments: eval.c refuses past 100.
    public static let maxNesting = 100
    /// Tallest tree (a chain of 256 additions is 256 high): the compilers walk it recursively.
    public static let maxHeight = Limits.expressionHeight
    /// Most nodes in one expression.
    public static let maxNodes = Limits.expressionNodes

    private let text: [UInt8]
    /// The column (1-based, in bytes of the original) of each byte of `text`.
    private let columns: [Int]
    private var i = 0
    private var nesting = 0
    private var nodes = 0

    /// Parses `source`; throws `.invalidInput` naming the column of the problem.
    public static func parse(_ source: String) throws(SegueError) -> ExpressionNode {
        var parser = try ExpressionParser(source)
        let (node, _) = try parser.expression()
        guard parser.i == parser.text.count else {
            throw parser.error("unexpected '\(parser.rest)'")
        }
        return node
    }

    private init(_ source: String) throws(SegueError) {
        let bytes = Array(source.utf8)
        guard bytes.count <= Self.maxBytes else {
            throw SegueError(.invalidInput, "expression too long (\(bytes.count) bytes, at most \(Self.maxBytes))")
        }
        var text: [UInt8] = [], columns: [Int] = []
        for (index, byte) in bytes.enumerated() where !Self.isSpace(byte) {
            text.append(byte)
            columns.append(index + 1)
        }
        guard !text.isEmpty else { throw SegueError(.invalidInput, "expression is empty") }
        self.text = text
        self.columns = columns
    }

    private static func isSpace(_ c: UInt8) -> Bool { c == 0x20 || (0x09...0x0D).contains(c) }
    private static func isIdentifier(_ c: UInt8) -> Bool {
        (0x30...0x39).contains(c) || (0x41...0x5A).contains(c) || (0x61...0x7A).contains(c) || c == 0x5F
    }

    private var current: UInt8? { i < text.count ? text[i] : nil }
    private var rest: String { String(decoding: text[i...].prefix(24), as: UTF8.self) }

    private func error(_ what: String, at position: Int? = nil) -> SegueError {
        let p = position ?? i
        let column = p < columns.count ? columns[p] : (columns.last ?? 0) + 1
        return SegueError(.invalidInput, "expression column \(column): \(what)")
    }

    /// A node built here, counted and height-checked as it is made (no recursion over the tree).
    private mutating func made(_ node: ExpressionNode, height: Int) throws(SegueError) -> (ExpressionNode, Int) {
        nodes += 1
        guard nodes <= Self.maxNodes else { throw error("more than \(Self.maxNodes) operations") }
        guard height <= Self.maxHeight else { throw error("nested more than \(Self.maxHeight) operations deep") }
        return (node, height)
    }

    private mutating func expression() throws(SegueError) -> (ExpressionNode, Int) {
        nesting += 1
        defer { nesting -= 1 }
        guard nesting <= Self.maxNesting else { throw error("nested more than \(Self.maxNesting) levels deep") }
        var (left, height) = try sum()
        while current == UInt8(ascii: ";") {
            i += 1
            let (right, h) = try sum()
            (left, height) = try made(.call(.sequence, [left, right], sign: 1), height: max(height, h) + 1)
        }
        return (left, height)
    }

    private mutating func sum() throws(SegueError) -> (ExpressionNode, Int) {
        var (left, height) = try term()
        // The sign stays for the next term: eval.c reads `a-b` as `a + (-b)`.
        while current == UInt8(ascii: "+") || current == UInt8(ascii: "-") {
            let (right, h) = try term()
            (left, height) = try made(.call(.add, [left, right], sign: 1), height: max(height, h) + 1)
        }
        return (left, height)
    }

    private mutating func term() throws(SegueError) -> (ExpressionNode, Int) {
        var (left, height) = try factor()
        while let c = current, c == UInt8(ascii: "*") || c == UInt8(ascii: "/") {
            i += 1
            let (right, h) = try factor()
            (left, height) = try made(.call(c == UInt8(ascii: "*") ? .mul : .div, [left, right], sign: 1), height: max(height, h) + 1)
        }
        return (left, height)
    }

    private mutating func factor() throws(SegueError) -> (ExpressionNode, Int) {
        let (sign, first) = try signed()
        var (left, height) = first
        while current == UInt8(ascii: "^") {
            i += 1
            let (exponentSign, (exponent, h)) = try signed()
            (left, height) = try made(.call(.pow, [left, exponent.signed(exponentSign)], sign: 1), height: max(height, h) + 1)
        }
        return (left.signed(sign), height)
    }

    private mutating func signed() throws(SegueError) -> (Double, (ExpressionNode, Int)) {
        // `-3dB` is the number -3 dB (eval.c's parse_dB), not -(3 dB).
        if current == UInt8(ascii: "-"), let (_, end) = ExpressionNumber.scan(text, from: i), end + 1 < text.count,
           text[end] == UInt8(ascii: "d"), text[end + 1] == UInt8(ascii: "B") {
            return (1, try primary())
        }
        var sign = 1.0
        if current == UInt8(ascii: "+") { i += 1 } else if current == UInt8(ascii: "-") { sign = -1; i += 1 }
        return (sign, try primary())
    }

    private mutating func primary() throws(SegueError) -> (ExpressionNode, Int) {
        let start = i
        if let (value, end) = ExpressionNumber.scan(text, from: i) {
            i = end
            return try made(.number(value), height: 1)
        }
        if current == UInt8(ascii: "(") {
            i += 1
            let inner = try expression()
            guard current == UInt8(ascii: ")") else { throw error(current == nil ? "missing ')' for the '(' at column \(columns[start])" : "expected ')', found '\(rest)'") }
            i += 1
            return inner
        }
        var end = i
        while end < text.count, Self.isIdentifier(text[end]) { end += 1 }
        guard end > i else { throw error(current == nil ? "expression ends where a value was expected" : "expected a value, found '\(rest)'") }
        let name = String(decoding: text[i..<end], as: UTF8.self)
        if let variable = ExpressionVariable(rawValue: name) {
            i = end
            return try made(.variable(variable, sign: 1), height: 1)
        }
        if let constant = Self.constants[name] {
            i = end
            return try made(.number(constant), height: 1)
        }
        guard end < text.count, text[end] == UInt8(ascii: "(") else {
            throw error("unknown name '\(name)' (the variables are X, Y, W, H, A, B, PLANE and P)")
        }
        if name == "time" { throw error("time() reads the clock, and Segue's frames do not depend on when they are drawn; use P") }
        guard let function = ExpressionFunction.callable.first(where: { $0.rawValue == name }) else {
            throw error("unknown function '\(name)'")
        }
        i = end + 1
        var arguments: [ExpressionNode] = []
        var height = 0
        while true {
            let (argument, h) = try expression()
            arguments.append(argument)
            height = max(height, h)
            if current == UInt8(ascii: ","), arguments.count < 3 { i += 1; continue }
            break
        }
        guard current == UInt8(ascii: ")") else {
            throw error(current == nil ? "missing ')' after the arguments of \(name)" : "expected ')' after the arguments of \(name), found '\(rest)'")
        }
        i += 1
        guard function.arity.contains(arguments.count) else {
            let wanted = function.arity.lowerBound == function.arity.upperBound ? "\(function.arity.lowerBound)"
                : "\(function.arity.lowerBound) to \(function.arity.upperBound)"
            throw error("\(name) takes \(wanted) argument\(function.arity.upperBound == 1 ? "" : "s"), not \(arguments.count)", at: start)
        }
        return try made(.call(function, arguments, sign: 1), height: height + 1)
    }

    /// eval.c's named constants.
    static let constants: [String: Double] = [
        "E": 2.7182818284590452354, "PI": 3.14159265358979323846, "PHI": 1.61803398874989484820, "QP2LAMBDA": 118,
    ]
}
