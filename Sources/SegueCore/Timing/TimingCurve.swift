/// How a value moves from 0 to 1 over an animation. Parsed from the `--timing` syntax.
public enum TimingCurve: Hashable, Sendable, Codable, CustomStringConvertible {
    case bezier(CubicBezier)

    public static let linear = TimingCurve.bezier(.linear)
    public static let easeIn = TimingCurve.bezier(.easeIn)
    public static let easeOut = TimingCurve.bezier(.easeOut)
    public static let easeInEaseOut = TimingCurve.bezier(.easeInEaseOut)
    public static let caDefault = TimingCurve.bezier(.caDefault)

    /// The value `time` seconds into an animation lasting `duration` seconds.
    public func value(atTime time: Double, duration: Double) -> Double {
        switch self {
        case .bezier(let b): return b.value(at: duration > 0 ? time / duration : 1)
        }
    }

    /// The value at a fraction of the animation's duration (0…1).
    public func value(atFraction f: Double, duration: Double) -> Double {
        value(atTime: f * duration, duration: duration)
    }

    /// How long the curve wants to run when the user gives no duration (springs settle); nil
    /// for curves that stretch to any duration.
    public var naturalDuration: Double? {
        switch self {
        case .bezier: return nil
        }
    }

    public static let names: [(String, CubicBezier)] = [
        ("linear", .linear), ("easeIn", .easeIn), ("easeOut", .easeOut),
        ("easeInEaseOut", .easeInEaseOut), ("default", .caDefault),
    ]

    /// Parses `linear`, `easeIn`, `easeOut`, `easeInEaseOut` (also `easeInOut`), `default`,
    /// `cubic-bezier(x1,y1,x2,y2)`.
    public init(parsing spec: String) throws(SegueError) {
        let text = spec.filter { !$0.isWhitespace }
        let lower = text.lowercased()
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
            self = .bezier(try CubicBezier(numbers[0]!, numbers[1]!, numbers[2]!, numbers[3]!))
            return
        }
        throw .invalidInput("timing '\(spec)': unknown curve (expected linear, easeIn, easeOut, easeInEaseOut, default or cubic-bezier(x1,y1,x2,y2))")
    }

    public var description: String {
        switch self {
        case .bezier(let b):
            if let (name, _) = Self.names.first(where: { $0.1 == b }) { return name }
            return "cubic-bezier(\(b.x1),\(b.y1),\(b.x2),\(b.y2))"
        }
    }
}
