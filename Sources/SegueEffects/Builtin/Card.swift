import SegueCore

/// Apple-Music-style card: the presenting screen shrinks about its top centre, moves down,
/// rounds its top corners and darkens under a black overlay; the presented screen rises from the
/// bottom as a card with rounded top corners; black behind everything. Two presets, the two
/// open-source originals:
///
/// * `deck` — DeckTransition (HarshilShah/DeckTransition, Source/ManualLayout.swift and the
///   presentation controller): scale `1 − 2·inset/H`, presenter moved down by the inset, card
///   top at `inset + 8`, radius 8, overlay 0.2, 0.3 s easeOut.
/// * `stork` — SPStorkController (ivanvorobei/SPStorkController,
///   Sources/SPStorkController/TransitioningDelegate/): scale `1 − 2·(10 + 3)/W`, presenter
///   moved to `topSpace` (30 when the status bar is under 25 pt, else the status bar), card top
///   at `topSpace + 13`, radius 10, overlay 0.51, 0.6 s spring (damping 1, velocity 1).
///
/// Timing: the card and the presenter's scale and position move on the preset's curve — for
/// `deck` that is the transition's curve (`--timing`, default easeOut, Deck's own), for `stork`
/// always its spring (`storkTimingSpec`). The overlay and the presenter's corner radius follow
/// their own ease-out. `--duration` stretches every part alike; the default 0.3 s is Deck's —
/// Stork's original pace is `--duration 0.6` (`Preset.duration`).
///
/// The card shows the top of the presented snapshot, laid out at full size: its bottom
/// `cardTop` points stay below the screen, as a card's content does.
///
/// `end`: the originals leave the card resting inset over the shrunken screen, so their last
/// frame is not the new screen — a card cut into a video pops there. By default (`screen`) the
/// card rises all the way, its corners squaring as it comes, and the last frame is the new
/// screen itself; `card` keeps the originals' resting layout.
public struct Card: BuiltinEffect {
    public enum Preset: String, ParameterChoice {
        case deck, stork

        /// The original's presentation duration in seconds.
        public var duration: Double { self == .deck ? 0.3 : 0.6 }
        /// Finger travel in points at which a swipe dismisses the card.
        public var dismissThreshold: Double { self == .deck ? Card.deckDismissThreshold : Card.storkDismissThreshold }
        /// Top corner radius in points of the card and of the presenter at the end.
        public var cornerRadius: Double { self == .deck ? 8 : 10 }
        /// Alpha of the black overlay on the presenter at the end.
        public var dim: Double { self == .deck ? 0.2 : 0.51 }

        /// SPStorkController's top space for a status bar of `inset` points.
        private func storkTopSpace(_ inset: Double) -> Double { inset < 25 ? 30 : inset }
        /// Where the presenter's top edge ends, in points.
        public func presenterTop(inset: Double) -> Double { self == .deck ? inset : storkTopSpace(inset) }
        /// Where the card's top edge ends, in points.
        public func cardTop(inset: Double) -> Double { self == .deck ? inset + 8 : storkTopSpace(inset) + 13 }
        /// The presenter's final uniform scale for a screen of `width × height` points.
        public func presenterScale(width: Double, height: Double, inset: Double) -> Double {
            self == .deck ? 1 - 2 * inset / height : 1 - 2 * (cornerRadius + 3) / width
        }
    }

    /// Where the presented card ends up (`end`).
    public enum End: String, ParameterChoice {
        /// Over the whole screen: the transition ends on the new screen itself.
        case screen
        /// Resting inset with rounded corners over the shrunken screen, as the originals do.
        case card
    }

    /// DeckTransition dismisses as soon as the finger has travelled 240 pt, during the drag.
    public static let deckDismissThreshold = 240.0
    /// SPStorkController dismisses on release at 200 pt or more (`translateForDismiss`).
    public static let storkDismissThreshold = 200.0

    /// SPStorkController's `UIView.animate(duration 0.6, usingSpringWithDamping: 1, initialSpringVelocity: 1)`.
    public static let storkTimingSpec = "spring(dampingRatio:1,velocity:1)"
    public static let storkTiming = try! TimingCurve(parsing: storkTimingSpec)

    public static let entry = EffectEntry(Card(), name: "card",
                                          summary: "Apple-Music-style card: the old screen shrinks back and darkens, the new one rises as a card.",
                                          defaultDuration: Preset.deck.duration, defaultTiming: .easeOut)
    public static let parameters: [ParameterBinding<Card>] = [.init(\.$preset), .init(\.$mode), .init(\.$end), .init(\.$inset),
                                                               .init(\.$shadow)]

