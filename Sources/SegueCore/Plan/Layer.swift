/// A soft drop shadow cast by a layer's shape (CALayer `shadow*` properties, in pixels).
public struct Shadow: Codable, Hashable, Sendable {
    public var color: Color
    /// Standard deviation of the shadow's Gaussian edge, in pixels. CALayer's `shadowRadius`
    /// is about twice this.
    public var sigma: Double
    public var offset: Point
    public init(color: Color, sigma: Double, offset: Point) {
        self.color = color; self.sigma = sigma; self.offset = offset
    }
}

/// A snapshot drawn as a textured quad: the `sourceRect` of `source` lands on `frame`,
/// rounded by `cornerRadii`, faded by `opacity`. Every UIKit-style move, scale and fade of a
/// view is one layer; scaling is the frame's size against the source rectangle's.
public struct Layer: Codable, Hashable, Sendable {
    public var source: ImageRef
    /// Region of the source image in its pixels; nil = the whole image.
    public var sourceRect: Rect?
    /// Where the layer lands on the canvas, in pixels (fractional positions are sampled bilinearly).
    public var frame: Rect
    public var opacity: Double
    public var cornerRadii: CornerRadii
    public var shadow: Shadow?
    public var blend: BlendMode

    public init(source: ImageRef, sourceRect: Rect? = nil, frame: Rect, opacity: Double = 1,
                cornerRadii: CornerRadii = .zero, shadow: Shadow? = nil, blend: BlendMode = .sourceOver) {
        self.source = source; self.sourceRect = sourceRect; self.frame = frame; self.opacity = opacity
        self.cornerRadii = cornerRadii; self.shadow = shadow; self.blend = blend
    }
}
