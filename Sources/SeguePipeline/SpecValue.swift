import Foundation
import SegueCore

/// A JSON value as a spec file holds it (decoded with JSON5 allowed: comments, trailing
/// commas, unquoted keys, single quotes, hex numbers).
enum SpecValue: Decodable {
    case string(String), number(Double), bool(Bool), array([SpecValue]), object([String: SpecValue]), null

    /// Arrays and objects decode their members with errors passed on, so a bad value deep in
    /// the file is reported at its own place (`jobs[2].fps`), not as a mismatch of its parent.
    init(from decoder: any Decoder) throws {
        if var items = try? decoder.unkeyedContainer() {
            var array: [SpecValue] = []
            while !items.isAtEnd { array.append(try items.decode(SpecValue.self)) }
            self = .array(array)
        } else if let members = try? decoder.container(keyedBy: Key.self) {
            var object: [String: SpecValue] = [:]
            for key in members.allKeys { object[key.stringValue] = try members.decode(SpecValue.self, forKey: key) }
            self = .object(object)
        } else {
            let c = try decoder.singleValueContainer()
            if c.decodeNil() { self = .null }
            else if let b = try? c.decode(Bool.self) { self = .bool(b) }
            else if let n = try? c.decode(Double.self) { self = .number(n) }
            else {
                do { self = .string(try c.decode(String.self)) } catch DecodingError.typeMismatch {
                    throw DecodingError.dataCorruptedError(in: c, debugDescription: "a number beyond ±1.8e308 (or not a JSON value)")
                } catch {
                    throw DecodingError.dataCorruptedError(in: c, debugDescription: Self.stringProblem(error))
                }
            }
        }
    }

    /// What is wrong with a string the reader could not decode, in words, with its place in
    /// the file. Foundation's reader says it only in the names of its error cases.
    static func stringProblem(_ error: any Error) -> String {
        let said = "\(error)"
        let what = if said.contains("Surrogate") {
            "a \\u escape of half a UTF-16 surrogate pair (\\uD800–\\uDFFF must come as a high and a low escape together)"
        } else if said.contains("EscapedNull") {
            "\\u0000: a NUL character, which a spec string cannot hold"
        } else if said.contains("EscapedCharacter") {
            "an unknown escape (expected \\\" \\\\ \\/ \\b \\f \\n \\r \\t or \\uXXXX)"
        } else if said.contains("HexDigit") {
            "a \\u escape without four hex digits"
        } else {
            "a string that cannot be read"
        }
        let place = said.firstMatch(of: /line: (\d+), column: (\d+)/).map { " at line \($0.1), column \($0.2)" } ?? ""
        return what + place
    }

    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    var typeName: String {
        switch self {
        case .string: "a string"
        case .number: "a number"
        case .bool: "a boolean"
        case .array: "an array"
        case .object: "an object"
        case .null: "null"
        }
    }

    /// How a parameter value reaches the effect: as the CLI's `--param name=value` text.
    var parameterText: String? {
        switch self {
        case .string(let s): s
        case .number(let n): n == n.rounded() && abs(n) < 1e15 ? String(Int(n)) : String(n)
        case .bool(let b): b ? "true" : "false"
        case .array(let items):
            items.map(\.parameterText).contains(nil) ? nil : items.compactMap(\.parameterText).joined(separator: ",")
        case .object, .null: nil
        }
    }

    /// Reads a whole spec file's text; a syntax error names `file` and the reader's detail.
    static func parse(_ data: Data, file: String) throws(SegueError) -> SpecValue {
        // Checked first: Foundation's JSON5 reader traps on some invalid UTF-8 in unquoted keys
        // (found by `make fuzz`).
        guard String(validating: data, as: UTF8.self) != nil else { throw .invalidInput("\(file): not UTF-8 text") }
        let decoder = JSONDecoder()
        decoder.allowsJSON5 = true
        do { return try decoder.decode(SpecValue.self, from: data) } catch {
            throw .invalidInput("\(file): not valid JSON or JSON5 (\(syntaxDetail(error)))")
        }
    }

    /// The reader's own words for a syntax error, or `jobs[2].fps: <problem>` for a value.
    private static func syntaxDetail(_ error: any Error) -> String {
        guard case DecodingError.dataCorrupted(let c) = error else { return "unreadable" }
        if let underlying = c.underlyingError as NSError?, let d = underlying.userInfo[NSDebugDescriptionErrorKey] as? String { return d }
        let place = c.codingPath.reduce("") { path, key in
            key.intValue.map { "\(path)[\($0)]" } ?? (path.isEmpty ? key.stringValue : "\(path).\(key.stringValue)")
        }
        return place.isEmpty ? c.debugDescription : "\(place): \(c.debugDescription)"
    }
}
