import SegueCore

/// xfade's slides, covers and reveals (GL twin: `xfade-slides.frag`), moved as
/// the frame's motion says (`XfadeCall.slideMotion`, worked out once by the lowering): every row
/// is made of a few contiguous spans copied from `from` and `to`, read at wrapped positions.
enum XfadeSlides {
    static func draw(_ motion: XfadeSlideMotion, row y: Int, into dst: UnsafeMutablePointer<UInt32>, _ images: XfadeImages) {
        let width = images.width, height = images.height
        if motion.vertical {
            let showsTo = (0..<height).contains(y + motion.offset)
            let source = showsTo ? images.to : images.from
            let row = wrapped(y + (showsTo ? motion.toShift : motion.fromShift), height)
            dst.update(from: source + row * width, count: width)
            return
        }
        let a = images.from + y * width, b = images.to + y * width
        // Columns x with 0 ≤ x + offset < width show `to`.
        let first = min(max(-motion.offset, 0), width), end = min(max(width - motion.offset, first), width)
        copyWrapped(a, shift: motion.fromShift, width: width, columns: 0..<first, into: dst)
        copyWrapped(b, shift: motion.toShift, width: width, columns: first..<end, into: dst)
        copyWrapped(a, shift: motion.fromShift, width: width, columns: end..<width, into: dst)
    }

    /// `c` mod `size`, in 0..<size.
    @inline(__always)
    static func wrapped(_ c: Int, _ size: Int) -> Int {
        let r = c % size
        return r < 0 ? r + size : r
    }

    /// dst[x] = row[(x + shift) mod width] for x in `columns`: at most two contiguous copies.
    static func copyWrapped(_ row: UnsafePointer<UInt32>, shift: Int, width: Int, columns: Range<Int>,
                            into dst: UnsafeMutablePointer<UInt32>) {
        guard !columns.isEmpty else { return }
        let r = wrapped(shift, width)
        let split = min(max(width - r, columns.lowerBound), columns.upperBound)  // where x + r reaches width
        (dst + columns.lowerBound).update(from: row + columns.lowerBound + r, count: split - columns.lowerBound)
        (dst + split).update(from: row + split + r - width, count: columns.upperBound - split)
    }
}
