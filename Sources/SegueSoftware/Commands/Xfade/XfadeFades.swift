#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SegueCore

/// xfade's fades (maths from FFmpeg libavfilter/vf_xfade.c; GL twin: `xfade-fades.frag`):
/// per-pixel mixes of the two images, each channel in float on 0…255 and stored as
/// `XfadeMath.stored` says (colour truncated as xfade does, alpha rounded). Alpha is mixed like
/// the colours, which keeps premultiplied pixels valid (every mix is monotonic in both inputs).
enum XfadeFades {
    /// fadeblack, fadewhite and fadegrays: `from` fades into the colour over the last fifth of
    /// xfade's progress (1 → 0.8), `to` comes out of it from 0.8 to 0.
    static let phase: Float = 0.2

    static func draw(_ transition: XfadeTransition, row y: Int, into dst: UnsafeMutablePointer<UInt32>, _ images: XfadeImages) {
        let a = images.from + y * images.width, b = images.to + y * images.width
        let p = images.progress, width = images.width
        switch transition {
        case .fade:
            XfadeMath.mixRow(a, b, into: dst, count: width, p)
        case .fadeblack, .fadewhite:
            // Through opaque black or white (premultiplied), a byte at a time: the loop vectorises.
            let colour: Float = transition == .fadeblack ? 0 : 255
            let fromWeight = XfadeMath.smoothstep(1 - phase, 1, p), toWeight = XfadeMath.smoothstep(phase, 1, p)
            XfadeMath.mapBytes(a, b, into: dst, count: width) { u, v, isAlpha in
                let c = isAlpha ? 255 : colour
                return XfadeMath.mix(XfadeMath.mix(u, c, fromWeight), XfadeMath.mix(c, v, toWeight), p)
            }
        case .fadegrays:
            fadeThroughGrays(a, b, into: dst, count: width, p)
        case .fadefast, .fadeslow:
            guard let weights = images.fadeWeights else { return }
            weights.values.withUnsafeBufferPointer { weight in
                for x in 0..<width {
                    dst[x] = XfadeMath.mapChannels(a[x], b[x]) { u, v in XfadeMath.mix(u, v, weight[Int(abs(u - v))]) }
                }
            }
        case .dissolve:
            guard let noise = images.noise else { for x in 0..<width { dst[x] = a[x] }; return }
            noise.values.withUnsafeBufferPointer { field in
                let r = field.baseAddress! + y * width
                for x in 0..<width { dst[x] = r[x] * 2 + p * 2 - 1.5 >= 0.5 ? a[x] : b[x] }
            }
        case .distance:
            for x in 0..<width {
                let d: Float = distance(a[x], b[x]).squareRoot() <= p ? 1 : 0
                dst[x] = XfadeMath.mapChannels(a[x], b[x]) { u, v in XfadeMath.mix(XfadeMath.mix(u, v, d), v, p) }
            }
        default:
            for x in 0..<width { dst[x] = a[x] }
        }
    }

    /// fadegrays: `from` mixed towards its gray, `to` out of its gray, the two mixed by
    /// progress; the gray of a pixel is xfade's integer mean of R, G and B, alpha kept
    /// (premultiplied, the mean stays within it). A loop over each pixel's bytes, which
    /// vectorises.
    static func fadeThroughGrays(_ a: UnsafePointer<UInt32>, _ b: UnsafePointer<UInt32>, into dst: UnsafeMutablePointer<UInt32>,
                                 count: Int, _ p: Float) {
        let fromWeight = XfadeMath.smoothstep(1 - phase, 1, p), toWeight = XfadeMath.smoothstep(phase, 1, p)
        let n = count * 4
        UnsafeRawPointer(a).withMemoryRebound(to: UInt8.self, capacity: n) { a in
            UnsafeRawPointer(b).withMemoryRebound(to: UInt8.self, capacity: n) { b in
                UnsafeMutableRawPointer(dst).withMemoryRebound(to: UInt8.self, capacity: n) { d in
                    for x in 0..<count {
                        let i = 4 * x
                        let grayA = Float((Int(a[i]) + Int(a[i + 1]) + Int(a[i + 2])) / 3)
                        let grayB = Float((Int(b[i]) + Int(b[i + 1]) + Int(b[i + 2])) / 3)
                        for c in 0..<4 {
                            let u = Float(a[i + c]), v = Float(b[i + c])
                            let ca = c == 3 ? u : grayA, cb = c == 3 ? v : grayB
                            let mixed = XfadeMath.mix(XfadeMath.mix(u, ca, fromWeight), XfadeMath.mix(cb, v, toWeight), p)
                            d[i + c] = UInt8(truncatingIfNeeded: XfadeMath.stored(mixed, isAlpha: c == 3))
                        }
                    }
                }
            }
        }
    }

    /// Squared distance of two pixels in 0…1 units, summed in ffmpeg's gbrp plane order
    /// (G, B, R), then alpha (always 0 for opaque pixels).
    @inline(__always)
    static func distance(_ a: UInt32, _ b: UInt32) -> Float {
        var sum: Float = 0
        for shift: UInt32 in [8, 16, 0, 24] {
            let d = Float((a >> shift) & 0xFF) / 255 - Float((b >> shift) & 0xFF) / 255
            sum += d * d
        }
        return sum
    }

    /// fadefast/fadeslow weigh `from` by `P^(1 + log(1 ± |a − b|/255))`: one weight per channel
    /// difference, computed once per frame with the C library's `powf`/`logf`, as ffmpeg does.
    struct Weights {
        var values: [Float]
        static func of(_ transition: XfadeTransition, progress p: Float) -> Weights? {
            guard transition == .fadefast || transition == .fadeslow else { return nil }
            let inverseMax: Float = 1 / 255
            return Weights(values: (0...255).map { d in
                let spread = Float(d) * inverseMax
                return powf(p, 1 + logf(transition == .fadefast ? 1 + spread : 2 - spread))
            })
        }
    }
}
