/// A JSON document read without Foundation (SegueCore has none): RFC 8259, strict, objects keep
/// their keys' order. Element maps are read with it (`ElementMap`); nesting is bounded so a
/// hostile file cannot exhaust the stack.
public enum JSONValue: Hashable, Sendable {
    case object([(key: String, value: JSONValue)])
    case array([JSONValue])
    case string(String)
    case number(Double)
    case bool(Bool)
    case null

    /// Deeper nesting is refused: element maps need three levels.
    public static let maxDepth = 64

    /// The whole text as one value; the error says at which byte reading stopped and why.
    public static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
        var reader = Reader(bytes: bytes)
        let value = try reader.value(depth: 0)
        reader.skipSpace()
        guard reader.at == bytes.count else { throw reader.error("text after the JSON value") }
        return value
    }

    /// The value's JSON type, for messages ("expected a number, got a string").
    public var typeName: String {
        switch self {
        case .object: "an object"
        case .array: "an array"
        case .string: "a string"
        case .number: "a number"
        case .bool: "a boolean"
        case .null: "null"
        }
    }

    public static func == (a: JSONValue, b: JSONValue) -> Bool {
        switch (a, b) {
        case (.object(let x), .object(let y)): x.count == y.count && zip(x, y).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        case (.array(let x), .array(let y)): x == y
        case (.string(let x), .string(let y)): x == y
        case (.number(let x), .number(let y)): x == y
        case (.bool(let x), .bool(let y)): x == y
        case (.null, .null): true
        default: false
        }
    }

    public func hash(into hasher: inout Hasher) {
        switch self {
        case .object(let members): for (k, v) in members { hasher.combine(k); hasher.combine(v) }
        case .array(let items): hasher.combine(items)
        case .string(let s): hasher.combine(s)
        case .number(let n): hasher.combine(n)
        case .bool(let b): hasher.combine(b)
        case .null: hasher.combine(0)
        }
    }
}

/// Where and why a JSON text could not be read.
public struct JSONSyntaxError: Error, Sendable {
    /// 1-based line and column of the byte reading stopped at.
    public var line: Int, column: Int
    public var reason: String
    public var description: String { "line \(line) column \(column): \(reason)" }
}

private struct Reader {
    let bytes: [UInt8]
    var at = 0

    func error(_ reason: String) -> JSONSyntaxError {
        var line = 1, column = 1
        for b in bytes[..<min(at, bytes.count)] {
            if b == UInt8(ascii: "\n") { line += 1; column = 1 } else if b & 0xC0 != 0x80 { column += 1 }
        }
        return JSONSyntaxError(line: line, column: column, reason: reason)
    }

