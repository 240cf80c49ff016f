/// A solid shape, e.g. a dimming view (the whole canvas) or a bubble (a circle).
public enum Shape: Codable, Hashable, Sendable, CustomStringConvertible {
    case canvas
    case rect(Rect, CornerRadii)
    case circle(center: Point, radius: Double)

    public var description: String {
        switch self {
        case .canvas: return "canvas"
        case .rect(let r, let radii): return radii.isZero ? "rect \(r)" : "rect \(r) corners \(radii)"
        case .circle(let c, let radius): return "circle \(c) radius \(readable(radius))"
        }
    }
}

/// A shape filled with one colour.
public struct Fill: Codable, Hashable, Sendable {
    public var shape: Shape
    public var color: Color
    public var blend: BlendMode
    public init(shape: Shape, color: Color, blend: BlendMode = .sourceOver) {
        self.shape = shape; self.color = color; self.blend = blend
    }
}
