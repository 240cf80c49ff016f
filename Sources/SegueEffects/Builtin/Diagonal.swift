import SegueCore

/// Apple's diagonal present/dismiss, the example of the View Controller Programming Guide
/// (effects.md §8.3): the presented view starts with its origin at (W, H) — off the lower-right
/// corner — and its frame animates to the final frame with a plain `UIView.animate`, i.e.
/// ease-in-ease-out; dismissal moves it back out to (W, H). The other view stays put.
public struct Diagonal: Effect {
    let mode: PresentationMode

    /// The guide leaves the duration to the animator's `transitionDuration` and states none;
    /// 0.5 s is our choice (BubbleTransition's, §2.2).
    public static let entry = EffectEntry(EffectDescriptor(
        name: "diagonal", summary: "Apple's guide example: the new screen moves in from off the lower-right corner.",
        kind: .layers, parameters: [PresentationMode.parameter], defaultDuration: 0.5, defaultTiming: .easeInEaseOut
    )) { p throws(SegueError) in Diagonal(mode: PresentationMode(p)) }

    public func plan(_ frame: FrameContext) -> FramePlan {
        let e = frame.easedProgress
        let out = 1 - mode.amount(e)
        let canvas = frame.canvas
        let presentedFrame = canvas.offsetBy(dx: out * canvas.width, dy: out * canvas.height)
        return FramePlan(size: frame.size, time: frame.time, progress: e, commands: [
            .clear(.clear),
            .layer(Layer(source: mode.presenting, frame: canvas)),
            .layer(Layer(source: mode.presented, frame: presentedFrame)),
        ])
    }
}
