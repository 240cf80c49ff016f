/// One image seen through a shape over another (the circular reveal of StarWars.iOS'
/// `CircularRevealAnimator` and the Ping app, a rounded-rectangle iris): `inside` where the
/// shape covers a pixel, `outside` elsewhere, mixed by the shape's coverage on its edge. The
/// result replaces the canvas. Both images must have the canvas's size.
public struct ShapeReveal: Codable, Hashable, Sendable {
    public enum Shape: Codable, Hashable, Sendable {
        /// A circle; `feather` widens the one-pixel edge ramp by that many pixels.
        case circle(center: Point, radius: Double, feather: Double)
        /// A rounded rectangle (radii are fitted to it, as a layer's are).
        case roundedRect(Rect, CornerRadii)
    }

    public var shape: Shape
    public var inside: ImageRef
    public var outside: ImageRef

    public init(shape: Shape, inside: ImageRef, outside: ImageRef) {
        self.shape = shape; self.inside = inside; self.outside = outside
    }
}
