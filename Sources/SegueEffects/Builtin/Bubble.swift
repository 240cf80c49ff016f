import SegueCore

/// BubbleTransition (andreamazz/BubbleTransition, Source/BubbleTransition.swift): a disc of
/// `color` centred on the start point (the button) grows from scale 0.001 to the
/// farthest-corner radius, while the presented screen scales from 0.001 to 1 with its centre
/// moving from the start point to the screen centre, fading in — all in one 0.5 s
/// ease-in-ease-out `UIView.animate`. The screen is a scaled rectangle, not clipped to the disc:
/// the look relies on the colour matching its background. Dismissal runs it backwards.
public struct Bubble: BuiltinEffect {
    /// `BubbleInteractiveTransition` finishes a dismissal released past this progress
    /// (`translation.y / height`, its `interactionThreshold`), else cancels it.
    public static let interactiveFinishThreshold = 0.3

    /// BubbleTransition's starting scale of the bubble and of the view.
    static let startScale = 0.001

    /// The default start point (Segue's choice; the original takes the tapped button's centre)
    /// is a top-right button: `startInset` from the top-right corner, which on the 390×844 pt
    /// sample inbox (`SampleSnapshots`) is its compose button at (360, 70) pt, and stays near the
    /// corner at any size. The sample detail page's background is near-white.
    public static let entry = EffectEntry(Bubble(), name: "bubble",
                                          summary: "BubbleTransition: a coloured disc grows from a button and the new screen grows out of it.",
                                          defaultDuration: 0.5, defaultTiming: .easeInEaseOut)
    public static let parameters: [ParameterBinding<Bubble>] = [.init(\.$start), .init(\.$color), .init(\.$mode)]

    /// The default start: this far left of the right edge and down from the top, in pt.
    static let startInset = (fromRight: 30.0, down: 70.0)

    @Parameter("start", "x,y in pt: the centre of the button the bubble grows from (auto: \(readable(Bubble.startInset.fromRight)) pt in from the right edge, \(readable(Bubble.startInset.down)) pt down).")
    var start: Point? = nil
    @Parameter("color", "Colour of the bubble (match the new screen's background).")
    var color = Color.white
    @Parameter("mode", PresentationMode.summary)
    var mode = PresentationMode.present

    /// BubbleTransition's interactive dismissal finishes past 30 %, not UIKit's 50 %.
    public func dragInteraction(_ frame: FrameContext) -> DragInteraction? {
        DragInteraction(fraction: { $0 }, finishThreshold: Self.interactiveFinishThreshold)
    }

    public func plan(_ frame: FrameContext) -> FramePlan {
        let e = frame.easedProgress
        let a = mode.amount(e)
        let k = lerp(Self.startScale, 1, a)
        let canvas = frame.canvas
        let c = start?.inPixels(frame.scale) ?? frame.topRightInset(fromRight: Self.startInset.fromRight, down: Self.startInset.down)
        let radius = farthestCornerRadius(center: c, width: canvas.width, height: canvas.height) * k
        let centre = Point.lerp(c, canvas.center, a)
        let presented = Rect(x: centre.x - canvas.width * k / 2, y: centre.y - canvas.height * k / 2,
                             width: canvas.width * k, height: canvas.height * k)
        return FramePlan(size: frame.size, time: frame.time, progress: e, commands: [
            .clear(.clear),
            .layer(Layer(source: mode.presenting, frame: canvas)),
            .fill(Fill(shape: .circle(center: c, radius: radius), color: color)),
            .layer(Layer(source: mode.presented, frame: presented, opacity: a)),
        ])
    }
}
