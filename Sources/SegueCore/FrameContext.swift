/// Everything an effect needs to plan one frame.
public struct FrameContext: Sendable {
    /// Canvas size in pixels (the fitted snapshots have this size too).
    public var size: PixelSize
    /// Animation-time fraction 0…1, linear in time; each part of an effect applies its own curve.
    public var fraction: Double
    /// Seconds since the start of the sequence (for `FramePlan.time`).
    public var time: Double
    /// The animation's duration D: curves are evaluated at `fraction · D` seconds.
    public var duration: Double
    /// The transition's curve (the user's `--timing` or the effect's default).
    public var timing: TimingCurve
    /// Device pixels per point, for parameters given in points (`--scale`).
    public var scale: Double
    public var seed: UInt64

    public init(size: PixelSize, fraction: Double, time: Double, duration: Double, timing: TimingCurve,
                scale: Double = 3, seed: UInt64 = 0) {
        self.size = size; self.fraction = fraction; self.time = time; self.duration = duration
        self.timing = timing; self.scale = scale; self.seed = seed
    }

    /// The transition's eased progress.
    public var progress: Double { eased(by: timing) }

    /// The progress of a part that follows its own curve.
    public func eased(by curve: TimingCurve) -> Double {
        if fraction <= 0 { return 0 }
        if fraction >= 1 { return 1 }
        return curve.value(atFraction: fraction, duration: duration)
    }

    public var canvas: Rect { Rect(size: size) }
    public var width: Double { Double(size.width) }
    public var height: Double { Double(size.height) }
}
