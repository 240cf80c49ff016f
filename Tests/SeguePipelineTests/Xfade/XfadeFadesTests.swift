import Testing
import SegueCore
import SegueTestSupport

extension GLSuite {
    /// xfade's fades and warps against the installed ffmpeg (XfadeOracle), fadegrays against a
    /// per-pixel reference (ffmpeg 5.1's own is broken), and valid premultiplied frames between
    /// translucent inputs.
    @Suite struct XfadeFadesAndWarpsTests {
        static let transitions = XfadeFamily.fades.members + XfadeFamily.warps.members

        @Test(arguments: transitions.filter { !XfadeOracle.unreliableInFFmpeg51.contains($0) })
        func matchesFFmpeg(_ transition: XfadeTransition) throws {
            try XfadeOracle.check(transition)
        }

        @Test func fadegraysMatchesItsFormula() throws {
            try XfadeOracle.checkAgainst(.fadegrays, reference: Self.fadegrays)
        }

        @Test(arguments: transitions)
        func staysPremultiplied(_ transition: XfadeTransition) throws {
            try XfadeOracle.checkStaysPremultiplied(transition)
        }

        /// fadegrays from FFmpeg libavfilter/vf_xfade.c (the fixed formula of later versions),
        /// pixel by pixel in float: each image fades through its own gray (the integer mean of
        /// R, G and B; alpha kept) with phase 0.2, the two mixed by progress.
        static func fadegrays(_ input: XfadeOracle.ReferenceInput) -> PixelBuffer {
            let p = input.progress
            func smoothstep(_ e0: Float, _ e1: Float, _ x: Float) -> Float {
                let t = min(max((x - e0) / (e1 - e0), 0), 1)
                return t * t * (3 - 2 * t)
            }
            func mix(_ a: Float, _ b: Float, _ m: Float) -> Float { a * m + b * (1 - m) }
            let phase: Float = 0.2
            let fromWeight = smoothstep(1 - phase, 1, p), toWeight = smoothstep(phase, 1, p)
            var out = PixelBuffer(size: input.size)
            for i in stride(from: 0, to: out.bytes.count, by: 4) {
                let a = (0..<4).map { Int(input.from.bytes[i + $0]) }, b = (0..<4).map { Int(input.to.bytes[i + $0]) }
                let grayA = (a[0] + a[1] + a[2]) / 3, grayB = (b[0] + b[1] + b[2]) / 3
                for c in 0..<4 {
                    let ga = Float(c == 3 ? a[3] : grayA), gb = Float(c == 3 ? b[3] : grayB)
                    let v = mix(mix(Float(a[c]), ga, fromWeight), mix(gb, Float(b[c]), toWeight), p)
                    out.bytes[i + c] = UInt8(min(max(v, 0), 255))
                }
            }
            return out
        }
    }
}
