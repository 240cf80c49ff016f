/// One gesture event: seconds (any origin) and the transition's percent (finger travel over the
/// full travel; unclamped, as the app computes it before calling `update(_:)`).
public struct GestureSample: Hashable, Sendable {
    public var time: Double
    public var percent: Double
    public init(time: Double, percent: Double) { self.time = time; self.percent = percent }
}

/// How a release decides between finishing and cancelling (the finish-or-cancel rules of UIKit interactive transitions, Apple, `UIPercentDrivenInteractiveTransition`).
public struct DecisionRule: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        /// Finish iff p + projected distance ≥ threshold (WWDC 2018 "Designing Fluid Interfaces").
        case projected
        /// Finish iff p ≥ threshold (Apple's AAPLSwipeTransitionInteractionController).
        case position
    }
    public var kind: Kind
    public var threshold: Double
    /// UIScrollView deceleration rate per millisecond (`.normal` = 0.998, `.fast` = 0.99).
    public var deceleration: Double
    /// When set, a release at least this fast (percent per second) finishes if moving forwards
    /// and cancels if moving backwards, whatever the position.
    public var velocityOverride: Double?

    public init(kind: Kind = .projected, threshold: Double = 0.5, deceleration: Double = 0.998,
                velocityOverride: Double? = nil) throws(SegueError) {
        guard threshold.isFinite else { throw .invalidInput("gesture rule: threshold must be a finite number") }
        guard deceleration > 0 && deceleration < 1 else {
            throw .invalidInput("gesture rule: deceleration must be in (0, 1), got \(deceleration)")
        }
        if let v = velocityOverride, !(v > 0 && v.isFinite) {
            throw .invalidInput("gesture rule: velocityOverride must be a positive number, got \(v)")
        }
        self.kind = kind; self.threshold = threshold; self.deceleration = deceleration
        self.velocityOverride = velocityOverride
    }

    /// Project the release velocity at UIScrollView's normal rate, finish past halfway.
    public static let standard = DecisionRule(uncheckedKind: .projected, threshold: 0.5, deceleration: 0.998)

    private init(uncheckedKind kind: Kind, threshold: Double, deceleration: Double) {
        self.kind = kind; self.threshold = threshold; self.deceleration = deceleration; velocityOverride = nil
    }

    /// Distance a flick at `velocity` (per second) travels while decelerating at λ per ms:
    /// (v/1000)·λ/(1 − λ), ≈ 0.499·v for λ = 0.998.
    public func projection(ofVelocity velocity: Double) -> Double {
        velocity / 1000 * deceleration / (1 - deceleration)
    }
}

/// What happened at release, for `segue plan` and tests.
public struct InteractiveDecision: Hashable, Sendable {
    public enum Reason: String, Hashable, Sendable { case position, projection, velocity }
    public var finishes: Bool
    public var reason: Reason
    /// Sequence time of the release (seconds since the first sample).
    public var releaseTime: Double
    /// Animation fraction at release, clamped to [0, 1].
    public var releasePercent: Double
    /// Finger velocity at release, percent per second (least squares over the last 100 ms).
    public var releaseVelocity: Double
    /// releasePercent + the projected distance (what the `projected` rule compares).
    public var projectedPercent: Double
    /// How long the completion runs after the release.
    public var completionDuration: Double
}

/// `UIPercentDrivenInteractiveTransition` as a `TimeDriver` (Apple, UIKit documentation): while the finger is
/// down the animation clock follows the finger linearly (fraction = clamped percent; each effect
/// still applies its own curves to its parts); on release the rule decides finish or cancel and
/// the clock completes from p to 1 (or back to 0) with the completion curve or a spring.
public struct InteractiveDriver: TimeDriver {
    public enum Completion: Hashable, Sendable {
        /// Remaining time (1 − p)·D/speed forwards or p·D/speed back (UIKit: easeInEaseOut, 1).
        case curve(CubicBezier, speed: Double)
        /// A spring inheriting the release velocity (normalised to the remaining distance). The
        /// UIKit form runs for the remaining time as a curve does; the other forms run for their
        /// own settling time, as `UISpringTimingParameters(mass:…)` ignores the animator's duration.
        case spring(Spring, speed: Double)

        public static let uikitDefault = Completion.curve(.easeInEaseOut, speed: 1)
    }

    /// How far back the release velocity looks (s): long enough to average a few 60–120 Hz
    /// events, short enough to follow a flick.
    public static let velocityWindow = 0.1

    private let times: [Double]
    private let percents: [Double]
    private let startTime: Double
    public let duration: Double
    public let completion: Completion
    public let decision: InteractiveDecision
    private let tail: Tail

    private enum Tail: Sendable {
        case curve(CubicBezier)
        case spring(SpringMotion)
    }

    public var finishes: Bool { decision.finishes }
    public var length: Double { decision.releaseTime + decision.completionDuration }

