#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SegueCore

/// The helpers of FFmpeg libavfilter/vf_xfade.c every family uses, in single precision and in
/// the same operation order, so that results round as ffmpeg's do. GL twins: the same
/// functions at the top of each `xfade-*.frag`.
enum XfadeMath {
    /// xfade's `mix(a, b, m)`: `a·m + b·(1 − m)` (note: the weight is on `a`, unlike GLSL's).
    @inline(__always)
    static func mix(_ a: Float, _ b: Float, _ m: Float) -> Float { a * m + b * (1 - m) }

    /// Hermite step of `x` between the edges, clamped to 0…1 (`XfadeScalars`, shared with Core).
    @inline(__always)
    static func smoothstep(_ edge0: Float, _ edge1: Float, _ x: Float) -> Float { XfadeScalars.smoothstep(edge0, edge1, x) }

    @inline(__always)
    static func fract(_ x: Float) -> Float { XfadeScalars.fract(x) }

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

    /// One row of `mixPixels(a, b, weight(x))`: the weights first, into a row of floats, then
    /// the mix as a loop over each pixel's four bytes, which LLVM vectorises (1.7× the
    /// per-pixel `mixPixels` on packed pixels, same bits; weights 0 and 1 give `b` and `a`
    /// exactly without a branch).
    @inline(__always)
    static func mixRow(into dst: UnsafeMutablePointer<UInt32>, _ a: UnsafePointer<UInt32>, _ b: UnsafePointer<UInt32>,
                       width: Int, weight: (Int) -> Float) {
        withUnsafeTemporaryAllocation(of: Float.self, capacity: width) { weights in
            for x in 0..<width { weights[x] = weight(x) }
            let n = width * 4
            UnsafeRawPointer(a).withMemoryRebound(to: UInt8.self, capacity: n) { a in
                UnsafeRawPointer(b).withMemoryRebound(to: UInt8.self, capacity: n) { b in
                    UnsafeMutableRawPointer(dst).withMemoryRebound(to: UInt8.self, capacity: n) { d in
                        for x in 0..<width {
                            let m = weights[x], k = 1 - m
                            for c in 0..<4 {
                                let i = 4 * x + c
                                d[i] = UInt8(truncatingIfNeeded: stored(Float(a[i]) * m + Float(b[i]) * k, isAlpha: c == 3))
                            }
                        }
                    }
                }
            }
        }
    }

    /// `mixRow(weight:)` over `range` of a row for a weight that is monotonic there (either
    /// way): the pixels of weight 0 copy `b` and those of weight 1 copy `a` in runs, found by
    /// bisection, and only the pixels between are mixed. For weights costly per pixel
    /// (radial's `atan2f`) that are 0 or 1 over most of a row.
    @inline(__always)
    static func mixMonotonicRow(into dst: UnsafeMutablePointer<UInt32>, _ a: UnsafePointer<UInt32>, _ b: UnsafePointer<UInt32>,
                                range: Range<Int>, weight: (Int) -> Float) {
        guard !range.isEmpty else { return }
        let increasing = weight(range.lowerBound) <= weight(range.upperBound - 1)
        // The first index of `range` where `isPast` holds (it holds from there on), by bisection.
        func firstIndex(where isPast: (Float) -> Bool) -> Int {
            var low = range.lowerBound, high = range.upperBound
            while low < high {
                let middle = (low + high) / 2
                if isPast(weight(middle)) { high = middle } else { low = middle + 1 }
            }
            return low
        }
        let mixStart = increasing ? firstIndex { $0 > 0 } : firstIndex { $0 < 1 }
        let mixEnd = max(mixStart, increasing ? firstIndex { $0 >= 1 } : firstIndex { $0 <= 0 })
        let (lead, trail) = increasing ? (b, a) : (a, b)
        (dst + range.lowerBound).update(from: lead + range.lowerBound, count: mixStart - range.lowerBound)
        mixRow(into: dst + mixStart, a + mixStart, b + mixStart, width: mixEnd - mixStart) { weight(mixStart + $0) }
        (dst + mixEnd).update(from: trail + mixEnd, count: range.upperBound - mixEnd)
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

    /// `f(a, b, isAlpha)` on every byte of `count` pixels, stored (`stored`): one loop over
    /// bytes that LLVM vectorises when `f` is arithmetic on its inputs and per-channel
    /// constants. The byte index is 32-bit so that the alpha mask (`i & 3 == 3`) fills 8 lanes
    /// of a 256-bit register, not 4. (A weight per pixel is cheaper through
    /// `mixRow(weight:)`, computed once per pixel.)
    @inline(__always)
    static func mapBytes(_ a: UnsafePointer<UInt32>, _ b: UnsafePointer<UInt32>, into dst: UnsafeMutablePointer<UInt32>,
                         count: Int, _ f: (Float, Float, Bool) -> Float) {
        let n = count * 4
        UnsafeRawPointer(a).withMemoryRebound(to: UInt8.self, capacity: n) { a in
            UnsafeRawPointer(b).withMemoryRebound(to: UInt8.self, capacity: n) { b in
                UnsafeMutableRawPointer(dst).withMemoryRebound(to: UInt8.self, capacity: n) { d in
                    for i in 0..<Int32(n) {
                        let at = Int(i), isAlpha = i & 3 == 3
                        d[at] = UInt8(truncatingIfNeeded: stored(f(Float(a[at]), Float(b[at]), isAlpha), isAlpha: isAlpha))
                    }
                }
            }
        }
    }
}
