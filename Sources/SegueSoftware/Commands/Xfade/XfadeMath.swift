#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The helpers of FFmpeg libavfilter/vf_xfade.c every family uses, in single precision and in
/// the same operation order, so that results round as ffmpeg's do. GL twins: the same
/// functions at the top of each `xfade-*.frag`.
enum XfadeMath {
    /// xfade's `mix(a, b, m)`: `a·m + b·(1 − m)` (note: the weight is on `a`, unlike GLSL's).
    @inline(__always)
    static func mix(_ a: Float, _ b: Float, _ m: Float) -> Float { a * m + b * (1 - m) }

    /// Hermite step of `x` between the edges, clamped to 0…1.
    @inline(__always)
    static func smoothstep(_ edge0: Float, _ edge1: Float, _ x: Float) -> Float {
        let t = min(max((x - edge0) / (edge1 - edge0), 0), 1)
        return t * t * (3 - 2 * t)
    }

    @inline(__always)
    static func fract(_ x: Float) -> Float { x - x.rounded(.down) }

    /// Opaque black, what xfade's crops and fades show (its `black` of a planar RGB frame with
    /// alpha at its maximum); premultiplied like every Segue pixel.
    static let opaqueBlack: UInt32 = 0xFF00_0000

    /// How every xfade mix stores a float channel on 0…255 into 8 bits. Colour is truncated,
    /// as xfade stores a float into a sample, so it equals ffmpeg's. Alpha is rounded, so two
    /// opaque pixels mix to an opaque one (a·m + a·(1 − m) can fall a hair below a in floats,
    /// which truncation turns into 254), and truncated colour stays at or below rounded alpha:
    /// valid premultiplied. GL twin: `xfadeStore` in xfade.glsl.
    @inline(__always)
    static func stored(_ v: Float, isAlpha: Bool) -> UInt32 { UInt32(min(max(isAlpha ? v + 0.5 : v, 0), 255)) }

    /// Applies `f` to each of the four 8-bit channels of two pixels (R, G, B and alpha alike)
    /// and stores each result (`stored`).
    @inline(__always)
    static func mapChannels(_ a: UInt32, _ b: UInt32, _ f: (Float, Float) -> Float) -> UInt32 {
        var out: UInt32 = 0
        for shift in stride(from: UInt32(0), to: 32, by: 8) {
            out |= stored(f(Float((a >> shift) & 0xFF), Float((b >> shift) & 0xFF)), isAlpha: shift == 24) << shift
        }
        return out
    }

    /// `mix(a, b, m)` on every channel of two pixels, stored (`stored`). Weights 0 and 1 give
    /// `b` and `a` exactly, as xfade's floats do, so they copy. Written out per channel: scalar
    /// code the optimiser keeps in registers.
    @inline(__always)
    static func mixPixels(_ a: UInt32, _ b: UInt32, _ m: Float) -> UInt32 {
        if m <= 0 { return b }
        if m >= 1 { return a }
        let n = 1 - m
        @inline(__always) func channel(_ shift: UInt32) -> UInt32 {
            stored(Float((a >> shift) & 0xFF) * m + Float((b >> shift) & 0xFF) * n, isAlpha: shift == 24) << shift
        }
        return channel(0) | channel(8) | channel(16) | channel(24)
    }

    /// One row of `mixPixels(a, b, weight(x))`.
    @inline(__always)
    static func mixRow(into dst: UnsafeMutablePointer<UInt32>, _ a: UnsafePointer<UInt32>, _ b: UnsafePointer<UInt32>,
                       width: Int, weight: (Int) -> Float) {
        for x in 0..<width { dst[x] = mixPixels(a[x], b[x], weight(x)) }
    }

    /// Integer truncation of a float, as C's conversion to `int`, clamped into `range` first
    /// (pixel loops compile unchecked: every index must stay inside the image).
    @inline(__always)
    static func clampedIndex(_ v: Float, _ range: ClosedRange<Int>) -> Int {
        guard v.isFinite else { return range.lowerBound }
        return Int(min(max(v, Float(range.lowerBound)), Float(range.upperBound)))
    }

    /// `mix(a, b, m)` on every channel of `count` pixels, as one loop over their bytes (LLVM
    /// vectorises it; the same arithmetic and store as `mixPixels`).
    @inline(__always)
    static func mixRow(_ a: UnsafePointer<UInt32>, _ b: UnsafePointer<UInt32>, into dst: UnsafeMutablePointer<UInt32>,
                       count: Int, _ m: Float) {
        mapBytes(a, b, into: dst, count: count) { u, v, _ in mix(u, v, m) }
    }

    /// `f(a, b, i)` on every byte `i` of `count` pixels (pixel `i >> 2`, channel `i & 3`, 3 is
    /// alpha), stored (`stored`): one loop over bytes that LLVM vectorises when `f` is
    /// arithmetic. A weight that `f` computes from `i` is computed for each channel, in SIMD
    /// lanes: cheaper than a scalar loop per pixel. `mix` at weights 0 and 1 gives its inputs
    /// exactly, so no copy branch is needed.
    @inline(__always)
    static func mapBytes(_ a: UnsafePointer<UInt32>, _ b: UnsafePointer<UInt32>, into dst: UnsafeMutablePointer<UInt32>,
                         count: Int, _ f: (Float, Float, Int) -> Float) {
        let n = count * 4
        UnsafeRawPointer(a).withMemoryRebound(to: UInt8.self, capacity: n) { a in
            UnsafeRawPointer(b).withMemoryRebound(to: UInt8.self, capacity: n) { b in
                UnsafeMutableRawPointer(dst).withMemoryRebound(to: UInt8.self, capacity: n) { d in
                    for i in 0..<n {
                        d[i] = UInt8(truncatingIfNeeded: stored(f(Float(a[i]), Float(b[i]), i), isAlpha: i & 3 == 3))
                    }
                }
            }
        }
    }
}
