/// How a value moves from 0 to 1 over an animation. Parsed from the `--timing` syntax.
public enum TimingCurve: Hashable, Sendable, Codable, CustomStringConvertible {
    case bezier(CubicBezier)
    case spring(Spring)
    case keyframes(Keyframes)

    public static let linear = TimingCurve.bezier(.linear)
    public static let easeIn = TimingCurve.bezier(.easeIn)
    public static let easeOut = TimingCurve.bezier(.easeOut)
    public static let easeInEaseOut = TimingCurve.bezier(.easeInEaseOut)
    public static let caDefault = TimingCurve.bezier(.caDefault)

    /// The value `time` seconds into an animation lasting `duration` seconds. Béziers and
    /// keyframes stretch to the duration; springs run in seconds (the UIKit form is shaped by
    /// the duration, the others ignore it and are cut off at its end, as CASpringAnimation is).
    public func value(atTime time: Double, duration: Double) -> Double {
        switch self {
        case .bezier(let b): return b.value(at: duration > 0 ? time / duration : 1)
        case .keyframes(let k): return k.value(at: duration > 0 ? time / duration : 1)
        case .spring(let s): return s.value(atTime: time, duration: duration)
        }
    }

    /// The value at a fraction of the animation's duration (0…1).
    public func value(atFraction f: Double, duration: Double) -> Double {
        value(atTime: f * duration, duration: duration)
    }

    /// How long the curve wants to run when the user gives no duration: a spring's settling
    /// time; nil for curves that stretch to any duration and for the UIKit spring form.
    public var naturalDuration: Double? {
        switch self {
        case .bezier, .keyframes: return nil
        case .spring(let s): return s.naturalDuration
        }
    }

    /// Derived constants, one `name value` per line (`segue timing --describe`); `duration`
    /// shapes the UIKit spring form.
    public func describe(duration: Double) -> String {
        switch self {
        case .bezier(let b): return "x1 \(b.x1)\ny1 \(b.y1)\nx2 \(b.x2)\ny2 \(b.y2)"
        case .keyframes(let k):
            return k.times.indices.map { "stop \(k.times[$0]) \(k.values[$0])" }.joined(separator: "\n")
        case .spring(let s):
            return (s.usesAnimationDuration ? "duration \(duration)\n" : "") + s.describe(duration: duration).description
        }
    }

    public static let names: [(String, CubicBezier)] = [
        ("linear", .linear), ("easeIn", .easeIn), ("easeOut", .easeOut),
        ("easeInEaseOut", .easeInEaseOut), ("default", .caDefault),
    ]

    /// Parses `linear`, `easeIn`, `easeOut`, `easeInEaseOut` (also `easeInOut`), `default`,
    /// `cubic-bezier(x1,y1,x2,y2)`, `spring(label:value,…)` (see `Spring`) and
    /// `keyframes(t:v;t:v:curve;…)` (see `Keyframes`). Whitespace is ignored.
    public init(parsing spec: String) throws(SegueError) {
        let text = spec.filter { !$0.isWhitespace }
        let lower = text.lowercased()
        if lower == "spring" { self = .spring(try Spring()); return }
        if lower.hasPrefix("spring(") && lower.hasSuffix(")") {
            self = .spring(try Spring(parsingArguments: text.dropFirst("spring(".count).dropLast(), spec: spec))
            return
        }
        if lower.hasPrefix("keyframes(") && lower.hasSuffix(")") {
            self = .keyframes(try Keyframes(parsingArguments: text.dropFirst("keyframes(".count).dropLast(), spec: spec))
            return
        }
        if let (_, b) = Self.names.first(where: { $0.0.lowercased() == lower }) {
            self = .bezier(b); return
        }
        if lower == "easeinout" || lower == "ease-in-out" { self = .easeInEaseOut; return }
        if lower == "ease-in" { self = .easeIn; return }
        if lower == "ease-out" { self = .easeOut; return }
        if lower.hasPrefix("cubic-bezier(") && lower.hasSuffix(")") {
            let inner = lower.dropFirst("cubic-bezier(".count).dropLast()
            let numbers = inner.split(separator: ",", omittingEmptySubsequences: false).map { Double($0) }
            guard numbers.count == 4, numbers.allSatisfy({ $0 != nil }) else {
                throw .invalidInput("timing '\(spec)': cubic-bezier needs four numbers")
            }
            do throws(SegueError) {
                self = .bezier(try CubicBezier(numbers[0]!, numbers[1]!, numbers[2]!, numbers[3]!))
            } catch {
                // Drop CubicBezier's own "cubic-bezier(…): " prefix; the spec is quoted already.
                let problem = error.message.firstRange(of: "): ").map { String(error.message[$0.upperBound...]) } ?? error.message
                throw .invalidInput("timing '\(spec)': \(problem)")
            }
            return
        }
        let named = Self.names.map(\.0).joined(separator: ", ")
        throw .invalidInput("timing '\(spec)': unknown curve (expected \(named), cubic-bezier(x1,y1,x2,y2), spring(…) or keyframes(…))")
    }

    public var description: String {
        switch self {
        case .bezier(let b):
            if let (name, _) = Self.names.first(where: { $0.1 == b }) { return name }
            let f = Spring.format
            return "cubic-bezier(\(f(b.x1)),\(f(b.y1)),\(f(b.x2)),\(f(b.y2)))"
        case .spring(let s): return s.description
        case .keyframes(let k): return k.description
        }
    }
}

// MARK: Reading a curve

extension TimingCurve {
    /// Whether the curve's input is time in seconds (springs) rather than progress 0…1
    /// (Béziers, keyframes): what `segue timing --at` and the plot's x axis mean.
    public var takesSeconds: Bool { if case .spring = self { return true } else { return false } }

    /// The value at an input of `segue timing --at`: progress for Béziers and keyframes, seconds
    /// for springs (`duration` shapes the UIKit spring form only).
    public func value(atInput input: Double, duration: Double) -> Double {
        takesSeconds ? value(atTime: input, duration: duration) : value(atTime: input, duration: 1)
    }

    /// A spring's settling time (the UIKit form's for `duration`); nil for other curves.
    public func settlingTime(duration: Double) -> Double? {
        if case .spring(let s) = self { return s.motion(duration: duration).settlingTime() }
        return nil
    }

    /// The time fraction at which the curve reaches `value` (bisection; the curve is taken as
    /// non-decreasing, which holds for the curves effects scrub with).
    public func fraction(reaching value: Double, duration: Double) -> Double {
        if value <= 0 { return 0 }
        var lo = 0.0, hi = 1.0
        for _ in 0..<60 {
            let mid = (lo + hi) / 2
            if self.value(atFraction: mid, duration: duration) < value { lo = mid } else { hi = mid }
        }
        return hi
    }
}
