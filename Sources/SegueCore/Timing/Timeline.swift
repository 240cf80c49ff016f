/// Maps sequence time to the animation's own time fraction. A plain transition runs its
/// clock straight through; an interactive one (a gesture) scrubs it and then completes.
public protocol TimeDriver: Sendable {
    /// Length of the rendered sequence in seconds.
    var length: Double { get }
    /// Animation-time fraction (0…1, linear in the animation's clock) at sequence time `t`.
    func fraction(atTime t: Double) -> Double
}

/// The clock of a non-interactive transition of `duration` seconds.
public struct LinearDriver: TimeDriver {
    public let duration: Double
    public init(duration: Double) { self.duration = duration }
    public var length: Double { duration }
    public func fraction(atTime t: Double) -> Double { duration > 0 ? clamp(t / duration, 0, 1) : 1 }
}

/// Frame n ↔ time ↔ fraction (docs/ARCHITECTURE.md "Conventions"): a sequence of length L at f frames per
/// second has `round(L·f) + 1` frames; frame n is at `t = n/f` clamped to L (the last one at L),
/// so the first frame is exactly the start state and the last exactly the end state.
public struct Timeline: Sendable {
    public let fps: Double
    public let driver: any TimeDriver

    public init(fps: Double, driver: any TimeDriver) {
        self.fps = fps
        self.driver = driver
    }
    public init(duration: Double, fps: Double) { self.init(fps: fps, driver: LinearDriver(duration: duration)) }

    /// Callers check the length and rate against `Limits` first; the clamp only keeps an
    /// unchecked driver from trapping in the conversion.
    public var frameCount: Int { (driver.length * fps).rounded().clampedInt(0...Limits.frameCount) + 1 }

    /// The last frame sits exactly at the end even when `L·f` is not a whole number of frames,
    /// so it always shows the end state.
    public func time(ofFrame n: Int) -> Double {
        n >= frameCount - 1 ? driver.length : min(Double(n) / fps, driver.length)
    }

    public func fraction(ofFrame n: Int) -> Double { driver.fraction(atTime: time(ofFrame: n)) }
}
