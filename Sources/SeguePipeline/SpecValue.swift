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
            else if let s = try? c.decode(String.self) { self = .string(s) }
            else { throw DecodingError.dataCorruptedError(in: c, debugDescription: "a number beyond ±1.8e308 (or not a JSON value)") }
        }
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
