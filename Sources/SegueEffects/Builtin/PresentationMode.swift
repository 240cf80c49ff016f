import SegueCore

/// Which way a presentation runs. The originals dismiss by running the presentation backwards
/// (BubbleTransition, DeckTransition, the diagonal example of Apple's View Controller
/// Programming Guide), so an effect plans one "how far presented" amount and swaps the roles of
/// the two snapshots.
public enum PresentationMode: String, ParameterChoice {
    /// The presented screen (`.to`) comes in over the presenting one (`.from`).
    case present
    /// The presented screen (`.from`) goes away and uncovers the presenting one (`.to`).
    case dismiss

    /// What the `mode` parameter means, for every effect that takes one.
    static let summary = "present: the new screen comes in over the old one; dismiss: the old screen goes away, uncovering the new one."

    /// The screen that moves in or out.
    var presented: ImageRef { self == .present ? .to : .from }
    /// The screen that stays underneath.
    var presenting: ImageRef { self == .present ? .from : .to }

    /// How far the presented screen is in (1 = fully presented) at eased progress `e`.
    func amount(_ e: Double) -> Double { self == .present ? e : 1 - e }
}
