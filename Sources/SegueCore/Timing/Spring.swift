#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A damped spring moving a value from 0 to 1, in the four ways Apple's APIs describe one
/// (Apple, `CASpringAnimation`, SwiftUI `Spring`, UIKit spring animations). It is always evaluated in closed form (`SpringMotion`), never integrated.
///
/// `velocity` is the initial velocity normalised to the distance, as in UIKit and
/// CASpringAnimation: 1 = the whole from→to distance per second, positive towards the target.
public struct Spring: Hashable, Sendable, Codable, CustomStringConvertible {
    public enum Form: Hashable, Sendable, Codable {
        /// CASpringAnimation / `UISpringTimingParameters(mass:stiffness:damping:)`.
        case physical(mass: Double, stiffness: Double, damping: Double)
        /// SwiftUI `Spring(response:dampingRatio:)`: response is the undamped period.
        case response(response: Double, dampingRatio: Double)
        /// SwiftUI / iOS 17 `Spring(duration:bounce:)` (perceptual duration).
        case durationBounce(duration: Double, bounce: Double)
        /// UIKit `usingSpringWithDamping:initialSpringVelocity:`: the animation's duration is
        /// honoured, so the constants depend on it (see `SpringMotion.uikit`).
        case uikit(dampingRatio: Double)
    }

    public let form: Form
    public let velocity: Double

    /// CASpringAnimation's defaults are mass 1, stiffness 100, damping 10, velocity 0.
    public init(mass: Double = 1, stiffness: Double = 100, damping: Double = 10, velocity: Double = 0) throws(SegueError) {
        try Self.check(mass, "mass", Limits.springMass)
        try Self.check(stiffness, "stiffness", Limits.springStiffness)
        // CASpringAnimation allows damping 0, but an undamped spring never settles.
        try Self.check(damping, "damping", Limits.springDamping)
        try Self.check(velocity, "velocity", Limits.springVelocity)
        form = .physical(mass: mass, stiffness: stiffness, damping: damping)
        self.velocity = velocity
    }

    /// SwiftUI's legacy `.spring()` default damping fraction is 0.825.
    public init(response: Double, dampingRatio: Double = 0.825, velocity: Double = 0) throws(SegueError) {
        try Self.check(response, "response", Limits.springPeriod)
        try Self.check(dampingRatio, "dampingRatio", Limits.springDampingRatio)
        try Self.check(velocity, "velocity", Limits.springVelocity)
        form = .response(response: response, dampingRatio: dampingRatio)
        self.velocity = velocity
    }

    /// SwiftUI's defaults are duration 0.5 s, bounce 0 (critically damped; the parser applies
    /// them, here they would make `Spring()` ambiguous). Bounce must be in (−1, 1): 1 would be
    /// undamped, −1 infinitely over-damped.
    public init(duration: Double, bounce: Double, velocity: Double = 0) throws(SegueError) {
        try Self.check(duration, "duration", Limits.springPeriod)
        guard bounce > -1 && bounce < 1 else { throw .invalidInput("spring: bounce must be in (-1, 1), got \(Self.format(bounce))") }
        try Self.check(velocity, "velocity", Limits.springVelocity)
        form = .durationBounce(duration: duration, bounce: bounce)
        self.velocity = velocity
    }

    /// The UIKit form; its length is the animation's duration.
    public init(dampingRatio: Double, velocity: Double = 0) throws(SegueError) {
        try Self.check(dampingRatio, "dampingRatio", Limits.springDampingRatio)
        try Self.check(velocity, "velocity", Limits.springVelocity)
        form = .uikit(dampingRatio: dampingRatio)
        self.velocity = velocity
    }

    private init(form: Form, velocity: Double) { self.form = form; self.velocity = velocity }

    /// The same spring started with another normalised velocity (an interactive transition's
    /// spring tail inherits the finger's release velocity).
    public func with(velocity v: Double) -> Spring { Spring(form: form, velocity: v.isFinite ? v : 0) }

    private static func check(_ v: Double, _ name: String, _ allowed: Allowed<Double>) throws(SegueError) {
        if let problem = allowed.problem(v) { throw .invalidInput("spring: \(name) \(format(v)): \(problem)") }
    }

    /// Whether the spring's length is the animation's duration (UIKit form) rather than its own
    /// settling time.
    public var usesAnimationDuration: Bool { if case .uikit = form { return true } else { return false } }

