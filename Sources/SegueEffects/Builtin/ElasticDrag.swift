#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The rubber-band mapping of a swipe-to-dismiss card (HarshilShah/DeckTransition; the same in
/// ivanvorobei/SPStorkController): the card follows the finger at half speed for the first
/// 120 pt, then ever more reluctantly, `f(T) = 60 + 30·atan((T − 120)/120) + (T − 120)/10`.
public enum ElasticDrag {
    /// Where the linear half-speed part ends, in points of finger travel.
    static let knee = 120.0

    /// Card offset in points for a downward finger translation `T` in points. An upward drag
    /// (`T < 0`) does not move the card.
    public static func offset(forTranslation t: Double) -> Double {
        if t <= 0 { return 0 }
        if t < knee { return t / 2 }
        let beyond = t - knee
        return knee / 2 + 30 * atan(beyond / knee) + beyond / 10
    }
}
