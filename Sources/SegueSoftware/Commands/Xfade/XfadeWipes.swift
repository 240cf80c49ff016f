import SegueCore

/// xfade's wipes (GL twin: `xfade-wipes.frag`): `from` inside the frame's region
/// (`XfadeCall.wipeRegion`, worked out once by the lowering), `to` outside. A hard edge copies
/// spans of rows; a soft one mixes across the ramp.
enum XfadeWipes {
    static func draw(_ region: XfadeWipeRegion, row y: Int, into dst: UnsafeMutablePointer<UInt32>, _ images: XfadeImages) {
        let width = images.width, offset = y * width
        let a = images.from + offset, b = images.to + offset
        if region.softness > 0 {
            for x in 0..<width { dst[x] = XfadeMath.mixPixels(a[x], b[x], region.fromWeight(x: x, y: y)) }
            return
        }
        let columns = region.rows(height: images.height).contains(y) ? region.columns(width: width) : 0..<0
        dst.update(from: b, count: columns.lowerBound)
        (dst + columns.lowerBound).update(from: a + columns.lowerBound, count: columns.count)
        (dst + columns.upperBound).update(from: b + columns.upperBound, count: width - columns.upperBound)
    }
}