    /// The resolved motion; `duration` is used only by the UIKit form.
    public func motion(duration: Double) -> SpringMotion {
        switch form {
        case let .physical(m, k, c):
            return SpringMotion(naturalFrequency: (k / m).squareRoot(), dampingRatio: c / (2 * (k * m).squareRoot()),
                                velocity: velocity, mass: m)
        case let .response(response, zeta):
            return SpringMotion(naturalFrequency: 2 * Double.pi / response, dampingRatio: zeta, velocity: velocity)
        case let .durationBounce(duration, bounce):
            // SwiftUI mapping (Flutter's withDurationAndBounce documents the same).
            let zeta = bounce >= 0 ? 1 - bounce : 1 / (1 + bounce)
            return SpringMotion(naturalFrequency: 2 * Double.pi / duration, dampingRatio: zeta, velocity: velocity)
        case let .uikit(zeta):
            return SpringMotion.uikit(dampingRatio: zeta, velocity: velocity, duration: duration)
        }
    }

    /// The value `time` seconds in. The UIKit form is shaped by `duration`; the others ignore it.
    public func value(atTime time: Double, duration: Double) -> Double {
        if usesAnimationDuration && !(duration > 0) { return 1 }
        return motion(duration: duration).value(atTime: time)
    }

    /// The settling time for the forms that carry their own length; nil for the UIKit form,
    /// which lasts the animation's duration.
    public var naturalDuration: Double? {
        usesAnimationDuration ? nil : motion(duration: 0).settlingTime()
    }

    /// Derived constants for `segue timing --describe`.
    public func describe(duration: Double) -> SpringMotion.Constants { motion(duration: duration).constants }

    /// The `--timing` syntax; parses back to an equal spring.
    public var description: String {
        let f = Self.format
        let v = velocity == 0 ? "" : ",velocity:\(f(velocity))"
        switch form {
        case let .physical(m, k, c): return "spring(mass:\(f(m)),stiffness:\(f(k)),damping:\(f(c))\(v))"
        case let .response(r, z): return "spring(response:\(f(r)),dampingRatio:\(f(z))\(v))"
        case let .durationBounce(d, b): return "spring(duration:\(f(d)),bounce:\(f(b))\(v))"
        case let .uikit(z): return "spring(dampingRatio:\(f(z))\(v))"
        }
    }

    /// Shortest round-tripping decimal, without a trailing ".0".
    static func format(_ v: Double) -> String {
        let s = "\(v)"
        return s.hasSuffix(".0") ? String(s.dropLast(2)) : s
    }

    /// Parses the argument list of `spring(…)`: `label:value` pairs separated by commas. The
    /// labels choose the form: mass/stiffness/damping (any subset, CASpringAnimation defaults),
    /// response[/dampingRatio], duration/bounce (any subset, SwiftUI defaults), or dampingRatio
    /// alone (UIKit); velocity goes with any of them.
    init(parsingArguments inner: Substring, spec: String) throws(SegueError) {
        func fail(_ m: String) -> SegueError { .invalidInput("timing '\(spec)': \(m)") }
        // The one list of labels, as written in messages; matched without case.
        let labelNames = ["mass", "stiffness", "damping", "response", "dampingRatio", "duration", "bounce", "velocity"]
        let known = labelNames.map { $0.lowercased() }
        var args: [String: Double] = [:]
        let items = inner.isEmpty ? [] : inner.split(separator: ",", omittingEmptySubsequences: false)
        for item in items {
            let parts = item.split(separator: ":", omittingEmptySubsequences: false)
            guard parts.count == 2 else { throw fail("expected label:value, got '\(item)'") }
            let label = parts[0].lowercased()
            guard known.contains(label) else {
                throw fail("unknown spring label '\(parts[0])' (expected \(labelNames.joined(separator: ", ")))")
            }
            guard args[label] == nil else { throw fail("'\(parts[0])' given twice") }
            guard let value = Double(parts[1]), value.isFinite else { throw fail("\(parts[0]) '\(parts[1])' is not a finite number") }
            args[label] = value
        }
        let labels = Set(args.keys).subtracting(["velocity"])
        let velocity = args["velocity"] ?? 0
        let isPhysical = labels.isSubset(of: ["mass", "stiffness", "damping"])
        let isResponse = labels.contains("response") && labels.isSubset(of: ["response", "dampingratio"])
        let isDurationBounce = labels.isSubset(of: ["duration", "bounce"])
        let isUIKit = labels == ["dampingratio"]
        guard isPhysical || isResponse || isDurationBounce || isUIKit else {
            throw fail("cannot combine \(labels.sorted().joined(separator: ", ")) (use mass/stiffness/damping, response/dampingRatio, duration/bounce, or dampingRatio alone)")
        }
        do throws(SegueError) {
            if isPhysical {
                try self.init(mass: args["mass"] ?? 1, stiffness: args["stiffness"] ?? 100,
                              damping: args["damping"] ?? 10, velocity: velocity)
            } else if isResponse {
                try self.init(response: args["response"]!, dampingRatio: args["dampingratio"] ?? 0.825, velocity: velocity)
            } else if isDurationBounce {
                try self.init(duration: args["duration"] ?? 0.5, bounce: args["bounce"] ?? 0, velocity: velocity)
            } else {
                try self.init(dampingRatio: args["dampingratio"]!, velocity: velocity)
            }
        } catch {
            throw fail(error.message.hasPrefix("spring: ") ? String(error.message.dropFirst(8)) : error.message)
        }
    }
}

