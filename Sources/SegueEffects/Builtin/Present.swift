import SegueCore

/// Modal cover (`present` / `dismiss`): the presented screen slides up from the bottom over the
/// presenting one, which a black dimming view darkens alongside — the presentation controller of
/// Apple's *Custom View Controller Presentations and Transitions* sample
/// (`AAPLCustomPresentationController`: dimming black 0 → 0.5, 0.35 s, the default UIView
/// curve). `edge=top` is the pull-down, where the next screen comes down from above. Dismissal
/// runs the same animation backwards.
public struct Present: BuiltinEffect {
    /// Where the presented screen comes from (and goes back to).
    enum Edge: String, ParameterChoice {
        case bottom, top
        /// Offset of the presented screen when fully out, in canvas heights (y down).
        var outside: Double { self == .bottom ? 1 : -1 }
    }

    public static let presentEntry = EffectEntry(Present(mode: .present), name: "present",
                                                 summary: "Modal presentation: the new screen slides up over the old one, which dims.",
                                                 defaultDuration: 0.35, defaultTiming: .easeInEaseOut)
    public static let dismissEntry = EffectEntry(Present(mode: .dismiss), name: "dismiss",
                                                 summary: "Modal dismissal: the top screen slides back down and the one under it brightens.",
                                                 defaultDuration: 0.35, defaultTiming: .easeInEaseOut)
    public static let parameters: [ParameterBinding<Present>] = [.init(\.$edge), .init(\.$dim)]

    let mode: PresentationMode
    @Parameter("edge", "Edge the presented screen comes from: bottom (modal sheet) or top (pull-down).")
    var edge = Edge.bottom
    @Parameter("dim", in: 0...1, "Alpha of the black dimming view over the presenting screen when fully covered.")
    var dim = 0.5

    init(mode: PresentationMode) { self.mode = mode }

    public func plan(_ frame: FrameContext) -> FramePlan {
        let e = frame.easedProgress
        let a = mode.amount(e)
        let canvas = frame.canvas
        let presentedFrame = canvas.offsetBy(dx: 0, dy: (1 - a) * edge.outside * canvas.height)
        return FramePlan(size: frame.size, time: frame.time, progress: e, commands: [
            .clear(.clear),
            .layer(Layer(source: mode.presenting, frame: canvas)),
            // The dimming view covers the whole container, alongside the slide (same curve).
            .fill(Fill(shape: .canvas, color: Color.black.withAlpha(dim * a))),
            .layer(Layer(source: mode.presented, frame: presentedFrame)),
        ])
    }
}
