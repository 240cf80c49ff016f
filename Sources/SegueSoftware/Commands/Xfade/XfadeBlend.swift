import SegueCore

/// How xfade's shapes, slices and winds store a mix (FFmpeg libavfilter/vf_xfade.c), in
/// single precision as there, so the software frames equal ffmpeg's to the bit. The scalar
/// helpers (`smoothstep`, `fract`) are `XfadeMath`'s.
enum XfadeBlend {
    /// Opaque black, what xfade's crops show outside their shape (its `black` of a planar RGB
    /// frame with alpha at its maximum); premultiplied like every Segue pixel.
    static let opaqueBlack: UInt32 = 0xFF00_0000

    /// xfade's `mix(a, b, m) = a·m + b·(1 − m)` on each of the four 8-bit channels. Colour
    /// is truncated, as xfade stores a float into a sample; alpha is rounded, so that two
    /// opaque pixels mix to an opaque one (truncating 255·m + 255·(1 − m) can give 254),
    /// and rounding it up keeps every colour channel at or below it. Weights 0 and 1 give `b`
    /// and `a` exactly, so they copy.
    @inline(__always)
    static func mix(_ a: UInt32, _ b: UInt32, _ m: Float) -> UInt32 {
        if m >= 1 { return a }
        if m <= 0 { return b }
        let n = 1 - m
        var out: UInt32 = 0
        for shift in stride(from: UInt32(0), to: 32, by: 8) {
            let v = Float((a >> shift) & 0xFF) * m + Float((b >> shift) & 0xFF) * n
            let stored = shift == 24 ? (v + 0.5).rounded(.down) : v
            out |= UInt32(min(max(stored, 0), 255)) << shift
        }
        return out
    }

    /// One row of `mix(a, b, weight(x))`.
    @inline(__always)
    static func mixRow(into dst: UnsafeMutablePointer<UInt32>, _ a: UnsafePointer<UInt32>, _ b: UnsafePointer<UInt32>,
                       width: Int, weight: (Int) -> Float) {
        for x in 0..<width { dst[x] = mix(a[x], b[x], weight(x)) }
    }
}
