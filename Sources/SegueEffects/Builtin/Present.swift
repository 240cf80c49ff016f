import SegueCore

/// Modal cover (`present` / `dismiss`): the presented screen slides up from the bottom over the
/// presenting one, which a black dimming view darkens alongside — the presentation controller of
/// Apple's *Custom View Controller Presentations and Transitions* sample (effects.md §3.1, §7.3:
/// dimming black 0 → 0.5, 0.35 s, the default UIView curve). `edge=top` is the pull-down, where
/// the next screen comes down from above. Dismissal runs the same animation backwards.
public struct Present: Effect {
    /// Where the presented screen comes from (and goes back to).
    enum Edge: String, CaseIterable {
        case bottom, top
        /// Offset of the presented screen when fully out, in canvas heights (y down).
        var outside: Double { self == .bottom ? 1 : -1 }
    }

    let mode: PresentationMode
    let edge: Edge
    let dim: Double

    static let parameters: [ParameterSpec] = [
        ParameterSpec("edge", .choice(Edge.allCases.map(\.rawValue)), default: .string(Edge.bottom.rawValue),
                      "Edge the presented screen comes from: bottom (modal sheet) or top (pull-down)."),
        ParameterSpec("dim", .number(min: 0, max: 1), default: .number(0.5),
                      "Alpha of the black dimming view over the presenting screen when fully covered."),
    ]

    public static let presentEntry = EffectEntry(EffectDescriptor(
        name: "present", summary: "Modal presentation: the new screen slides up over the old one, which dims.",
        kind: .layers, parameters: parameters, defaultDuration: 0.35, defaultTiming: .easeInEaseOut
    )) { p throws(SegueError) in Present(p, mode: .present) }

    public static let dismissEntry = EffectEntry(EffectDescriptor(
        name: "dismiss", summary: "Modal dismissal: the top screen slides back down and the one under it brightens.",
        kind: .layers, parameters: parameters, defaultDuration: 0.35, defaultTiming: .easeInEaseOut
    )) { p throws(SegueError) in Present(p, mode: .dismiss) }

    init(_ p: ParameterValues, mode: PresentationMode) {
        self.mode = mode
        edge = Edge(rawValue: p.string("edge"))!
        dim = p.number("dim")
    }

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
