import SegueCore

/// How an effect's original follows a finger, where it departs from
/// `UIPercentDrivenInteractiveTransition`'s linear percent and 0.5 rule: a card that moves
/// elastically and dismisses past a distance (DeckTransition, SPStorkController), a bubble that
/// finishes past 0.3 (BubbleTransition's `BubbleInteractiveTransition`). The pipeline maps a
/// gesture track through it before deciding finish or cancel.
public struct DragInteraction: Sendable {
    /// The time fraction (`FrameContext.timeFraction`) for the finger's progress (translation /
    /// travel, unclamped).
    public var fraction: @Sendable (Double) -> Double
    /// The transition finishes when the fraction at release is at least this (a position rule).
    public var finishThreshold: Double
    /// The original completes as soon as the drag reaches the threshold, without waiting for
    /// the finger to lift (DeckTransition).
    public var finishesDuringDrag: Bool

    public init(fraction: @escaping @Sendable (Double) -> Double, finishThreshold: Double, finishesDuringDrag: Bool = false) {
        self.fraction = fraction
        self.finishThreshold = finishThreshold
        self.finishesDuringDrag = finishesDuringDrag
    }
}

extension Effect {
    /// nil: the transition follows the finger linearly and decides by the track's rule.
    public func dragInteraction(_ frame: FrameContext) -> DragInteraction? { nil }
}