    /// - Parameters:
    ///   - samples: the gesture, in time order (equal times allowed, never backwards).
    ///   - releaseTime: when the finger lifts (same clock as the samples); default the last
    ///     sample. The finger rests at its last position until then.
    ///   - duration: the transition's non-interactive duration D.
    public init(samples: [GestureSample], releaseTime: Double? = nil, duration: Double,
                rule: DecisionRule = .standard, completion: Completion = .uikitDefault) throws(SegueError) {
        guard let first = samples.first, let last = samples.last else { throw .invalidInput("gesture: no samples") }
        for (i, s) in samples.enumerated() {
            guard s.time.isFinite, s.percent.isFinite else {
                throw .invalidInput("gesture: sample \(i) is not finite (t \(s.time), percent \(s.percent))")
            }
            if i > 0 && s.time < samples[i - 1].time {
                throw .invalidInput("gesture: time goes backwards at sample \(i) (\(s.time) after \(samples[i - 1].time))")
            }
        }
        let release = releaseTime ?? last.time
        guard release.isFinite, release >= last.time else {
            throw .invalidInput("gesture: release time \(release) is before the last sample (\(last.time))")
        }
        guard duration > 0 && duration.isFinite else { throw .invalidInput("gesture: duration must be > 0, got \(duration)") }
        let speed: Double
        switch completion { case .curve(_, let s), .spring(_, let s): speed = s }
        guard speed > 0 && speed.isFinite else { throw .invalidInput("gesture: completion speed must be > 0, got \(speed)") }

        times = samples.map(\.time)
        percents = samples.map(\.percent)
        startTime = first.time
        self.duration = duration
        self.completion = completion

        let p = clamp(Self.interpolate(times, percents, at: release), 0, 1)
        let v = Self.releaseVelocity(times, percents, release: release)
        let projected = p + rule.projection(ofVelocity: v)
        let finishes: Bool
        let reason: InteractiveDecision.Reason
        if let limit = rule.velocityOverride, abs(v) >= limit {
            finishes = v > 0; reason = .velocity
        } else if rule.kind == .projected {
            finishes = projected >= rule.threshold; reason = .projection
        } else {
            finishes = p >= rule.threshold; reason = .position
        }
        let remaining = finishes ? 1 - p : p
        let remainingTime = remaining * duration / speed
        let completionDuration: Double
        switch completion {
        case .curve(let c, _):
            tail = .curve(c)
            completionDuration = remainingTime
        case .spring(let s, _):
            // Velocity towards the target, in units of the remaining distance per second.
            let towards = finishes ? v : -v
            let motion = s.with(velocity: remaining > 0 ? towards / remaining : 0).motion(duration: remainingTime)
            tail = .spring(motion)
            completionDuration = remaining > 0 ? (s.usesAnimationDuration ? remainingTime : motion.settlingTime()) : 0
        }
        decision = InteractiveDecision(finishes: finishes, reason: reason, releaseTime: release - first.time,
                                       releasePercent: p, releaseVelocity: v, projectedPercent: projected,
                                       completionDuration: completionDuration)
    }

    public func fraction(atTime t: Double) -> Double {
        if t <= decision.releaseTime { return clamp(Self.interpolate(times, percents, at: t + startTime), 0, 1) }
        // Compared in sequence time so the last frame (t = length) is exactly the end state.
        if t >= length { return finishes ? 1 : 0 }
        let tau = t - decision.releaseTime
        let p = decision.releasePercent, T = decision.completionDuration
        let c: Double
        switch tail {
        case .curve(let curve): c = curve.value(at: tau / T)
        case .spring(let motion): c = motion.value(atTime: tau)
        }
        // Past the ends the effects' clocks hold their end states (CA's layer time beyond the
        // duration), so a spring's overshoot is clamped.
        return clamp(finishes ? p + (1 - p) * c : p * (1 - c), 0, 1)
    }

    /// Percent at time t: linear between samples, held before the first and after the last.
    /// Binary search, so evaluating every frame of a long gesture is O(n log n).
    private static func interpolate(_ times: [Double], _ values: [Double], at t: Double) -> Double {
        if !(t > times[0]) { return values[0] }
        // First index with times[i] > t.
        var lo = 0, hi = times.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if times[mid] > t { hi = mid } else { lo = mid + 1 }
        }
        if lo == times.count { return values[values.count - 1] }
        let i = lo - 1
        let u = (t - times[i]) / (times[lo] - times[i])
        return values[i] + (values[lo] - values[i]) * u
    }

    /// Least-squares slope of percent over time for the samples in the last `velocityWindow`
    /// before release (plus the resting finger at release when it lifted after the last sample),
    /// widened to the last two points when the window holds fewer; 0 for a single sample.
    private static func releaseVelocity(_ times: [Double], _ values: [Double], release: Double) -> Double {
        var ts: [Double] = [], ps: [Double] = []
        if release > times[times.count - 1] { ts.append(release); ps.append(values[values.count - 1]) }
        var i = times.count - 1
        while i >= 0 && (times[i] >= release - velocityWindow || ts.count < 2) {
            ts.append(times[i]); ps.append(values[i]); i -= 1
        }
        guard ts.count >= 2 else { return 0 }
        let n = Double(ts.count)
        let mt = ts.reduce(0, +) / n, mp = ps.reduce(0, +) / n
        var sxy = 0.0, sxx = 0.0
        for k in ts.indices { sxy += (ts[k] - mt) * (ps[k] - mp); sxx += (ts[k] - mt) * (ts[k] - mt) }
        return sxx > 0 ? sxy / sxx : 0
    }
}
