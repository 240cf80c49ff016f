/// One named rectangle on a screen — a view, a cell, a photo — as an element map gives it.
public struct ScreenElement: Hashable, Sendable {
    /// What matches it with its counterpart on the other screen.
    public var id: String
    /// In the map's units, top-left origin; width and height positive.
    public var frame: Rect
    /// The element's corner radius, in the map's units (0: square).
    public var cornerRadius: Double

    public init(id: String, frame: Rect, cornerRadius: Double = 0) {
        self.id = id; self.frame = frame; self.cornerRadius = cornerRadius
    }
}

/// The named rectangles of one screen (docs/MAGIC-MOVE.md): read from a JSON file, an Android
/// `uiautomator dump` or a list an XCUITest writes (`ElementMap.read`), then placed on the
/// canvas with the transition's scale (`onCanvas`). Elements are in stacking order, the
/// first drawn first.
public struct ElementMap: Hashable, Sendable {
    public enum Units: String, Sendable, CaseIterable {
        /// Multiplied by the transition's scale, as every parameter in points (`--scale`).
        case points
        /// The screenshot's own pixels (an Android dump's bounds).
        case pixels
    }

    public var units: Units
    /// The screen the map describes, in its units, when the map says (an Android dump's root
    /// bounds, an XCUITest window, JSON `"screen"`): the map is then fitted to the canvas as
    /// the screenshot is (cover), and the scale does not matter.
    public var screen: Rect?
    public var elements: [ScreenElement]
    /// The file the map came from, for messages; empty for a map given as text.
    public var source: String

    public init(units: Units, screen: Rect? = nil, elements: [ScreenElement], source: String) {
        self.units = units; self.screen = screen; self.elements = elements; self.source = source
    }

    /// The map's rectangles in canvas pixels. A map that names its screen is fitted to the
    /// canvas as `cover` fits the screenshot (uniform scale, centred), whatever its units;
    /// otherwise points are multiplied by `scale`, as every parameter in points, and pixels
    /// are taken as they are.
    public func onCanvas(scale: Double, canvas: PixelSize) -> [ScreenElement] {
        let (s, dx, dy) = placement(scale: scale, canvas: canvas)
        return elements.map { e in
            ScreenElement(id: e.id, frame: Rect(x: e.frame.x * s + dx, y: e.frame.y * s + dy,
                                                width: e.frame.width * s, height: e.frame.height * s),
                          cornerRadius: e.cornerRadius * s)
        }
    }

    /// Canvas pixels per map unit, and where the map's origin lands on the canvas.
    private func placement(scale: Double, canvas: PixelSize) -> (Double, Double, Double) {
        let W = Double(canvas.width), H = Double(canvas.height)
        if let screen, screen.width > 0, screen.height > 0 {
            let s = max(W / screen.width, H / screen.height)
            return (s, (W - screen.width * s) / 2 - screen.x * s, (H - screen.height * s) / 2 - screen.y * s)
        }
        return (units == .points ? scale : 1, 0, 0)
    }

    /// The first element that lies wholly outside the canvas once placed, as a one-line
    /// error naming the map and the element; nil when every element touches the canvas.
    public func checkOnCanvas(scale: Double, canvas: PixelSize, role: String) -> SegueError? {
        let W = Double(canvas.width), H = Double(canvas.height)
        for (index, e) in onCanvas(scale: scale, canvas: canvas).enumerated() {
            let f = e.frame
            if f.maxX <= 0 || f.maxY <= 0 || f.minX >= W || f.minY >= H {
                return SegueError(.invalidInput, "\(role): element \(index + 1) \"\(e.id)\" at \(f) px lies off the \(canvas) screen"
                                  + (units == .points && screen == nil ? " (points × scale \(readable(scale)))" : ""), path: source.isEmpty ? nil : source)
            }
        }
        return nil
    }
}

extension [ScreenElement] {
    /// These elements less those whose id is not unique: in a dump of a whole view tree the
    /// cells of a list often share an id and cannot be matched to another screen's.
    func droppingAmbiguousIDs() -> [ScreenElement] {
        var counts: [String: Int] = [:]
        for e in self { counts[e.id, default: 0] += 1 }
        return filter { counts[$0.id] == 1 }
    }
}
