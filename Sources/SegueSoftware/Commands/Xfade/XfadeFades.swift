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
            XfadeMath.mapBytes(a, b, into: dst, count: width) { u, v, i in
                let c = i & 3 == 3 ? 255 : colour
                return XfadeMath.mix(XfadeMath.mix(u, c, fromWeight), XfadeMath.mix(c, v, toWeight), p)
            }
        case .fadegrays:
            for x in 0..<width { dst[x] = fadeThrough(a[x], colourOfFrom: gray(a[x]), b[x], colourOfTo: gray(b[x]), p) }
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

    /// `from` mixed towards its colour, `to` mixed out of its colour, the two mixed by progress.
    @inline(__always)
    static func fadeThrough(_ a: UInt32, colourOfFrom ca: UInt32, _ b: UInt32, colourOfTo cb: UInt32, _ p: Float) -> UInt32 {
        let fromWeight = XfadeMath.smoothstep(1 - phase, 1, p), toWeight = XfadeMath.smoothstep(phase, 1, p)
        var out: UInt32 = 0
        for shift in stride(from: UInt32(0), to: 32, by: 8) {
            func channel(_ v: UInt32) -> Float { Float((v >> shift) & 0xFF) }
            let v = XfadeMath.mix(XfadeMath.mix(channel(a), channel(ca), fromWeight),
                                  XfadeMath.mix(channel(cb), channel(b), toWeight), p)
            out |= XfadeMath.stored(v, isAlpha: shift == 24) << shift
        }
        return out
    }

    /// xfade's gray of an RGB pixel: the integer mean of R, G and B; alpha kept (premultiplied,
    /// the mean stays within it).
    @inline(__always)
    static func gray(_ v: UInt32) -> UInt32 {
        let mean = ((v & 0xFF) + (v >> 8 & 0xFF) + (v >> 16 & 0xFF)) / 3
        return mean | mean << 8 | mean << 16 | (v & 0xFF00_0000)
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
