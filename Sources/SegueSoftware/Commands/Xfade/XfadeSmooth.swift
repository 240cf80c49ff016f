import SegueCore

/// xfade's smooth wipes (GL twin: `xfade-smooth.frag`): a smoothstep ramp one canvas wide (or
/// tall) sweeps across, `to`'s weight = smoothstep(0, 1, 1 + position − 2·progress), with the
/// position in 0…1 along the direction, exactly as vf_xfade.c orders its float operations.
enum XfadeSmooth {
    static func draw(_ transition: XfadeTransition, row y: Int, into dst: UnsafeMutablePointer<UInt32>, _ images: XfadeImages) {
        let width = images.width, offset = y * width
        let a = images.from + offset, b = images.to + offset
        let w = Float(width), h = Float(images.height), twice = images.progress * 2
        switch transition {
        case .smoothleft:
            for x in 0..<width { dst[x] = XfadeMath.mixPixels(b[x], a[x], XfadeMath.smoothstep(0, 1, 1 + Float(x) / w - twice)) }
        case .smoothright:
            for x in 0..<width { dst[x] = XfadeMath.mixPixels(b[x], a[x], XfadeMath.smoothstep(0, 1, 1 + (w - 1 - Float(x)) / w - twice)) }
        default:
            let position = transition == .smoothup ? Float(y) / h : (h - 1 - Float(y)) / h
            let m = XfadeMath.smoothstep(0, 1, 1 + position - twice)
            for x in 0..<width { dst[x] = XfadeMath.mixPixels(b[x], a[x], m) }
        }
    }
}
