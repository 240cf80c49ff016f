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

    /// Applies `f` to each of the four 8-bit channels of two pixels (R, G, B and alpha alike)
    /// and stores each result as xfade stores a float into an 8-bit sample: clamped, truncated.
    @inline(__always)
    static func mapChannels(_ a: UInt32, _ b: UInt32, _ f: (Float, Float) -> Float) -> UInt32 {
        var out: UInt32 = 0
        for shift in stride(from: UInt32(0), to: 32, by: 8) {
            let v = f(Float((a >> shift) & 0xFF), Float((b >> shift) & 0xFF))
            out |= UInt32(min(max(v, 0), 255)) << shift
        }
        return out
    }

    /// `mix(a, b, m)` on every channel of two pixels.
    @inline(__always)
    static func mixPixels(_ a: UInt32, _ b: UInt32, _ m: Float) -> UInt32 {
        mapChannels(a, b) { mix($0, $1, m) }
    }

    /// Integer truncation of a float, as C's conversion to `int`, clamped into `range` first
    /// (pixel loops compile unchecked: every index must stay inside the image).
    @inline(__always)
    static func clampedIndex(_ v: Float, _ range: ClosedRange<Int>) -> Int {
        guard v.isFinite else { return range.lowerBound }
        return Int(min(max(v, Float(range.lowerBound)), Float(range.upperBound)))
    }

    /// `mix(a, b, m)` on every channel of `count` pixels, as one loop over their bytes (LLVM
    /// vectorises it; the same arithmetic as `mixPixels`).
    @inline(__always)
    static func mixRow(_ a: UnsafePointer<UInt32>, _ b: UnsafePointer<UInt32>, into dst: UnsafeMutablePointer<UInt32>,
                       count: Int, _ m: Float) {
        let n = count * 4
        UnsafeRawPointer(a).withMemoryRebound(to: UInt8.self, capacity: n) { a in
            UnsafeRawPointer(b).withMemoryRebound(to: UInt8.self, capacity: n) { b in
                UnsafeMutableRawPointer(dst).withMemoryRebound(to: UInt8.self, capacity: n) { d in
                    for i in 0..<n { d[i] = UInt8(min(max(mix(Float(a[i]), Float(b[i]), m), 0), 255)) }
                }
            }
        }
    }
}
