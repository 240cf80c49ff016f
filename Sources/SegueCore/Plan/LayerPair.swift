/// Two layers added together in isolation, then drawn source-over as one: CSS View
/// Transitions' image pair (`::view-transition-old` and `-new`, `mix-blend-mode:
/// plus-lighter` in an isolated group) and a moving snapshot's cross-dissolve. Each pixel of
/// the pair is `min(1, first + second)` (premultiplied, each layer's coverage × sample ×
/// opacity), so where both images lie a cross-fade at opacities `1 − e` and `e` adds up to an
/// opaque image and the canvas does not show through, and where one image lies alone it is
/// that image faded.
public struct LayerPair: Codable, Hashable, Sendable {
    /// What the pair is, for `segue plan` (a magic move's element and its role).
    public var name: String
    public var first: Layer
    public var second: Layer
    public init(name: String, first: Layer, second: Layer) { self.name = name; self.first = first; self.second = second }
}
