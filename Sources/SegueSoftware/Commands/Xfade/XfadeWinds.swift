import SegueCore

/// xfade's winds (GL twin: `xfade-winds.frag`), from FFmpeg libavfilter/vf_xfade.c: a soft
/// front, 0.2 of the image wide, crosses it with every row (hlwind, hrwind) or column (vuwind,
/// vdwind) set ahead or behind by xfade's noise, so `to` blows in in streaks. hlwind blows
/// towards the left, hrwind the right, vuwind the top, vdwind the bottom.
enum XfadeWinds {
    static func draw(_ transition: XfadeTransition, row y: Int, into dst: UnsafeMutablePointer<UInt32>, _ images: XfadeImages) {
        let width = images.width, progress = images.progress
        let from = images.from + y * width, to = images.to + y * width
        // The noise field covers the canvas (`readsNoise`); its first column holds the rows'
        // streaks, its first row the columns'.
        guard let noise = images.noise, noise.values.count >= max(width, y * width + 1) else {
            for x in 0..<width { dst[x] = from[x] }
            return
        }
        switch transition {
        case .hlwind, .hrwind:
            let streak = noise.values[y * width]
            let w = Float(width)
            let leftward = transition == .hlwind
            XfadeMath.mixRow(into: dst, to, from, width: width) { x in
                let position = leftward ? 1 - Float(x) / w : Float(x) / w
                return weight(position: position, streak: streak, progress)
            }
        case .vuwind, .vdwind:
            let h = Float(images.height)
            let position = transition == .vuwind ? 1 - Float(y) / h : Float(y) / h
            XfadeMath.mixRow(into: dst, to, from, width: width) { x in
                weight(position: position, streak: noise.values[x], progress)
            }
        default:
            for x in 0..<width { dst[x] = from[x] }
        }
    }

    /// xfade's weight of `to` at a pixel: rises from 0 to 1 as the front, held back by up to
    /// 0.2 of the streak's noise, passes the pixel's position (0 where the wind starts).
    @inline(__always)
    static func weight(position: Float, streak: Float, _ progress: Float) -> Float {
        let spread: Float = 0.2
        return XfadeMath.smoothstep(0, -spread, position * (1 - spread) + spread * streak - (1 - progress) * (1 + spread))
    }
}