/// A spring resolved to its natural frequency ω₀, damping ratio ζ and normalised initial
/// velocity v₀; `value(atTime:)` is the closed-form solution of m·x'' + c·x' + k·(x − 1) = 0,
/// x(0) = 0, x'(0) = v₀ (the closed-form damped harmonic oscillator). ζ within 1e-12 of 1 takes the critical branch so the
/// other two never divide by ω_d ≈ 0; the under- and over-damped forms below are also written so
/// that they tend smoothly to the critical one (sin(ω_d t)/ω_d and expm1), keeping x continuous
/// in ζ across 1.
public struct SpringMotion: Hashable, Sendable {
    public let naturalFrequency: Double
    public let dampingRatio: Double
    public let velocity: Double
    /// Only for reporting stiffness and damping; the motion itself depends on ω₀ and ζ.
    public let mass: Double

    /// How close to the target counts as settled (SwiftUI's default epsilon).
    public static let settleEpsilon = 0.001
    /// Settling times beyond this are estimated from the envelope, not refined: a thousand
    /// times the longest sequence, so every accepted spring is exact.
    static let exactSettlingBound = 1000 * Limits.springSettlingTime

    public init(naturalFrequency: Double, dampingRatio: Double, velocity: Double, mass: Double = 1) {
        self.naturalFrequency = naturalFrequency
        self.dampingRatio = dampingRatio
        self.velocity = velocity
        self.mass = mass
    }

    private enum Regime { case under, critical, over }
    private var regime: Regime {
        if abs(dampingRatio - 1) < 1e-12 { return .critical }
        return dampingRatio < 1 ? .under : .over
    }
    /// ω_d = ω₀·sqrt(1 − ζ²) (under-damped) or β = ω₀·sqrt(ζ² − 1) (over-damped), with
    /// 1 − ζ² factored to keep its precision near ζ = 1.
    private var splitFrequency: Double { naturalFrequency * abs((1 - dampingRatio) * (1 + dampingRatio)).squareRoot() }

    /// The over-damped slow root −σ + β, written −ω₀²/(σ + β) (σ² − β² = ω₀²) so that heavy
    /// damping (ζ ≫ 1) does not cancel it to 0 and report a spring that creeps for hours as settled.
    private var slowRoot: Double {
        let w0 = naturalFrequency
        return -w0 * w0 / (dampingRatio * w0 + splitFrequency)
    }

    /// Error e(t) = x(t) − 1; e(0) = −1, e'(0) = v₀.
    public func error(atTime t: Double) -> Double {
        let w0 = naturalFrequency, v0 = velocity
        switch regime {
        case .critical:
            return -(1 + (w0 - v0) * t) * exp(-w0 * t)
        case .under:
            let sigma = dampingRatio * w0, wd = splitFrequency
            return exp(-sigma * t) * (-cos(wd * t) + (v0 - sigma) * sin(wd * t) / wd)
        case .over:
            // e^{−σt}·(−cosh βt + (v₀ − σ)·sinh(βt)/β) with both roots r₁,₂ = −σ ± β negative.
            let sigma = dampingRatio * w0, beta = splitFrequency
            let r1 = slowRoot, r2 = -sigma - beta
            let e1 = exp(r1 * t), e2 = exp(r2 * t)
            let sinhTerm = 2 * beta * t < 700 ? e2 * expm1(2 * beta * t) / (2 * beta) : (e1 - e2) / (2 * beta)
            return -(e1 + e2) / 2 + (v0 - sigma) * sinhTerm
        }
    }

