/// A luma wipe: a greyscale mask swept by a threshold, the `to` image replacing `from` where
/// the mask is darkest first (`Reveal.maskLuma`, `Reveal.wipeWeight`). The result replaces
/// the canvas. All three images must have the canvas's size.
public struct LumaWipe: Codable, Hashable, Sendable {
    public var from: ImageRef
    public var to: ImageRef
    public var mask: ImageRef
    /// How far the threshold has swept, 0…1 (the transition's eased progress).
    public var progress: Double
    /// Width of the wipe's edge as a fraction of the mask's range.
    public var softness: Double

    public init(from: ImageRef, to: ImageRef, mask: ImageRef, progress: Double, softness: Double) {
        self.from = from; self.to = to; self.mask = mask; self.progress = progress; self.softness = softness
    }
}