    @Parameter("preset", "deck: DeckTransition (radius 8, overlay 0.2, \(Preset.deck.duration) s easeOut); stork: SPStorkController (radius 10, overlay 0.51, \(Preset.stork.duration) s spring).")
    var preset = Preset.deck
    @Parameter("mode", PresentationMode.summary)
    var mode = PresentationMode.present
    @Parameter("end", "screen: the card rises over the whole screen, so the last frame is the new screen; card: it rests inset with rounded corners over the shrunken old screen, as the originals do.")
    var end = End.screen
    @Parameter("inset", in: 0...200, "Top inset in pt, the status-bar height: deck moves the old screen down by it (card top at inset + 8); stork lays out from max(inset, 30) below 25 pt (card top 13 pt lower).")
    var inset = 20.0
    @Parameter("shadow", in: 0...1, "Opacity of a soft shadow above the card (Apple's sample: 0.44; 0 = none).")
    var shadow = 0.0

    /// A card resting over the shrunken screen (`end=card`) is no bare snapshot; every other
    /// end is.
    public func restingSnapshot(atEnd: Bool) -> ImageRef? {
        guard end == .card else { return atEnd ? .to : .from }
        switch mode {
        case .present: return atEnd ? nil : .from
        case .dismiss: return atEnd ? .to : nil
        }
    }

    /// The card's top edge when fully presented, in pixels at `scale`.
    func presentedCardTop(scale: Double) -> Double { end == .screen ? 0 : preset.cardTop(inset: inset) * scale }

    /// Dismissal by dragging the card down: the card follows the elastic offset
    /// f(T) of the finger's translation T (points, travel = the card's height), and the original
    /// dismisses at T ≥ 240 pt during the drag (Deck) or on release at T ≥ 200 pt (Stork).
    /// Presenting has no drag in the originals: it scrubs linearly.
    public func dragInteraction(_ frame: FrameContext) -> DragInteraction? {
        guard mode == .dismiss else { return nil }
        let motion = preset == .deck ? frame.timing : Self.storkTiming
        let duration = frame.duration
        let travel = max(1, (frame.height - presentedCardTop(scale: frame.scale)) / frame.scale)
        let fraction: @Sendable (Double) -> Double = { progress in
            motion.fraction(reaching: ElasticDrag.offset(forTranslation: max(0, progress) * travel) / travel, duration: duration)
        }
        return DragInteraction(fraction: fraction, finishThreshold: fraction(preset.dismissThreshold / travel),
                               finishesDuringDrag: preset == .deck)
    }

    public func plan(_ frame: FrameContext) -> FramePlan {
        let motion = preset == .deck ? frame.timing : Self.storkTiming
        let e = frame.eased(by: motion)
        let a = mode.amount(e)
        let ad = mode.amount(frame.eased(by: .easeOut))
        let canvas = frame.canvas
        let s = frame.scale
        let presenterScale = preset.presenterScale(width: canvas.width / s, height: canvas.height / s, inset: inset)
        // Scale about the top centre so the top edge stays put, then move down (DeckTransition's layout).
        let presenter = canvas.scaled(by: lerp(1, presenterScale, a), about: Point(x: canvas.midX, y: 0))
            .offsetBy(dx: 0, dy: lerp(0, preset.presenterTop(inset: inset) * s, a))
        let presenterCorners = CornerRadii.top(preset.cornerRadius * s * ad)
        let cardTop = presentedCardTop(scale: s)
        let cardHeight = max(0, canvas.height - cardTop)
        let card = Rect(x: 0, y: lerp(canvas.height, cardTop, a), width: canvas.width, height: cardHeight)
        // Rising over the whole screen, the card's corners square as it comes.
        let cardRadius = preset.cornerRadius * s * (end == .screen ? 1 - a : 1)
        // The shadow of Apple's presentation sample (AAPLCustomPresentationController): radius
        // 13 pt (σ ≈ 6.5 pt), offset (0, −6) pt.
        let cardShadow = shadow > 0 ? Shadow(color: Color.black.withAlpha(shadow), sigma: 6.5 * s, offset: Point(x: 0, y: -6 * s)) : nil
        return FramePlan(size: frame.size, time: frame.time, progress: e, commands: [
            .clear(.black),
            .layer(Layer(source: mode.presenting, frame: presenter, cornerRadii: presenterCorners)),
            .fill(Fill(shape: .rect(presenter, presenterCorners), color: Color.black.withAlpha(preset.dim * ad))),
            .layer(Layer(source: mode.presented, sourceRect: Rect(x: 0, y: 0, width: canvas.width, height: cardHeight),
                         frame: card, cornerRadii: .top(cardRadius), shadow: cardShadow)),
        ])
    }
}
