import SegueCore

/// xfade's slices (GL twin: `xfade-slices.frag`), from FFmpeg libavfilter/vf_xfade.c: ten
/// bands across the image, each switching from `from` to `to` as a front sweeps over them,
/// hard-edged. Which columns or rows show `to` is decided once per frame in Core
/// (`XfadeCall.lineTable`); a row copies from one image or picks per column.
enum XfadeSlices {
    static func draw(_ lines: XfadeLineTable, row y: Int, into dst: UnsafeMutablePointer<UInt32>, _ images: XfadeImages) {
        let width = images.width
        let from = images.from + y * width, to = images.to + y * width
        if lines.columns {
            lines.values.withUnsafeBufferPointer { showsTo in
                for x in 0..<min(width, showsTo.count) { dst[x] = showsTo[x] > 0 ? to[x] : from[x] }
            }
        } else {
            let source = y < lines.values.count && lines.values[y] > 0 ? to : from
            dst.update(from: source, count: width)
        }
    }
}
