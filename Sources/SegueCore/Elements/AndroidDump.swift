/// An Android `uiautomator dump` (window_dump.xml) as an element map, in pixels: every
/// `<node>` with an area and a `resource-id` or a `content-desc` is an element; the first
/// node's bounds are the screen. Its id is the resource-id, followed by the content
/// description in brackets when it has one (`com.app:id/avatar[Ada]`): the cells of a list
/// share a resource-id and are told apart by what they show, which stays the same when a
/// cell moves to another screen. A node with a description alone is named by it. Nodes whose
/// id is still not unique cannot be matched and are left out (`segue plan` lists the pairs).
enum AndroidDump {
    static func read(_ bytes: [UInt8], source: String) throws(SegueError) -> ElementMap {
        var elements: [ScreenElement] = []
        var screen: Rect?
        var at = 0
        var sawHierarchy = false
        while let open = bytes[at...].firstIndex(of: UInt8(ascii: "<")) {
            at = open + 1
            let name = tagName(bytes, at)
            if name == "hierarchy" { sawHierarchy = true }
            guard name == "node" else { continue }
            let attributes = try self.attributes(bytes, from: at + 4, source: source)
            guard let boundsText = attributes["bounds"] else { continue }
            guard let bounds = parseBounds(boundsText) else {
                throw SegueError(.invalidInput, "node \(elements.count + 1): bounds \"\(boundsText)\" is not [left,top][right,bottom]", path: source.isEmpty ? nil : source)
            }
            if screen == nil { screen = bounds }
            guard bounds.width > 0, bounds.height > 0 else { continue }  // not on screen: not an element
            let resourceID = attributes["resource-id"] ?? "", description = attributes["content-desc"] ?? ""
            let id = resourceID.isEmpty || description.isEmpty ? resourceID + description : "\(resourceID)[\(description)]"
            guard !id.isEmpty else { continue }
            elements.append(ScreenElement(id: id, frame: bounds))
            if elements.count > Limits.elementCount { break }  // `checked` reports the count
        }
        guard sawHierarchy else {
            throw SegueError(.invalidInput, "not a uiautomator dump (no <hierarchy> element)", path: source.isEmpty ? nil : source)
        }
        return ElementMap(units: .pixels, screen: screen, elements: elements.droppingAmbiguousIDs(), source: source)
    }

    /// `[left,top][right,bottom]` as a rectangle.
    static func parseBounds(_ text: String) -> Rect? {
        let numbers = text.split(whereSeparator: { "[],".contains($0) }).map { Double(String($0.filter { $0 != " " })) }
        guard numbers.count == 4, let l = numbers[0], let t = numbers[1], let r = numbers[2], let b = numbers[3] else { return nil }
        return Rect(x: l, y: t, width: r - l, height: b - t)
    }

    private static func tagName(_ bytes: [UInt8], _ at: Int) -> String {
        var end = at
        while end < bytes.count, isNameByte(bytes[end]) { end += 1 }
        return String(decoding: bytes[at..<end], as: UTF8.self)
    }

    private static func isNameByte(_ b: UInt8) -> Bool {
        (b >= 0x61 && b <= 0x7A) || (b >= 0x41 && b <= 0x5A) || (b >= 0x30 && b <= 0x39) || b == 0x2D || b == 0x5F || b == 0x3A
    }

    /// The `name="value"` pairs of the tag starting at `from`, entities decoded, up to its `>`.
    private static func attributes(_ bytes: [UInt8], from: Int, source: String) throws(SegueError) -> [String: String] {
        var out: [String: String] = [:]
        var i = from
        while i < bytes.count {
            let b = bytes[i]
            if b == UInt8(ascii: ">") || b == UInt8(ascii: "/") { return out }
            if !isNameByte(b) { i += 1; continue }
            let nameStart = i
            while i < bytes.count, isNameByte(bytes[i]) { i += 1 }
            let name = String(decoding: bytes[nameStart..<i], as: UTF8.self)
            while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x09 || bytes[i] == 0x0A || bytes[i] == 0x0D { i += 1 }
            guard i < bytes.count, bytes[i] == UInt8(ascii: "=") else { continue }
            i += 1
            while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x09 || bytes[i] == 0x0A || bytes[i] == 0x0D { i += 1 }
            guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") || bytes[i] == UInt8(ascii: "'") else {
                throw SegueError(.invalidInput, "attribute \(name) of a <node> has no quoted value", path: source.isEmpty ? nil : source)
            }
            let quote = bytes[i]
            i += 1
            let valueStart = i
            while i < bytes.count, bytes[i] != quote { i += 1 }
            guard i < bytes.count else { throw SegueError(.invalidInput, "attribute \(name) of a <node> is not closed", path: source.isEmpty ? nil : source) }
            out[name] = decodeEntities(String(decoding: bytes[valueStart..<i], as: UTF8.self))
            i += 1
        }
        throw SegueError(.invalidInput, "a <node> tag is not closed", path: source.isEmpty ? nil : source)
    }

    /// XML's five named entities and numeric character references.
    static func decodeEntities(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var out = "", rest = Substring(text)
        while let amp = rest.firstIndex(of: "&") {
            out += rest[..<amp]
            let after = rest[rest.index(after: amp)...]
            guard let semi = after.prefix(12).firstIndex(of: ";") else { out += "&"; rest = after; continue }
            let name = after[..<semi]
            var replacement: String?
            switch name {
            case "amp": replacement = "&"
            case "lt": replacement = "<"
            case "gt": replacement = ">"
            case "quot": replacement = "\""
            case "apos": replacement = "'"
            default:
                if name.hasPrefix("#x"), let v = UInt32(name.dropFirst(2), radix: 16), let s = Unicode.Scalar(v) { replacement = String(s) }
                else if name.hasPrefix("#"), let v = UInt32(name.dropFirst()), let s = Unicode.Scalar(v) { replacement = String(s) }
            }
            if let replacement { out += replacement; rest = after[after.index(after: semi)...] } else { out += "&"; rest = after }
        }
        return out + rest
    }
}
