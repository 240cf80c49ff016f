import SegueCore

/// Cross-dissolve (`UIView.transition(… .transitionCrossDissolve)`): the two snapshots
/// added at opacities 1 − e and e, an exact mix also where they are transparent.
public struct Fade: BuiltinEffect {
    public static let entry = EffectEntry(Fade(), name: "fade", summary: "Cross-dissolve from one screen to the other.",
                                          defaultDuration: 0.5, defaultTiming: .easeInEaseOut)

    public func plan(_ frame: FrameContext) -> FramePlan {
        let e = frame.easedProgress
        let canvas = frame.canvas
        return FramePlan(size: frame.size, time: frame.time, progress: e, commands: [
            .clear(.clear),
            .layer(Layer(source: .from, frame: canvas, opacity: 1 - e, blend: .plus)),
            .layer(Layer(source: .to, frame: canvas, opacity: e, blend: .plus)),
        ])
    }
}
