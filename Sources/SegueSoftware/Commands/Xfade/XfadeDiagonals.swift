import SegueCore

/// xfade's diagonal wipes (GL twin: `xfade-diagonals.frag`): `to`'s weight is
/// smoothstep(0, 1, 1 + u·v − 2·progress), u and v the pixel's position (0…1) measured from the
/// corner named, so the new image grows from the opposite corner along hyperbolas.
enum XfadeDiagonals {
    static func draw(_ transition: XfadeTransition, row y: Int, into dst: UnsafeMutablePointer<UInt32>, _ images: XfadeImages) {
        let width = images.width, offset = y * width
        let a = images.from + offset, b = images.to + offset
        let w = Float(width), h = Float(images.height), twice = images.progress * 2
        let fromTop = transition == .diagtl || transition == .diagtr
        let fromLeft = transition == .diagtl || transition == .diagbl
        // vf_xfade.c multiplies left to right: x / w * y / h, with y counted from the named side.
        let v = fromTop ? Float(y) : h - 1 - Float(y)
        XfadeMath.mixRow(into: dst, b, a, width: width) { x in
            let u = fromLeft ? Float(x) : w - 1 - Float(x)
            return XfadeMath.smoothstep(0, 1, 1 + u / w * v / h - twice)
        }
    }
}
