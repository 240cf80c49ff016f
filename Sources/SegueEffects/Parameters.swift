import SegueCore

/// The type of an effect parameter, with its accepted range.
public enum ParameterKind: Hashable, Sendable, Codable {
    case number(min: Double, max: Double)
    case choice([String])
    case point
    case color
    case rect
    /// A user shader's uniform of this GLSL type (`vec2`, `sampler2D`, …).
    case uniform(String)
    /// An image file path (empty = the effect's built-in image). The pipeline loads it, fitted
    /// to the canvas with `stretch`, as `ImageRef.named(<parameter name>)`.
    case image
    /// An expression in ffmpeg's language (xfade's `custom`), or `@PATH` naming a file that
    /// holds one; checked when read, kept as its text.
    case expression
    /// The named rectangles of a screen (`ElementMap`): `@PATH` naming a JSON file, an Android
    /// `uiautomator dump` or an XCUITest list, or the JSON itself; read and checked when the
    /// parameter is, kept as Segue's JSON (`ElementMap.jsonText`).
    case elements
}

/// A parameter value. Points and rects are in the unit the parameter names (pt or px).
public enum ParameterValue: Hashable, Sendable, Codable, CustomStringConvertible {
    case number(Double)
    /// A choice or an image path.
    case string(String)
    case point(Point)
    case color(Color)
    case rect(Rect)
    /// A user shader's uniform value.
    case uniform(UniformValue)
    /// A default the effect works out from the canvas (an optional `@Parameter` left nil).
    case auto

    public var description: String {
        switch self {
        case .number(let v): return readable(v, decimals: 6)
        case .string(let s): return s
        case .point(let p): return [p.x, p.y].map { readable($0, decimals: 6) }.joined(separator: ",")
        case .color(let c): return c.hexString
        case .rect(let r): return [r.x, r.y, r.width, r.height].map { readable($0, decimals: 6) }.joined(separator: ",")
        case .auto: return "auto"
        case .uniform(let u):
            let isBool = u.type.hasPrefix("b")
            return u.values.map { isBool ? ($0 != 0 ? "true" : "false") : readable($0, decimals: 6) }.joined(separator: ",")
        }
    }
}

/// One parameter of an effect: name, type and range, default, and what it means.
public struct ParameterSpec: Hashable, Sendable, Codable {
    public var name: String
    public var kind: ParameterKind
    public var defaultValue: ParameterValue
    public var summary: String
    public init(_ name: String, _ kind: ParameterKind, default value: ParameterValue, _ summary: String) {
        self.name = name; self.kind = kind; self.defaultValue = value; self.summary = summary
    }

    /// Parses and range-checks a command-line value (`0.5`, `left`, `10,20`, `#ff0000`, `true` for a
    /// user shader's bool).
    public func parse(_ text: String) throws(SegueError) -> ParameterValue {
        func bad(_ why: String) -> SegueError { .invalidInput("parameter \(name)=\(text): \(why)") }
        // A canvas-dependent default can be asked for by name, as `segue list` shows it.
        if defaultValue == .auto && text == ParameterValue.auto.description { return .auto }
        func numbers(_ n: Int) throws(SegueError) -> [Double] {
            let fields = text.split(separator: ",")
            let numbers = fields.compactMap { Double($0.trimmingSpaces) }.filter(\.isFinite)
            guard fields.count == n, numbers.count == n else { throw bad("expected \(n) comma-separated numbers" + (defaultValue == .auto ? " or auto" : "")) }
            if let wrong = numbers.first(where: { !Limits.parameterCoordinate.contains($0) }) {
                throw bad("\(Allowed<Double>.format(wrong)) \(Limits.parameterCoordinate.problem(wrong) ?? "")")
            }
            return numbers
        }
        switch kind {
        case .number(let lo, let hi):
            guard let v = Double(text), v.isFinite else { throw bad("not a number") }
            guard v >= lo && v <= hi else { throw bad("out of range [\(lo), \(hi)]") }
            return .number(v)
        case .choice(let options):
            guard options.contains(text) else { throw bad("expected one of \(options.joined(separator: ", "))") }
            return .string(text)
        case .point:
            let v = try numbers(2)
            return .point(Point(x: v[0], y: v[1]))
        case .rect:
            let v = try numbers(4)
            guard v[2] >= 0, v[3] >= 0 else { throw bad("width and height must not be negative") }
            return .rect(Rect(x: v[0], y: v[1], width: v[2], height: v[3]))
        case .image:
            return .string(text)
        case .expression:
            let expression: String
            if text.hasPrefix("@") {
                let path = String(text.dropFirst())
                let bytes = try InputFile.contents(path, maxBytes: ExpressionParser.maxBytes)
                guard let decoded = String(validating: bytes, as: UTF8.self) else {
                    throw SegueError(.invalidInput, "parameter \(name): not UTF-8 text", path: path)
                }
                expression = decoded
                do throws(SegueError) { _ = try ExpressionParser.parse(expression) } catch {
                    throw SegueError(.invalidInput, "parameter \(name): \(error.detail)", path: path)
                }
            } else {
                expression = text
                do throws(SegueError) { _ = try ExpressionParser.parse(expression) } catch {
                    throw SegueError(.invalidInput, "parameter \(name): \(error.detail)")
                }
            }
            return .string(expression)
        case .elements:
            let map: ElementMap
            if text.hasPrefix("@") {
                let path = String(text.dropFirst())
                map = try ElementMap.read(try InputFile.contents(path, maxBytes: Limits.elementMapBytes), source: path)
            } else if let first = text.first(where: { !$0.isWhitespace }), "[{".contains(first) {
                do throws(SegueError) { map = try ElementMap.read(Array(text.utf8), source: "") } catch {
                    throw SegueError(.invalidInput, "parameter \(name): \(error.detail)", line: error.line, column: error.column)
                }
            } else {
                throw bad("expected @FILE (JSON, a uiautomator dump or an XCUITest list) or the JSON map itself")
            }
            return .string(map.jsonText)
        case .color:
            guard let c = Color(parsing: text) else { throw bad("expected #rrggbb, #rrggbbaa, black, white or clear") }
            return .color(c)
        case .uniform(let type):
            return try parseUniform(text, type: type)
        }
    }

