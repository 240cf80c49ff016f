/// Every limit on a number a user can give Segue, in one place (docs/LIMITS.md lists them).
/// Each is checked before any work starts, so bounded input means bounded work: no value
/// accepted here makes Segue run longer than its output needs, allocate more than its frames
/// need, or loop without end. A refused option value exits 64 and a refused value inside a
/// file exits 65, with one line naming the option (or the file and key) and the allowed range.
public enum Limits {
    // MARK: Canvas and memory

    /// Largest side of any image, in pixels: the GLES texture limit on llvmpipe and common GPUs.
    public static let canvasSide: Allowed<Int> = Allowed(1...16384, unit: " px")
    /// Most pixels in any one image: 256 MiB of RGBA.
    public static let canvasPixels = 64 * 1024 * 1024
    /// Most pixels of one frame `segue serve` draws for a request (a 4096×4096 or 5K frame; about
    /// 64 MiB of RGBA and a second of drawing): a page asks for frames continuously, so one
    /// request must stay cheap. The command line's `canvasPixels` is four times this.
    public static let servePixels = 16 * 1024 * 1024
    /// Most sprites one frame's sprite field may cut (about 32 MiB of sprite data); a smaller
    /// tile (sprite size × --scale) on a larger canvas is refused, not clamped, so what is
    /// drawn is always what was asked for.
    public static let spriteCount = 1_000_000
    /// Frames in flight between the renderer and the writers, together: a huge canvas does
    /// not multiply its frames by the core count.
    public static let framesInFlightBytes = 256 << 20

    // MARK: Input files

    /// Sample rates of the sound Segue takes from clips and audio beds: telephone sound (8 kHz)
    /// down to the 4 kHz of some old recordings, up to 768 kHz studio PCM. Every output's sound
    /// is resampled to 48 kHz; ffmpeg's resampler turns rates far below this range into a few
    /// samples with broken timestamps (a 7 Hz track became 0.008 s of AAC starting at 5.9e9 s).
    public static let soundRate: Allowed<Int> = Allowed(4000...768_000, unit: " Hz")

    /// The largest image file read.
    public static let imageFileBytes = 1 << 30
    /// The largest text input read (spec, shader files): far above any real one, so that a
    /// mistaken path (a disk image, a log) is refused instead of parsed.
    public static let textFileBytes = 16 << 20
    /// The largest manifest or journal `--resume` reads: 3 600 001 frames' records.
    public static let manifestBytes = 1 << 30

    // MARK: Time

    /// Frames per second.
    public static let fps: Allowed<Double> = Allowed(0...1000, excludingLower: true)
    /// Length of one rendered sequence in seconds: `--duration`, a spring's settling time, a
    /// gesture's drag plus its completion.
    public static let duration: Allowed<Double> = Allowed(0...3600, unit: " s")
    /// Most frames one job renders: the longest sequence at the highest rate.
    public static let frameCount = Int(duration.range.upperBound * fps.range.upperBound) + 1
    /// `segue timing --duration`: the animation a curve is read for (shapes the UIKit spring form).
    public static let curveDuration: Allowed<Double> = Allowed(0...3600, excludingLower: true, unit: " s")
    /// `--at`, `plan --at`, `watch --at`: the time fraction.
    public static let fraction: Allowed<Double> = Allowed(0...1)
    /// `--time-limit`: seconds one frame of a user shader may take (0 = no limit); a day at most.
    public static let frameTimeLimit: Allowed<Double> = Allowed(0...86_400, unit: " s")
    /// `watch --interval`: seconds between checks of the file.
    public static let watchInterval: Allowed<Double> = Allowed(0.01...3600, unit: " s")

    // MARK: Transition options

    /// `--scale`: device pixels per point. 0.1 keeps the built-in 390×844 pt samples at least
    /// 39 px wide; 10 is beyond any screen.
    public static let scale: Allowed<Double> = Allowed(0.1...10)
    /// Each coordinate of a point or rectangle `--param` (points), far beyond any canvas.
    public static let parameterCoordinate: Allowed<Double> = Allowed(-1_000_000...1_000_000)
    /// Each float of a user shader's uniform `--param`: what a 32-bit float holds.
    public static let uniformValue: Allowed<Double> = Allowed(-Double(Float.greatestFiniteMagnitude)...Double(Float.greatestFiniteMagnitude))
    /// `--gesture-travel` and a track's `travel`, in the samples' units.
    public static let gestureTravel: Allowed<Double> = Allowed(0.001...1_000_000)

    // MARK: xfade custom expressions (docs/XFADE.md)

    /// Most bytes of an expression (64 KiB: the longest published ones are a few KiB).
    public static let expressionBytes = 64 * 1024
    /// Tallest expression tree: a chain of 256 operators.
    public static let expressionHeight = 256
    /// Most operations in one expression.
    public static let expressionNodes = 16_384
    /// Most iterations the `while` loops of one pixel's evaluation may run together before
    /// Segue stops with an error instead of looping on (`while(1, …)` never ends).
    public static let expressionLoopIterations = 100_000

    // MARK: Contact sheets and previews

