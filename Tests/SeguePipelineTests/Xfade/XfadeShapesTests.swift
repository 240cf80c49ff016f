#if canImport(Glibc)
import Glibc
#endif
import Testing
import SegueCore

/// xfade's shapes, slices and winds on both renderers: frame-equal to the installed ffmpeg for
/// the names it has, to a per-pixel reference written from FFmpeg libavfilter/vf_xfade.c for
/// the winds (newer than ffmpeg 5.1), and valid premultiplied data between translucent inputs.
extension GLSuite {
    @Suite struct XfadeShapesTests {
        static let againstFFmpeg = XfadeFamily.shapes.members + XfadeFamily.slices.members

        @Test(arguments: againstFFmpeg)
        func equalsFFmpeg(_ transition: XfadeTransition) throws {
            try XfadeOracle.check(transition)
        }

        @Test(arguments: XfadeFamily.winds.members)
        func windEqualsItsReference(_ transition: XfadeTransition) throws {
            try XfadeOracle.checkAgainst(transition) { WindReference(transition: transition, input: $0).frame() }
        }

        @Test(arguments: againstFFmpeg + XfadeFamily.winds.members)
        func staysPremultiplied(_ transition: XfadeTransition) throws {
            try XfadeOracle.checkStaysPremultiplied(transition)
        }
    }
}

/// The winds written plainly from vf_xfade.c, per pixel and per channel, independent of the
/// renderers: its noise `frand`, its `smoothstep` and `mix`, and the truncation of a float
/// stored into an 8-bit sample (alpha rounded, as Segue keeps opaque pixels opaque). `frand`
/// is written as vf_xfade.c with the winds has it: every constant and operation in single
/// precision (the noise that reproduces ffmpeg 5.1's `dissolve` frames too).
private struct WindReference {
    let transition: XfadeTransition
    let input: XfadeOracle.ReferenceInput

    func frame() -> PixelBuffer {
        let width = input.size.width, height = input.size.height
        var out = PixelBuffer(size: input.size)
        for y in 0..<height {
            for x in 0..<width {
                let m = weightOfTo(x: x, y: y, width: width, height: height)
                for channel in 0..<4 {
                    let i = (y * width + x) * 4 + channel
                    // mix(to, from, m) = to·m + from·(1 − m)
                    let value = Float(input.to.bytes[i]) * m + Float(input.from.bytes[i]) * (1 - m)
                    out.bytes[i] = UInt8(channel == 3 ? (value + 0.5).rounded(.down) : value)
                }
            }
        }
        return out
    }

    private func weightOfTo(x: Int, y: Int, width: Int, height: Int) -> Float {
        let progress = input.progress
        let along: Float, noise: Float
        switch transition {
        case .hlwind: along = 1 - Float(x) / Float(width); noise = frand(0, y)
        case .hrwind: along = Float(x) / Float(width); noise = frand(0, y)
        case .vuwind: along = 1 - Float(y) / Float(height); noise = frand(x, 0)
        default: along = Float(y) / Float(height); noise = frand(x, 0)
        }
        let v = along * (1 - 0.2) + 0.2 * noise - (1 - progress) * (1 + 0.2)
        return smoothstep(0, -0.2, v)
    }

    private func frand(_ x: Int, _ y: Int) -> Float {
        let r: Float = sinf(Float(x) * Float(12.9898) + Float(y) * Float(78.233)) * Float(43758.545)
        return r - floorf(r)
    }

    private func smoothstep(_ edge0: Float, _ edge1: Float, _ x: Float) -> Float {
        let t = min(max((x - edge0) / (edge1 - edge0), 0), 1)
        return t * t * (3 - 2 * t)
    }
}
