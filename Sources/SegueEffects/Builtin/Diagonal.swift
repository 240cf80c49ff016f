import SegueCore

/// Apple's diagonal present/dismiss, the example of the View Controller Programming Guide
/// ("Customizing the Transition Animations"): the presented view starts with its origin at
/// (W, H) — off the lower-right corner — and its frame animates to the final frame with a plain
/// `UIView.animate`, i.e. ease-in-ease-out; dismissal moves it back out to (W, H). The other
/// view stays put.
public struct Diagonal: BuiltinEffect {
    /// The guide leaves the duration to the animator's `transitionDuration` and states none;
    /// 0.5 s is our choice (BubbleTransition's).
    public static let entry = EffectEntry(Diagonal(), name: "diagonal",
                                          summary: "Apple's guide example: the new screen moves in from off the lower-right corner.",
                                          defaultDuration: 0.5, defaultTiming: .easeInEaseOut)
    public static let parameters: [ParameterBinding<Diagonal>] = [.init(\.$mode)]

    @Parameter("mode", PresentationMode.summary)
    var mode = PresentationMode.present

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
