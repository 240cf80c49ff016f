import SegueCore

/// xfade's slices (GL twin: `xfade-slices.frag`), from FFmpeg libavfilter/vf_xfade.c: ten
/// bands across the image, each switching from `from` to `to` as a front sweeps over them,
/// hard-edged. The front sweeps towards the left (hlslice), the right (hrslice), the top
/// (vuslice) or the bottom (vdslice).
enum XfadeSlices {
    static func draw(_ transition: XfadeTransition, row y: Int, into dst: UnsafeMutablePointer<UInt32>, _ images: XfadeImages) {
        let width = images.width, progress = images.progress
        let from = images.from + y * width, to = images.to + y * width
        let w = Float(width), h = Float(images.height)
        switch transition {
        case .hlslice:
            for x in 0..<width {
                dst[x] = showsTo(position: Float(x) / w, bands: 10 * Float(x) / w, progress) ? to[x] : from[x]
            }
        case .hrslice:
            for x in 0..<width {
                let position = (w - 1 - Float(x)) / w
                dst[x] = showsTo(position: position, bands: 10 * position, progress) ? to[x] : from[x]
            }
        case .vuslice, .vdslice:
            let position = transition == .vuslice ? Float(y) / h : (h - 1 - Float(y)) / h
            // xfade scales vuslice's band count from y (10·y / h, rounded apart from the
            // position), vdslice's from the position.
            let bands = transition == .vuslice ? 10 * Float(y) / h : 10 * position
            let source = showsTo(position: position, bands: bands, progress) ? to : from
            for x in 0..<width { dst[x] = source[x] }
        default:
            for x in 0..<width { dst[x] = from[x] }
        }
    }

    /// xfade's test: a soft front (`smoothstep(−0.5, 0, position − 1.5·progress)`) against
    /// the pixel's place within its band (`fract(bands)`); the pixel shows `to` where the
    /// front is above it.
    @inline(__always)
    static func showsTo(position: Float, bands: Float, _ progress: Float) -> Bool {
        XfadeMath.smoothstep(-0.5, 0, position - progress * 1.5) > XfadeMath.fract(bands)
    }
}
