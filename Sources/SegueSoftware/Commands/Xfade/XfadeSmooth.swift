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
            XfadeMath.mixRow(into: dst, b, a, width: width) { x in XfadeMath.smoothstep(0, 1, 1 + Float(x) / w - twice) }
        case .smoothright:
            XfadeMath.mixRow(into: dst, b, a, width: width) { x in XfadeMath.smoothstep(0, 1, 1 + (w - 1 - Float(x)) / w - twice) }
        default:
            let position = transition == .smoothup ? Float(y) / h : (h - 1 - Float(y)) / h
            let m = XfadeMath.smoothstep(0, 1, 1 + position - twice)
            XfadeMath.mixRow(b, a, into: dst, count: width, m)
        }
    }
}
