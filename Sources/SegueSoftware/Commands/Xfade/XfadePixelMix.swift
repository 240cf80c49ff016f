/// xfade's `mix(a, b, m) = a·m + b·(1 − m)` on the four 8-bit channels of two premultiplied
/// pixels, in single precision as FFmpeg libavfilter/vf_xfade.c computes it. The colour
/// channels are truncated, as xfade stores a float into an 8-bit sample, so they match ffmpeg
/// exactly; alpha is rounded instead, so two opaque pixels stay opaque (a·m + a·(1 − m) can
/// fall a hair below a in floats, which truncation would turn into 254). Truncated colour never
/// exceeds rounded alpha, so the result stays valid premultiplied.
enum XfadePixelMix {
    /// `m` ≤ 0 and ≥ 1 give `b` and `a` exactly, as xfade's floats do.
    @inline(__always)
    static func mix(_ a: UInt32, _ b: UInt32, _ m: Float) -> UInt32 {
        if m <= 0 { return b }
        if m >= 1 { return a }
        let shifts = SIMD4<UInt32>(0, 8, 16, 24)
        let fa = SIMD4<Float>((SIMD4<UInt32>(repeating: a) &>> shifts) & 0xFF)
        let fb = SIMD4<Float>((SIMD4<UInt32>(repeating: b) &>> shifts) & 0xFF)
        var v = fa * m + fb * (1 - m)
        v[3] += 0.5
        let c = SIMD4<UInt32>(v.clamped(lowerBound: SIMD4(repeating: 0), upperBound: SIMD4(repeating: 255)), rounding: .towardZero)
        return c[0] | c[1] << 8 | c[2] << 16 | c[3] << 24
    }
}