    /// x(t); 0 for t ≤ 0.
    public func value(atTime t: Double) -> Double { t > 0 ? 1 + error(atTime: t) : 0 }

    /// The times in t > 0 where e'(t) = 0, in order, that matter for settling: between two
    /// consecutive ones (and after the last) e is monotone. For ζ < 1 they are periodic, so only
    /// the first is returned with the half period.
    private func extrema() -> (first: Double?, halfPeriod: Double?) {
        let w0 = naturalFrequency, v0 = velocity
        switch regime {
        case .under:
            let sigma = dampingRatio * w0, wd = splitFrequency
            // e'(t) = e^{−σt}·(v₀·cos ωd t + Q·sin ωd t), Q = ωd − σ·(v₀ − σ)/ωd.
            let q = wd - sigma * (v0 - sigma) / wd
            let psi = atan2(q, v0)
            var theta = psi + Double.pi / 2
            while theta <= 0 { theta += Double.pi }
            while theta - Double.pi > 0 { theta -= Double.pi }
            return (theta / wd, Double.pi / wd)
        case .critical:
            // e'(t) = (ω₀·(1 + a·t) − a)·e^{−ω₀t}, a = ω₀ − v₀.
            let a = w0 - v0
            guard a != 0 else { return (nil, nil) }
            let t = -v0 / (a * w0)
            return (t > 0 ? t : nil, nil)
        case .over:
            let sigma = dampingRatio * w0, beta = splitFrequency
            let r1 = slowRoot, r2 = -sigma - beta
            let c2 = (v0 + r1) / (r2 - r1), c1 = -1 - c2
            let ratio = -(c2 * r2) / (c1 * r1)
            guard ratio > 0, ratio.isFinite else { return (nil, nil) }
            let t = log(ratio) / (r1 - r2)
            return (t > 0 ? t : nil, nil)
        }
    }

    /// The last time |x(t) − 1| ≥ ε (SwiftUI's "all subsequent values within ε"). Exact to
    /// ~1e-12 s: the extrema of e split the time axis into intervals where e is monotone; the
    /// decaying envelope gives the last extremum still ≥ ε directly (under-damped: |e| at the
    /// extrema shrinks by e^{−σπ/ωd} each half period), and a bisection finds the crossing in the
    /// monotone interval after it.
    public func settlingTime(epsilon: Double = SpringMotion.settleEpsilon) -> Double {
        let e = { (t: Double) in self.error(atTime: t) }
        var a = 0.0
        var b: Double?
        let (first, halfPeriod) = extrema()
        if let first, let halfPeriod {
            let sigma = dampingRatio * naturalFrequency
            let peak = abs(e(first))
            if peak >= epsilon {
                var k = (log(peak / epsilon) / (sigma * halfPeriod)).rounded(.down)
                // Far beyond any sequence (`Limits.springSettlingTime`) the estimate is the answer:
                // callers only refuse it, and k·halfPeriod has no precision left to refine.
                let estimate = first + k * halfPeriod
                guard estimate <= Self.exactSettlingBound else { return estimate.isNaN ? .infinity : estimate }
                // Guard the floor against rounding at the boundary: a step or two at most. (A
                // stiff spring's k can exceed 2^53, where k ± 1 == k: never loop on it.)
                for _ in 0..<4 where k > 0 && abs(e(first + k * halfPeriod)) < epsilon { k -= 1 }
                for _ in 0..<4 where abs(e(first + (k + 1) * halfPeriod)) >= epsilon { k += 1 }
                a = first + k * halfPeriod
                b = a + halfPeriod
            } else {
                b = first
            }
        } else if let first {
            if abs(e(first)) >= epsilon { a = first } else { b = first }
        }
        var hi: Double
        if let b { hi = b } else {
            // After the last extremum |e| decreases monotonically to 0: double until below ε.
            hi = max(a, 1 / naturalFrequency)
            var n = 0
            while abs(e(hi)) >= epsilon && n < 2000 { hi = hi * 2 + 1 / naturalFrequency; n += 1 }
        }
        guard abs(e(a)) >= epsilon else { return a }
        // e is monotone on [a, hi]: s·e(t) − ε falls from ≥ 0 to < 0 exactly once.
        let s: Double = e(a) < 0 ? -1 : 1
        var lo = a
        var n = 0
        while hi - lo > 1e-13 * max(1, hi) && n < 200 {
            let mid = (lo + hi) / 2
            if s * e(mid) >= epsilon { lo = mid } else { hi = mid }
            n += 1
        }
        return lo
    }

