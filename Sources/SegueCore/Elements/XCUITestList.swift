/// Elements an XCUITest wrote, in points, one per line, in either of the forms a test gets
/// for free:
///
/// * `print(app.debugDescription)`: the element tree, lines such as
///   `Button, 0x600000c8c1c0, {{20.0, 212.0}, {44.0, 44.0}}, identifier: 'avatar', label: 'Ada'`;
///   elements without an identifier, or with one that is not unique in the tree (reused
///   cells), are left out, and the first `Window` is the screen.
/// * a list the test writes itself, `identifier` then the frame as `NSStringFromCGRect`
///   (`avatar {{20, 212}, {44, 44}}`) or `CGRect`'s description (`avatar (20.0, 212.0, 44.0, 44.0)`),
///   optionally with a colon or tab between them.
///
/// Lines without a frame (the tree's headers, blank lines) are skipped.
enum XCUITestList {
    static func read(_ text: String, source: String) throws(SegueError) -> ElementMap {
        var elements: [ScreenElement] = []
        var screen: Rect?
        var isTree = false
        for (number, line) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            guard let (frame, before, after) = frame(in: Substring(line)) else { continue }
            if let id = quotedValue(after, key: "identifier: '") ?? quotedValue(before, key: "identifier: '") {
                isTree = isTree || isTreeLine(before)
                elements.append(ScreenElement(id: id, frame: frame))
            } else if isTreeLine(before) {
                isTree = true
                // An element of the tree without an identifier: only its window matters.
                if screen == nil, before.drop(while: { $0 == " " || $0 == "→" }).hasPrefix("Window") { screen = frame }
            } else {
                var id = before
                while let last = id.last, last == " " || last == "\t" || last == ":" || last == "," || last == "=" { id.removeLast() }
                while let first = id.first, first == " " || first == "\t" { id.removeFirst() }
                guard !id.isEmpty else {
                    throw SegueError(.invalidInput, "a frame with no identifier before it", path: source.isEmpty ? nil : source, line: number + 1)
                }
                elements.append(ScreenElement(id: String(id), frame: frame))
            }
            if elements.count > Limits.elementCount { break }  // `checked` reports the count
        }
        guard !elements.isEmpty || screen != nil else {
            throw SegueError(.invalidInput, "no elements: expected JSON, a uiautomator dump, or XCUITest lines such as `avatar {{20, 212}, {44, 44}}`",
                             path: source.isEmpty ? nil : source)
        }
        return ElementMap(units: .points, screen: screen, elements: isTree ? elements.droppingAmbiguousIDs() : elements, source: source)
    }

    /// A debugDescription tree line: `Type, 0xADDRESS, …` (`Window (Main), 0x…` too).
    private static func isTreeLine(_ before: Substring) -> Bool {
        before.contains(", 0x")
    }

    /// The first frame in the line, `{{x, y}, {w, h}}` or `(x, y, w, h)`, with the text before and after it.
    private static func frame(in line: Substring) -> (Rect, Substring, Substring)? {
        for (open, close) in [("{{", "}}"), ("(", ")")] {
            var search = line[...]
            while let start = search.range(of: open) {
                let rest = line[start.upperBound...]
                guard let end = rest.range(of: close) else { break }
                let numbers = rest[..<end.lowerBound].split(whereSeparator: { "{}, ".contains($0) }).map { Double(String($0)) }
                if numbers.count == 4, numbers.allSatisfy({ $0 != nil }) {
                    let n = numbers.map { $0! }
                    return (Rect(x: n[0], y: n[1], width: n[2], height: n[3]), line[..<start.lowerBound], line[end.upperBound...])
                }
                search = line[start.upperBound...]
            }
        }
        return nil
    }

    /// The text between `key` and the next `'` in `text`.
    private static func quotedValue(_ text: Substring, key: String) -> String? {
        guard let start = text.range(of: key) else { return nil }
        let rest = text[start.upperBound...]
        guard let end = rest.firstIndex(of: "'") else { return nil }
        return String(rest[..<end])
    }
}

extension Substring {
    /// The first occurrence of `needle` (Foundation-free `range(of:)`).
    fileprivate func range(of needle: String) -> Range<Index>? {
        let n = needle.count
        guard n > 0 else { return nil }
        var i = startIndex
        while i < endIndex {
            if self[i...].hasPrefix(needle) { return i..<index(i, offsetBy: n) }
            i = index(after: i)
        }
        return nil
    }
}
