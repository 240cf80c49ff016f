/// A CSS / Core Animation timing curve: cubic Bézier from (0,0) to (1,1) with control points
/// (x1, y1) and (x2, y2); x1, x2 in [0, 1], y unbounded (Apple, `CAMediaTimingFunction`).
public struct CubicBezier: Hashable, Sendable, Codable {
    public let x1: Double, y1: Double, x2: Double, y2: Double

    public init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) throws(SegueError) {
        guard [x1, y1, x2, y2].allSatisfy({ $0.isFinite }) else {
            throw .invalidInput("cubic-bezier(\(x1),\(y1),\(x2),\(y2)): control points must be finite")
        }
        guard (0...1).contains(x1), (0...1).contains(x2) else {
            throw .invalidInput("cubic-bezier(\(x1),\(y1),\(x2),\(y2)): x1 and x2 must be in [0, 1]")
        }
        self.x1 = x1; self.y1 = y1; self.x2 = x2; self.y2 = y2
    }

    /// For the named curves, whose control points are known to be valid.
    init(uncheckedX1 x1: Double, y1: Double, x2: Double, y2: Double) {
        self.x1 = x1; self.y1 = y1; self.x2 = x2; self.y2 = y2
    }

    public static let linear = CubicBezier(uncheckedX1: 0, y1: 0, x2: 1, y2: 1)
    public static let easeIn = CubicBezier(uncheckedX1: 0.42, y1: 0, x2: 1, y2: 1)
    public static let easeOut = CubicBezier(uncheckedX1: 0, y1: 0, x2: 0.58, y2: 1)
    public static let easeInEaseOut = CubicBezier(uncheckedX1: 0.42, y1: 0, x2: 0.58, y2: 1)
    /// `CAMediaTimingFunctionName.default`.
    public static let caDefault = CubicBezier(uncheckedX1: 0.25, y1: 0.1, x2: 0.25, y2: 1)

    // Polynomial coefficients per axis: B(t) = ((a·t + b)·t + c)·t.
    @inline(__always) private static func coefficients(_ p1: Double, _ p2: Double) -> (Double, Double, Double) {
        let c = 3 * p1, b = 3 * (p2 - p1) - c
        return (1 - c - b, b, c)
    }
    @inline(__always) private static func sample(_ k: (Double, Double, Double), _ t: Double) -> Double {
        ((k.0 * t + k.1) * t + k.2) * t
    }
    @inline(__always) private static func slope(_ k: (Double, Double, Double), _ t: Double) -> Double {
        (3 * k.0 * t + 2 * k.1) * t + k.2
    }

    /// The curve parameter t with Bx(t) = x. Safeguarded Newton: Bx is monotone on [0, 1]
    /// (x1, x2 in [0, 1]), so a bracket [lo, hi] around the root is kept and any Newton step that
    /// leaves it (or a flat slope, as at t = 0 when x1 = 0) falls back to bisection. Stops when
    /// |Bx(t) − x| ≤ 1e-14 or the bracket is narrower than 1e-15, i.e. t is exact to ~1e-12 or
    /// better, independent of any animation duration (unlike the 1/(200·duration) epsilon of
    /// old WebKit ports, which is off by up to 0.036; WebKit `UnitBezier.h`).
    public func solveT(forX x: Double) -> Double {
        if !(x > 0) { return 0 }
        if x >= 1 { return 1 }
        let kx = Self.coefficients(x1, x2)
        var lo = 0.0, hi = 1.0
        var t = x
        for _ in 0..<100 {
            let err = Self.sample(kx, t) - x
            if abs(err) <= 1e-14 { return t }
            if err < 0 { lo = t } else { hi = t }
            if hi - lo < 1e-15 { break }
            let d = Self.slope(kx, t)
            let newton = d > 1e-12 ? t - err / d : .nan
            t = newton > lo && newton < hi ? newton : (lo + hi) / 2
        }
        return t
    }

    /// y for progress x in [0, 1] (clamped outside).
    public func value(at x: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        return Self.sample(Self.coefficients(y1, y2), solveT(forX: x))
    }
}
