/// Everything an effect needs to plan one frame.
///
/// Two measures of "how far": `timeFraction` is the share of the duration elapsed, linear in
/// time (what a gesture or `still --at` sets); `easedProgress` is that fraction mapped through
/// the transition's timing curve, what most effects animate by. A part of an effect that follows
/// a curve of its own maps `timeFraction` with `eased(by:)`.
public struct FrameContext: Sendable {
    /// Canvas size in pixels (the fitted snapshots have this size too).
    public var size: PixelSize
    /// Elapsed share of the animation's duration, 0…1, linear in time (before any timing curve).
    public var timeFraction: Double
    /// Seconds since the start of the sequence (for `FramePlan.time`).
    public var time: Double
    /// The animation's duration D: curves are evaluated at `timeFraction · D` seconds.
    public var duration: Double
    /// The transition's curve (the user's `--timing` or the effect's default).
    public var timing: TimingCurve
    /// Device pixels per point, for parameters given in points (`--scale`).
    public var scale: Double
    public var seed: UInt64

    public init(size: PixelSize, timeFraction: Double, time: Double, duration: Double, timing: TimingCurve,
                scale: Double = 3, seed: UInt64 = 0) {
        self.size = size; self.timeFraction = timeFraction; self.time = time; self.duration = duration
        self.timing = timing; self.scale = scale; self.seed = seed
    }

    /// `timeFraction` through the transition's curve: 0 at the start, 1 at the end, possibly
    /// beyond in between (a spring overshoots).
    public var easedProgress: Double { eased(by: timing) }

    /// `timeFraction` through `curve`, for a part that follows its own curve.
    public func eased(by curve: TimingCurve) -> Double {
        if timeFraction <= 0 { return 0 }
        if timeFraction >= 1 { return 1 }
        return curve.value(atFraction: timeFraction, duration: duration)
    }

    public var canvas: Rect { Rect(size: size) }
    public var width: Double { Double(size.width) }
    public var height: Double { Double(size.height) }
}
