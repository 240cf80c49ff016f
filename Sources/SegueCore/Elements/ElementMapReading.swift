extension ElementMap {
    /// Reads a map in any of its formats, told apart by their first character: `<` an Android
    /// `uiautomator dump` (`AndroidDump`), `{` or `[` JSON, anything else an XCUITest list
    /// (`XCUITestList`). Every rule a map must follow is checked here (`checked`): one line
    /// naming `source` (the file; empty for a map given as text) and the element, exit 65.
    public static func read(_ bytes: [UInt8], source: String) throws(SegueError) -> ElementMap {
        guard bytes.count <= Limits.elementMapBytes else {
            throw SegueError(.invalidInput, "element map of \(bytes.count) bytes, more than \(Limits.elementMapBytes >> 20) MiB", path: source.isEmpty ? nil : source)
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw SegueError(.invalidInput, "element map is not UTF-8 text", path: source.isEmpty ? nil : source)
        }
        let first = text.unicodeScalars.first { !$0.properties.isWhitespace && $0 != "\u{FEFF}" }
        let map: ElementMap
        switch first {
        case "<": map = try AndroidDump.read(bytes, source: source)
        case "{", "[": map = try fromJSON(bytes, source: source)
        case nil: throw SegueError(.invalidInput, "element map is empty", path: source.isEmpty ? nil : source)
        default: map = try XCUITestList.read(text, source: source)
        }
        return try map.checked()
    }

    /// The map as Segue's JSON format, the form a parameter value carries it in (so that a
    /// job's identity changes when the file does); `read` gives the same map back.
    public var jsonText: String {
        var out = "{\"units\":\"\(units.rawValue)\""
        if let screen { out += ",\"screen\":[\(number(screen.x)),\(number(screen.y)),\(number(screen.width)),\(number(screen.height))]" }
        out += ",\"source\":\(quoted(source)),\"elements\":["
        out += elements.map { e in
            "{\"id\":\(quoted(e.id)),\"frame\":[\(number(e.frame.x)),\(number(e.frame.y)),\(number(e.frame.width)),\(number(e.frame.height))]"
                + (e.cornerRadius != 0 ? ",\"cornerRadius\":\(number(e.cornerRadius))" : "") + "}"
        }.joined(separator: ",")
        return out + "]}"
    }

    /// Every element named, unique and of positive, finite size within the coordinate limit;
    /// at most `Limits.elementCount` of them.
    func checked() throws(SegueError) -> ElementMap {
        func bad(_ index: Int, _ e: ScreenElement, _ why: String) -> SegueError {
            SegueError(.invalidInput, "element \(index + 1) \"\(e.id)\": \(why)", path: source.isEmpty ? nil : source)
        }
        guard elements.count <= Limits.elementCount else {
            throw SegueError(.invalidInput, "\(elements.count) elements, more than \(Limits.elementCount)", path: source.isEmpty ? nil : source)
        }
        var seen: [String: Int] = [:]
        for (index, e) in elements.enumerated() {
            guard !e.id.isEmpty else { throw bad(index, e, "the id is empty") }
            if let other = seen[e.id] { throw bad(index, e, "the same id as element \(other + 1)") }
            seen[e.id] = index
            let f = e.frame
            for (name, v) in [("x", f.x), ("y", f.y), ("width", f.width), ("height", f.height), ("corner radius", e.cornerRadius)]
            where !Limits.parameterCoordinate.contains(v) {
                throw bad(index, e, "\(name) \(readable(v)) \(Limits.parameterCoordinate.problem(v) ?? "is out of range")")
            }
            guard f.width > 0, f.height > 0 else { throw bad(index, e, "width and height must be positive, got \(readable(f.width))×\(readable(f.height))") }
            guard e.cornerRadius >= 0 else { throw bad(index, e, "the corner radius must not be negative") }
        }
        if let screen, !(screen.width > 0 && screen.height > 0) {
            throw SegueError(.invalidInput, "the screen's width and height must be positive", path: source.isEmpty ? nil : source)
        }
        return self
    }

    // MARK: JSON

    /// `[{"id", "frame": [x, y, w, h], "cornerRadius"?, "z"?}, …]` in points, or
    /// `{"units": "points"|"pixels", "screen"?: [w, h] | [x, y, w, h], "elements": […]}`.
    /// Unknown keys are refused (a misspelt `cornerRadius` would silently square a corner).
    static func fromJSON(_ bytes: [UInt8], source: String) throws(SegueError) -> ElementMap {
        let root: JSONValue
        do throws(JSONSyntaxError) { root = try JSONValue.parse(bytes) } catch {
            throw SegueError(.invalidInput, "not valid JSON (\(error.reason))", path: source.isEmpty ? nil : source, line: error.line, column: error.column)
        }
        func bad(_ why: String) -> SegueError { SegueError(.invalidInput, why, path: source.isEmpty ? nil : source) }
        var units = Units.points, screen: Rect? = nil, list: [JSONValue] = []
        var named = source
        switch root {
        case .array(let items):
            list = items
        case .object(let members):
            var sawElements = false
            for (key, value) in members {
                switch (key, value) {
                case ("units", .string(let u)):
                    guard let parsed = Units(rawValue: u) else { throw bad("\"units\": expected \"points\" or \"pixels\", got \"\(u)\"") }
                    units = parsed
                case ("screen", .array(let v)):
                    let n = try numbers(v, key: "screen", bad: bad)
                    switch n.count {
                    case 2: screen = Rect(x: 0, y: 0, width: n[0], height: n[1])
                    case 4: screen = Rect(x: n[0], y: n[1], width: n[2], height: n[3])
                    default: throw bad("\"screen\": expected [width, height] or [x, y, width, height]")
                    }
                case ("elements", .array(let items)): list = items; sawElements = true
                case ("source", .string(let s)): named = s
                case ("units", _), ("screen", _), ("elements", _), ("source", _):
                    throw bad("\"\(key)\": unexpected \(value.typeName)")
                default:
                    throw bad("unknown key \"\(key)\" (expected units, screen, elements)")
                }
            }
            guard sawElements else { throw bad("missing key \"elements\"") }
        default:
            throw bad("expected an array of elements or an object with \"elements\", got \(root.typeName)")
        }
        var elements: [(z: Double, element: ScreenElement)] = []
        for (index, item) in list.enumerated() {
            func badElement(_ why: String) -> SegueError { bad("element \(index + 1): \(why)") }
            guard case .object(let members) = item else { throw badElement("expected an object, got \(item.typeName)") }
            var id: String?, frame: Rect?, radius = 0.0, z = 0.0
            for (key, value) in members {
                switch (key, value) {
                case ("id", .string(let s)): id = s
                case ("id", .number(let n)) where n == n.rounded() && abs(n) < 1e15: id = String(Int(n))
                case ("frame", .array(let v)):
                    let n = try numbers(v, key: "frame", bad: badElement)
                    guard n.count == 4 else { throw badElement("\"frame\": expected [x, y, width, height]") }
                    frame = Rect(x: n[0], y: n[1], width: n[2], height: n[3])
                case ("cornerRadius", .number(let n)): radius = n
                case ("z", .number(let n)): z = n
                case ("id", _), ("frame", _), ("cornerRadius", _), ("z", _):
                    throw badElement("\"\(key)\": unexpected \(value.typeName)")
                default:
                    throw badElement("unknown key \"\(key)\" (expected id, frame, cornerRadius, z)")
                }
            }
            guard let id else { throw badElement("missing \"id\"") }
            guard let frame else { throw badElement("\"\(id)\": missing \"frame\"") }
            elements.append((z, ScreenElement(id: id, frame: frame, cornerRadius: radius)))
            if elements.count > Limits.elementCount { break }  // `checked` reports the count
        }
        // Stacking order: by z, the file's order among equals (a stable sort).
        let ordered = elements.enumerated().sorted { ($0.element.z, $0.offset) < ($1.element.z, $1.offset) }.map(\.element.element)
        return ElementMap(units: units, screen: screen, elements: ordered, source: named)
    }

    private static func numbers(_ values: [JSONValue], key: String, bad: (String) -> SegueError) throws(SegueError) -> [Double] {
        var out: [Double] = []
        for v in values {
            guard case .number(let n) = v else { throw bad("\"\(key)\": expected numbers, got \(v.typeName)") }
            out.append(n)
        }
        return out
    }
}

/// A number as JSON writes it: whole numbers without a fraction.
private func number(_ v: Double) -> String {
    v == v.rounded() && abs(v) < 1e15 ? String(Int64(v)) : String(v)
}

/// A JSON string literal.
private func quoted(_ s: String) -> String {
    var out = "\""
    for scalar in s.unicodeScalars {
        switch scalar {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case "\n": out += "\\n"
        case "\r": out += "\\r"
        case "\t": out += "\\t"
        default:
            if scalar.value < 0x20 {
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
    }
    return out + "\""
}