    /// The UIKit form: ω₀ such that the response envelope equals ε = 0.001 at t = duration
    /// (Apple, `UIView.animate(withDuration:delay:usingSpringWithDamping:…)`; the inversion used by the guillianbalisi/framer reproductions). This is an
    /// approximation of UIKit, whose inversion is undocumented. ζ is clamped to [0.01, 1]: above 1
    /// as the reproduction does, below 0.01 because the envelope equation then has no root.
    /// When a large initial velocity leaves the envelope below ε for every ω₀, the ω₀ with the
    /// largest envelope is used (for ζ = 1 that is ω₀ = v₀, a pure exponential approach).
    public static func uikit(dampingRatio: Double, velocity v: Double, duration: Double) -> SpringMotion {
        let zeta = min(max(dampingRatio, 0.01), 1)
        // A zero duration is a jump; 1 µs keeps the equation well-posed.
        let T = max(duration, 1e-6), eps = settleEpsilon
        let critical = 1 - zeta < 1e-12
        let root = critical ? 0 : ((1 - zeta) * (1 + zeta)).squareRoot()
        func envelope(_ w: Double) -> Double {
            critical ? exp(-w * T) * ((w - v) * T + 1)
                     : (zeta * w - v) / (w * root) * exp(-zeta * w * T)
        }
        // Start at the envelope's maximum (v > 0) or near ω₀ = 0 (v ≤ 0); beyond it the
        // envelope decreases, and the root wanted is on that branch.
        var lo: Double
        if v > 0 {
            lo = critical ? v : (zeta * T * v + (zeta * zeta * T * T * v * v + 4 * zeta * zeta * T * v).squareRoot()) / (2 * zeta * zeta * T)
        } else {
            lo = 1e-9 / T
        }
        var omega = lo
        if envelope(lo) >= eps {
            var hi = max(2 * lo, 1 / T)
            var n = 0
            while envelope(hi) >= eps && n < 2000 { lo = hi; hi *= 2; n += 1 }
            n = 0
            while hi - lo > 1e-13 * hi && n < 200 {
                let mid = (lo + hi) / 2
                if envelope(mid) >= eps { lo = mid } else { hi = mid }
                n += 1
            }
            omega = (lo + hi) / 2
        }
        return SpringMotion(naturalFrequency: omega, dampingRatio: zeta, velocity: v)
    }

    /// The physical constants behind the motion, for `--describe`.
    public struct Constants: Hashable, Sendable, CustomStringConvertible {
        public var mass, stiffness, damping, dampingRatio, naturalFrequency: Double
        /// ω_d, 0 unless under-damped.
        public var dampedFrequency: Double
        /// 2π/ω₀, SwiftUI's response.
        public var response: Double
        public var velocity: Double
        public var settlingTime: Double

        public var description: String {
            [("mass", mass), ("stiffness", stiffness), ("damping", damping), ("dampingRatio", dampingRatio),
             ("naturalFrequency", naturalFrequency), ("dampedFrequency", dampedFrequency),
             ("response", response), ("velocity", velocity), ("settlingTime", settlingTime)]
                .map { "\($0.0) \($0.1)" }.joined(separator: "\n")
        }
    }

    public var constants: Constants {
        let k = mass * naturalFrequency * naturalFrequency
        return Constants(mass: mass, stiffness: k, damping: 2 * dampingRatio * (k * mass).squareRoot(),
                         dampingRatio: dampingRatio, naturalFrequency: naturalFrequency,
                         dampedFrequency: regime == .under ? splitFrequency : 0,
                         response: 2 * Double.pi / naturalFrequency, velocity: velocity,
                         settlingTime: settlingTime())
    }
}
