/// A cross-dissolve as the lowering leaves it: a clear to transparent, then layers that each
/// add (`plus`) a whole image onto the whole canvas texel for texel, so every pixel is
/// `Σ opacityᵢ · imageᵢ`. The lowering puts it in the plan in their place (`LoweredCommand.mix`)
/// and both renderers draw it as one pass rounded once (software `MixOp`, GL `mix.frag`); the
/// clear and per-layer passes would give the same pixels within one level. This is the one
/// place the rule for what fuses is written.
public struct CrossDissolve: Sendable {
    /// The added layers, in plan order; at least one.
    public let layers: [LoweredLayer]
    /// The lowered steps it stands for: the clear and its layers.
    public var stepCount: Int { layers.count + 1 }

    /// The cross-dissolve that `steps` begin with; nil when they begin with anything else.
    public init?(leading steps: ArraySlice<LoweredStep>, canvas: PixelSize) {
        guard case .clear(let color)? = steps.first?.command, color.isTransparent else { return nil }
        var layers: [LoweredLayer] = []
        for step in steps.dropFirst() {
            guard case .layer(let layer) = step.command, CrossDissolve.adds(layer, onto: canvas) else { break }
            layers.append(layer)
        }
        guard !layers.isEmpty else { return nil }
        self.layers = layers
    }

    /// Whether `layer` adds its whole image onto the whole `canvas`, texel for texel.
    static func adds(_ layer: LoweredLayer, onto canvas: PixelSize) -> Bool {
        layer.blend == .plus && layer.isTexelCopy && layer.sourceSize == canvas && layer.frame == Rect(size: canvas)
    }
}