    /// `0.5`, `1,2` (vectors and column-major matrices), `true`/`1` for bools; an image path
    /// for sampler2D.
    private func parseUniform(_ text: String, type: String) throws(SegueError) -> ParameterValue {
        if type == "sampler2D" {
            guard !text.isEmpty else { throw .invalidInput("parameter \(name): expected an image file") }
            return .string(text)
        }
        guard let n = UniformValue.componentCounts[type] else { throw .invalidInput("parameter \(name): unsupported type \(type)") }
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { String($0.trimmingSpaces) }
        guard parts.count == n else { throw .invalidInput("parameter \(name)=\(text): \(type) takes \(n) comma-separated values") }
        let values = try parts.map { part throws(SegueError) -> Double in
            if type.hasPrefix("b") {
                switch part { case "true", "1": return 1; case "false", "0": return 0
                default: throw .invalidInput("parameter \(name)=\(text): '\(part)' is not a bool (true, false, 1, 0)") }
            }
            if type.hasPrefix("i") {
                guard let v = Int(part) else { throw .invalidInput("parameter \(name)=\(text): '\(part)' is not an int") }
                return Double(v)
            }
            guard let v = Double(part), v.isFinite else { throw .invalidInput("parameter \(name)=\(text): '\(part)' is not a number") }
            if let problem = Limits.uniformValue.problem(v) { throw .invalidInput("parameter \(name)=\(text): '\(part)' \(problem)") }
            return v
        }
        return .uniform(UniformValue(type: type, values: values))
    }
}

extension Substring {
    var trimmingSpaces: Substring {
        var s = self
        while s.first == " " || s.first == "\t" { s = s.dropFirst() }
        while s.last == " " || s.last == "\t" { s = s.dropLast() }
        return s
    }
}

/// The values an effect is built with: every declared parameter, defaults filled in.
public struct ParameterValues: Sendable {
    public private(set) var values: [String: ParameterValue]
    public init(_ values: [String: ParameterValue]) { self.values = values }

    /// Defaults of `specs` overridden by `overrides` (`name → text`). Unknown names are errors.
    public init(specs: [ParameterSpec], overrides: [(String, String)], effect: String) throws(SegueError) {
        var values: [String: ParameterValue] = [:]
        for spec in specs { values[spec.name] = spec.defaultValue }
        for (name, text) in overrides {
            guard let spec = specs.first(where: { $0.name == name }) else {
                let known = specs.map(\.name).joined(separator: ", ")
                throw .invalidInput("effect \(effect) has no parameter '\(name)'" + (known.isEmpty ? " (it takes none)" : " (known: \(known))"))
            }
            values[name] = try spec.parse(text)
        }
        self.values = values
    }

    /// The value of `name`, if the effect declares it.
    public subscript(name: String) -> ParameterValue? { values[name] }

    /// The file an `.image` parameter names; empty for the effect's built-in image.
    public func imagePath(_ name: String) -> String {
        if case .string(let path)? = values[name] { return path }
        return ""
    }
}
