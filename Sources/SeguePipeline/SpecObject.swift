import Foundation
import SegueCore

/// One object of a spec file with the place it sits at (`seq.json5: clip 2`), the keys it may
/// have and their types: reads members and words every error the same way,
/// `<context>: key "<key>": <problem>`.
struct SpecObject {
    let members: [String: SpecValue]
    let context: String
    /// Known keys and the type each wants.
    let keys: [String: SpecType]
    /// Relative paths resolve against this folder (the spec file's).
    let base: String

    init(_ members: [String: SpecValue], context: String, keys: [String: SpecType], base: String) {
        self.members = members
        self.context = context
        self.keys = keys
        self.base = base
    }

    /// The keys of `options` (`RequestOptions`) with their types, and `own` keys of the
    /// object's own.
    static func keys(_ options: [RequestOption], own: [String: SpecType] = [:]) -> [String: SpecType] {
        own.merging(options.map { ($0.specKey, $0.specType) }) { mine, _ in mine }
    }

    /// No unknown key; every value of the type its key wants.
    func checkKeys() throws(SegueError) {
        for key in members.keys.sorted() where keys[key] == nil {
            throw .invalidInput("\(context): unknown key \"\(key)\" (known: \(keys.keys.sorted().joined(separator: ", ")))")
        }
        for (key, value) in members.sorted(by: { $0.key < $1.key }) {
            guard let want = keys[key], want.accepts(value) else {
                throw bad(key, "expected \(keys[key]?.phrase ?? "nothing"), got \(value.typeName)")
            }
        }
    }

    /// Reads the members that are request options into `request`, each through its row of
    /// `RequestOptions` (paths resolved against the spec's folder, `params` as `name=value`
    /// pairs): what is wrong with a value is invalid input naming the key, in the words the
    /// command line uses for the same mistake.
    func read(_ options: [RequestOption], into request: inout JobRequest) throws(SegueError) {
        for row in options {
            guard let member = members[row.specKey] else { continue }
            let values: [OptionValue]
            switch member {
            case .string(let text): values = [.text(row.specType == .path ? resolve(text) : text)]
            case .number(let n): values = [.number(n)]
            case .object: values = try parameters(row.specKey).map { .text("\($0.0)=\($0.1)") }
            default: continue  // `checkKeys` refused it
            }
            for value in values {
                do throws(OptionProblem) { try row.read(value, into: &request) } catch { throw bad(row.specKey, error.detail) }
            }
        }
    }

    /// A member that must itself be an object, checked against `keys`.
    func member(_ value: SpecValue, named name: String, keys: [String: SpecType]) throws(SegueError) -> SpecObject {
        guard case .object(let o) = value else { throw .invalidInput("\(context): \(name): expected an object, got \(value.typeName)") }
        let object = SpecObject(o, context: "\(context): \(name)", keys: keys, base: base)
        try object.checkKeys()
        return object
    }

    func string(_ key: String) -> String? { if case .string(let s)? = members[key] { return s }; return nil }
    func number(_ key: String) -> Double? { if case .number(let n)? = members[key] { return n }; return nil }

    /// A time in seconds: finite, ≥ 0, within `Limits.duration`.
    func seconds(_ key: String) throws(SegueError) -> Double? {
        guard let n = number(key) else { return nil }
        guard n.isFinite, n >= 0, n <= Limits.duration.range.upperBound else {
            throw bad(key, "\(readable(n)): expected seconds in 0…\(readable(Limits.duration.range.upperBound))")
        }
        return n
    }

    /// A path member, resolved against the spec's folder (`~` expanded).
    func path(_ key: String) -> String? { string(key).map(resolve) }

    func resolve(_ p: String) -> String {
        let expanded = (p as NSString).expandingTildeInPath
        return expanded.hasPrefix("/") ? expanded : URL(fileURLWithPath: base).appendingPathComponent(expanded).standardizedFileURL.path
    }

    /// A file the spec reads can be read: missing input (66) otherwise, saying what is there
    /// instead (no such file, a folder, a FIFO, a loop of links, no permission).
    func checkExists(_ key: String, _ path: String) throws(SegueError) {
        do throws(SegueError) { _ = try InputFile.prefix(path, count: 0) } catch {
            throw SegueError(error.kind, "\(context): key \"\(key)\": \(error.message)")
        }
    }

    /// `params: {name: value}` as `--param name=value` pairs, sorted by name.
    func parameters(_ key: String) throws(SegueError) -> [(String, String)] {
        guard case .object(let params)? = members[key] else { return [] }
        return try params.sorted { $0.key < $1.key }.map { (k, v) throws(SegueError) in
            guard let text = v.parameterText else {
                throw bad(key, "\"\(k)\": expected a string, number, boolean or array of them, got \(v.typeName)")
            }
            // An expression read from a file (`"expr": "@wipe.expr"`) names it from the spec's folder.
            if text.hasPrefix("@") { return (k, "@" + resolve(String(text.dropFirst()))) }
            return (k, text)
        }
    }

    func bad(_ key: String, _ why: String) -> SegueError { .invalidInput("\(context): key \"\(key)\": \(why)") }
    func missing(_ key: String) -> SegueError { .invalidInput("\(context): missing key \"\(key)\"") }
}
