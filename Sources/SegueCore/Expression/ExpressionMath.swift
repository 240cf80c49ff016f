#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// eval.c's arithmetic on one value, exactly as FFmpeg 5.1 computes it (`libavutil/eval.c`),
/// where C's conversions decide the result: x86-64's `cvttsd2si` turns NaN and anything
/// outside `Int32` into `INT32_MIN`, and xfade stores a result by converting it to `int` and
/// keeping the low byte (`dst[x] = av_expr_eval(…)`, vf_xfade.c).
public enum ExpressionMath {
    /// C's `(int)v` on x86-64: truncation, or `INT32_MIN` for NaN and values out of range.
    @inline(__always)
    public static func cInt(_ v: Double) -> Int32 {
        v > -2147483649.0 && v < 2147483648.0 ? Int32(v) : Int32.min
    }

    /// The byte xfade stores for a result: `(uint8_t)(int)v`.
    @inline(__always)
    public static func storedByte(_ v: Double) -> UInt8 { UInt8(truncatingIfNeeded: cInt(v)) }

    /// The variable a `st`, `ld` or `random` index names: `av_clip((int)v, 0, 9)`.
    @inline(__always)
    public static func variableIndex(_ v: Double) -> Int { Int(Swift.min(Swift.max(cInt(v), 0), 9)) }

    /// The column or row a reader reads: clamped into the image in double (NaN reads 0), then
    /// truncated, as xfade's `a0`…`b3` read their plane.
    @inline(__always)
    public static func readerIndex(_ v: Double, limit: Int) -> Int {
        guard v > 0 else { return 0 }
        return v >= Double(limit - 1) ? limit - 1 : Int(v)
    }

    /// eval.c's `random(i)` state step (FFmpeg 5.1): the variable as an unsigned 64-bit
    /// integer (0 when NaN) times 1664525 plus 1013904223, stored back as a double; the
    /// value is the new state over 2^64 − 1.
    @inline(__always)
    public static func randomStep(_ state: Double) -> (value: Double, state: Double) {
        let r = cUInt64(state.isNaN ? 0 : state) &* 1664525 &+ 1013904223
        return (Double(r) * (1.0 / Double(UInt64.max)), Double(r))
    }

    /// C's `(uint64_t)v` on x86-64 (gcc): below 2^63 through a signed conversion (so a negative
    /// value wraps), above it by subtracting 2^63; NaN and out of range give 2^63.
    @inline(__always)
    static func cUInt64(_ v: Double) -> UInt64 {
        if v < 9223372036854775808.0 {
            return v > -9223372036854775809.0 ? UInt64(bitPattern: Int64(v)) : 1 << 63
        }
        let high = v - 9223372036854775808.0
        return high < 9223372036854775808.0 ? UInt64(bitPattern: Int64(high)) ^ (1 << 63) : 1 << 63
    }

    /// C's `(long int)v` on x86-64, for `bitand` and `bitor`.
    @inline(__always)
    static func cInt64(_ v: Double) -> Int64 {
        v > -9223372036854775809.0 && v < 9223372036854775808.0 ? Int64(v) : Int64.min
    }

    /// One-argument functions.
    @inline(__always)
    public static func apply(_ f: ExpressionFunction, _ a: Double) -> Double {
        switch f {
        case .sinh: sinh(a)
        case .cosh: cosh(a)
        case .tanh: tanh(a)
        case .sin: sin(a)
        case .cos: cos(a)
        case .tan: tan(a)
        case .atan: atan(a)
        case .asin: asin(a)
        case .acos: acos(a)
        case .exp: exp(a)
        case .log: log(a)
        case .abs: Swift.abs(a)
        case .squish: 1 / (1 + exp(4 * a))
        case .gauss: exp(-a * a / 2) / 2.5066282746310002  // √(2π)
        case .isnan: a.isNaN ? 1 : 0
        case .isinf: a.isInfinite ? 1 : 0
        case .floor: floor(a)
        case .ceil: ceil(a)
        case .trunc: trunc(a)
        case .round: a.rounded(.toNearestOrAwayFromZero)
        case .sqrt: sqrt(a)
        case .not: a == 0 ? 1 : 0
        case .sgn: a > 0 ? 1 : a < 0 ? -1 : 0
        case .print: a
        default: .nan
        }
    }

    /// Two-argument functions and operators.
    @inline(__always)
    public static func apply(_ f: ExpressionFunction, _ a: Double, _ b: Double) -> Double {
        switch f {
        case .add: a + b
        case .mul: a * b
        case .div: a / b
        case .pow: pow(a, b)
        case .sequence: b
        case .mod: a - floor(a / b) * b
        case .max: a > b ? a : b
        case .min: a < b ? a : b
        case .eq: a == b ? 1 : 0
        case .gt: a > b ? 1 : 0
        case .gte: a >= b ? 1 : 0
        case .lt: a < b ? 1 : 0
        case .lte: a <= b ? 1 : 0
        case .hypot: sqrt(a * a + b * b)
        case .atan2: atan2(a, b)
        case .gcd: gcd(a, b)
        case .bitand: a.isNaN || b.isNaN ? .nan : Double(cInt64(a) & cInt64(b))
        case .bitor: a.isNaN || b.isNaN ? .nan : Double(cInt64(a) | cInt64(b))
        case .print: a
        default: .nan
        }
    }

    /// Three-argument functions (`if` and `ifnot` with both branches already evaluated).
    @inline(__always)
    public static func apply(_ f: ExpressionFunction, _ a: Double, _ b: Double, _ c: Double) -> Double {
        switch f {
        case .if: a != 0 ? b : c
        case .ifnot: a == 0 ? b : c
        case .between: a >= b && a <= c ? 1 : 0
        case .clip: a.isNaN || b.isNaN || c.isNaN || b > c ? .nan : (a < b ? b : a > c ? c : a)
        case .lerp: a + (b - a) * c
        default: .nan
        }
    }

    /// libavutil's `av_gcd` on the arguments converted to 64-bit integers: the other one when
    /// either is 0, else the positive greatest common divisor.
    static func gcd(_ a: Double, _ b: Double) -> Double {
        let x = cInt64(a), y = cInt64(b)
        if x == 0 { return Double(y) }
        if y == 0 { return Double(x) }
        var u = x.magnitude, v = y.magnitude
        while v != 0 { (u, v) = (v, u % v) }
        return Double(u)
    }
}
