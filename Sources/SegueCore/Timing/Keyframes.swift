/// A value that passes through stops, like `CAKeyframeAnimation` with `keyTimes`, `values` and
/// per-segment `timingFunctions` (calculation mode linear): between stop i and i + 1 the value
/// moves from `values[i]` to `values[i+1]` along `curves[i]`. Effects use it directly for values
/// with intermediate stops (a scale that dips and returns); as a `TimingCurve` it must run from
/// 0 to 1 (it may overshoot in between).
public struct Keyframes: Hashable, Sendable, Codable, CustomStringConvertible {
    /// Key times as fractions of the animation, non-decreasing, from 0 to 1.
    public let times: [Double]
    public let values: [Double]
    /// One curve per segment (`times.count − 1`); CAKeyframeAnimation's default is linear.
    public let curves: [CubicBezier]

    public init(times: [Double], values: [Double], curves: [CubicBezier]? = nil) throws(SegueError) {
        guard times.count >= 2, times.count == values.count else {
            throw .invalidInput("keyframes: need at least two stops with one value per key time")
        }
        guard times.allSatisfy({ $0.isFinite }), values.allSatisfy({ $0.isFinite }) else {
            throw .invalidInput("keyframes: key times and values must be finite numbers")
        }
        guard times.first == 0, times.last == 1 else { throw .invalidInput("keyframes: key times must start at 0 and end at 1") }
        for i in 1..<times.count where times[i] < times[i - 1] {
            throw .invalidInput("keyframes: key time \(times[i]) comes before \(times[i - 1])")
        }
        let curves = curves ?? Array(repeating: .linear, count: times.count - 1)
        guard curves.count == times.count - 1 else {
            throw .invalidInput("keyframes: need \(times.count - 1) segment curves, got \(curves.count)")
        }
        self.times = times; self.values = values; self.curves = curves
    }

    /// The value at animation fraction f (the first/last value outside [0, 1]). At a repeated key
    /// time the value jumps to the later stop.
    public func value(at f: Double) -> Double {
        if !(f > 0) { return values[0] }
        if f >= 1 { return values[values.count - 1] }
        var i = 0
        while times[i + 1] <= f { i += 1 }
        let u = (f - times[i]) / (times[i + 1] - times[i])
        return values[i] + (values[i + 1] - values[i]) * curves[i].value(at: u)
    }

    /// `keyframes(t:v;t:v:curve;…)`: stops separated by `;`, each `time:value` optionally
    /// followed by `:curve`, the curve of the segment that ends at that stop.
    public var description: String {
        var stops: [String] = []
        for i in times.indices {
            var s = "\(Spring.format(times[i])):\(Spring.format(values[i]))"
            if i > 0 && curves[i - 1] != .linear { s += ":\(TimingCurve.bezier(curves[i - 1]).description)" }
            stops.append(s)
        }
        return "keyframes(\(stops.joined(separator: ";")))"
    }

    init(parsingArguments inner: Substring, spec: String) throws(SegueError) {
        func fail(_ m: String) -> SegueError { .invalidInput("timing '\(spec)': \(m)") }
        var times: [Double] = [], values: [Double] = [], curves: [CubicBezier] = []
        for (i, stop) in inner.split(separator: ";", omittingEmptySubsequences: false).enumerated() {
            let parts = stop.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
            guard parts.count >= 2, let t = Double(parts[0]), let v = Double(parts[1]), t.isFinite, v.isFinite else {
                throw fail("keyframe stop '\(stop)' is not time:value[:curve] with finite numbers")
            }
            times.append(t); values.append(v)
            if parts.count == 3 {
                guard i > 0 else { throw fail("the first keyframe stop has no segment to take a curve") }
                guard case .bezier(let b) = try TimingCurve(parsing: String(parts[2])) else {
                    throw fail("keyframe segments take Bézier curves, got '\(parts[2])'")
                }
                curves.append(b)
            } else if i > 0 {
                curves.append(.linear)
            }
        }
        do throws(SegueError) {
            try self.init(times: times, values: values, curves: curves)
        } catch {
            throw fail(String(error.message.dropFirst("keyframes: ".count)))
        }
        guard values.first == 0, values.last == 1 else { throw fail("keyframes used as a timing curve must start at 0 and end at 1") }
    }
}