    mutating func skipSpace() {
        while at < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[at]) { at += 1 }
    }

    mutating func value(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        guard depth < JSONValue.maxDepth else { throw error("nested deeper than \(JSONValue.maxDepth) levels") }
        skipSpace()
        guard at < bytes.count else { throw error("the text ends where a value should be") }
        switch bytes[at] {
        case UInt8(ascii: "{"):
            at += 1
            var members: [(key: String, value: JSONValue)] = []
            skipSpace()
            if at < bytes.count, bytes[at] == UInt8(ascii: "}") { at += 1; return .object(members) }
            while true {
                skipSpace()
                guard at < bytes.count, bytes[at] == UInt8(ascii: "\"") else { throw error("expected a key in double quotes") }
                let key = try string()
                skipSpace()
                guard at < bytes.count, bytes[at] == UInt8(ascii: ":") else { throw error("expected ':' after the key") }
                at += 1
                members.append((key, try value(depth: depth + 1)))
                skipSpace()
                guard at < bytes.count else { throw error("the object is not closed") }
                if bytes[at] == UInt8(ascii: ",") { at += 1; continue }
                if bytes[at] == UInt8(ascii: "}") { at += 1; return .object(members) }
                throw error("expected ',' or '}'")
            }
        case UInt8(ascii: "["):
            at += 1
            var items: [JSONValue] = []
            skipSpace()
            if at < bytes.count, bytes[at] == UInt8(ascii: "]") { at += 1; return .array(items) }
            while true {
                items.append(try value(depth: depth + 1))
                skipSpace()
                guard at < bytes.count else { throw error("the array is not closed") }
                if bytes[at] == UInt8(ascii: ",") { at += 1; continue }
                if bytes[at] == UInt8(ascii: "]") { at += 1; return .array(items) }
                throw error("expected ',' or ']'")
            }
        case UInt8(ascii: "\""):
            return .string(try string())
        case UInt8(ascii: "t"): try word("true"); return .bool(true)
        case UInt8(ascii: "f"): try word("false"); return .bool(false)
        case UInt8(ascii: "n"): try word("null"); return .null
        default:
            return .number(try number())
        }
    }

    mutating func word(_ w: String) throws(JSONSyntaxError) {
        let expected = Array(w.utf8)
        guard at + expected.count <= bytes.count, Array(bytes[at..<at + expected.count]) == expected else {
            throw error("unexpected character")
        }
        at += expected.count
    }

    mutating func number() throws(JSONSyntaxError) -> Double {
        let start = at
        func digits() -> Int {
            let s = at
            while at < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[at]) { at += 1 }
            return at - s
        }
        if at < bytes.count, bytes[at] == UInt8(ascii: "-") { at += 1 }
        guard digits() > 0 else { at = start; throw error("unexpected character") }
        if at < bytes.count, bytes[at] == UInt8(ascii: ".") {
            at += 1
            guard digits() > 0 else { throw error("expected digits after '.'") }
        }
        if at < bytes.count, bytes[at] | 0x20 == UInt8(ascii: "e") {
            at += 1
            if at < bytes.count, bytes[at] == UInt8(ascii: "+") || bytes[at] == UInt8(ascii: "-") { at += 1 }
            guard digits() > 0 else { throw error("expected digits in the exponent") }
        }
        guard let v = Double(String(decoding: bytes[start..<at], as: UTF8.self)), v.isFinite else {
            throw error("number out of range")
        }
        return v
    }

    mutating func string() throws(JSONSyntaxError) -> String {
        at += 1  // the opening quote
        var out: [UInt8] = []
        while at < bytes.count {
            let b = bytes[at]
            if b == UInt8(ascii: "\"") {
                at += 1
                guard let text = String(validating: out, as: UTF8.self) else { throw error("the string is not UTF-8") }
                return text
            }
            if b < 0x20 { throw error("a control character in a string") }
            if b != UInt8(ascii: "\\") { out.append(b); at += 1; continue }
            at += 1
            guard at < bytes.count else { break }
            let e = bytes[at]
            at += 1
            switch e {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(e)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                var code = try hex4()
                if (0xD800..<0xDC00).contains(code) {
                    guard at + 1 < bytes.count, bytes[at] == UInt8(ascii: "\\"), bytes[at + 1] == UInt8(ascii: "u") else {
                        throw error("a lone surrogate in a string")
                    }
                    at += 2
                    let low = try hex4()
                    guard (0xDC00..<0xE000).contains(low) else { throw error("a lone surrogate in a string") }
                    code = 0x10000 + (code - 0xD800) << 10 + (low - 0xDC00)
                }
                guard let scalar = Unicode.Scalar(code) else { throw error("a lone surrogate in a string") }
                out.append(contentsOf: Array(String(Character(scalar)).utf8))
            default:
                throw error("unknown escape '\\\(Character(Unicode.Scalar(e)))'")
            }
        }
        throw error("the string is not closed")
    }

    mutating func hex4() throws(JSONSyntaxError) -> UInt32 {
        guard at + 4 <= bytes.count else { throw error("expected four hex digits after \\u") }
        var v: UInt32 = 0
        for b in bytes[at..<at + 4] {
            guard let d = Character(Unicode.Scalar(b)).hexDigitValue else { throw error("expected four hex digits after \\u") }
            v = v << 4 | UInt32(d)
        }
        at += 4
        return v
    }
}