    /// `--sheet-frames`: frames on a contact sheet.
    public static let sheetFrames: Allowed<Int> = Allowed(1...12)
    /// `--sheet-columns`.
    public static let sheetColumns: Allowed<Int> = Allowed(1...12)
    /// `--sheet-width`: thumbnail width in pixels (the sheet itself must also fit `canvasSide`
    /// and `canvasPixels`, which bounds tall thumbnails of narrow frames).
    public static let sheetWidth: Allowed<Int> = Allowed(16...4096, unit: " px")
    /// A video encoder's constant-quality value, the widest encoder's range (libvpx-vp9's);
    /// libx264's 0…51 is checked with the output (`EncoderSettings`).
    public static let crf: Allowed<Int> = Allowed(0...63)
    /// Frames between key frames.
    public static let keyint: Allowed<Int> = Allowed(1...100_000, unit: " frames")
    /// `watch --strip`: frames side by side.
    public static let stripFrames: Allowed<Int> = Allowed(2...64)

    // MARK: Sharding and benchmarks

    /// `--shard I/N` and `--shard-count`: N. A shard may hold no frame (more shards than
    /// frames); it writes nothing and exits 0.
    public static let shardCount: Allowed<Int> = Allowed(1...100_000)
    /// `bench --frames` and `--runs`.
    public static let benchFrames: Allowed<Int> = Allowed(2...10_000)
    public static let benchRuns: Allowed<Int> = Allowed(1...100)

    // MARK: Gestures (docs/GESTURES.md)

    /// Bytes of a gesture track file, checked before it is parsed (JSON parsing takes about a
    /// hundred times the file's size): some 40 000 JSON samples, minutes of touch events.
    public static let gestureFileBytes = 1024 * 1024
    /// Samples in a gesture track (about 14 minutes of 120 Hz touch events).
    public static let gestureSamples = 100_000
    /// A track's `t` values and `release` lie within this many seconds of its first sample.
    public static let gestureSpan: Allowed<Double> = Allowed(0...3600, unit: " s")
    /// A track's completion `speed`.
    public static let gestureSpeed: Allowed<Double> = Allowed(0.01...100)

    // MARK: Element maps (docs/MAGIC-MOVE.md)

    /// Bytes of an element map (JSON, an Android `uiautomator dump`, an XCUITest list): a
    /// dump of a busy screen is a few hundred kilobytes.
    public static let elementMapBytes = 8 << 20
    /// Elements in one map: a photo grid of several hundred cells with room to spare; each
    /// moving element costs one pass over its own pixels per frame.
    public static let elementCount = 4096

    // MARK: Springs (docs/TIMING.md)

    /// `spring(mass:stiffness:damping:)` values; the settling time is then bounded separately.
    public static let springMass: Allowed<Double> = Allowed(0.000_001...1_000_000)
    public static let springStiffness: Allowed<Double> = Allowed(0.000_001...1_000_000)
    public static let springDamping: Allowed<Double> = Allowed(0.000_001...1_000_000)
    /// `response` and `duration` of the SwiftUI forms, in seconds.
    public static let springPeriod: Allowed<Double> = Allowed(0.001...3600, unit: " s")
    /// `dampingRatio`.
    public static let springDampingRatio: Allowed<Double> = Allowed(0.001...1000)
    /// `velocity`, in distances per second.
    public static let springVelocity: Allowed<Double> = Allowed(-1_000_000...1_000_000)
    /// Longest settling time a spring may have: the longest sequence.
    public static var springSettlingTime: Double { duration.range.upperBound }
}

/// An interval of accepted values and how a message writes it: "0…1", "more than 0 and at
/// most 1000". NaN and infinities are never inside.
public struct Allowed<Value: Comparable & Sendable>: Sendable {
    public let range: ClosedRange<Value>
    /// True when the lower end itself is refused (fps 0, a travel of 0).
    public let excludesLower: Bool
    /// Appended to the range in messages, e.g. " s", " px".
    public let unit: String

    public init(_ range: ClosedRange<Value>, excludingLower: Bool = false, unit: String = "") {
        self.range = range
        self.excludesLower = excludingLower
        self.unit = unit
    }

    public func contains(_ value: Value) -> Bool {
        range.contains(value) && !(excludesLower && value == range.lowerBound)
    }

    /// The range as a message writes it.
    public var text: String {
        let lo = Allowed.format(range.lowerBound), hi = Allowed.format(range.upperBound)
        return excludesLower ? "more than \(lo) and at most \(hi)\(unit)" : "\(lo)…\(hi)\(unit)"
    }

    /// nil when `value` is accepted; else "must be in 0…1" (what follows the value in a message).
    public func problem(_ value: Value) -> String? {
        contains(value) ? nil : excludesLower ? "must be \(text)" : "must be in \(text)"
    }

    /// Throws a usage error (exit 64) "<option> <value>: must be in …" when `value` is refused.
    public func check(_ value: Value, option: String) throws(SegueError) {
        if let problem = problem(value) { throw .usage("\(option) \(Allowed.format(value)): \(problem)") }
    }

    /// Shortest decimal, without a trailing ".0".
    public static func format(_ value: Value) -> String {
        let s = "\(value)"
        return s.hasSuffix(".0") ? String(s.dropLast(2)) : s
    }
}

extension Double {
    /// The nearest `Int` within `range` (NaN gives the lower end): `Int(self)` traps on huge,
    /// infinite or NaN values, so input-derived values pass through here first.
    public func clampedInt(_ range: ClosedRange<Int>) -> Int {
        guard self > Double(range.lowerBound) else { return range.lowerBound }
        guard self < Double(range.upperBound) else { return range.upperBound }
        return Int(self)
    }
}
