/// What xfade's warps compute once per frame from progress and the canvas (FFmpeg
/// libavfilter/vf_xfade.c), in single precision as it does; the lowering puts them in the frame
/// (`XfadeFrame.warp`), so both renderers read the same values.
extension XfadeCall {
    /// pixelize's block side in pixels: it grows to min(w, h)/`pixelizeBlocks` at the midpoint,
    /// in 50 steps each way; 0 where there are no blocks (the ends).
    public func pixelizeBlockSide(canvas: PixelSize) -> Float {
        let p = Float(progress)
        let distance = (min(p, 1 - p) * 50).rounded(.up) / 50
        guard distance > 0 else { return 0 }
        return 2 * distance * Float(min(canvas.width, canvas.height)) / Float(max(1, settings.pixelizeBlocks))
    }

    /// hblur's box length in pixels: 1 + (its widest, `hblurWidth` of the width) · 2·min(P, 1 − P),
    /// truncated as xfade converts to int; within 1…width.
    public func hblurBoxLength(canvas: PixelSize) -> Int {
        let p = Float(progress)
        let widest = Int(min(max(Double(canvas.width) * settings.hblurWidth, 0), Double(canvas.width)))
        let ramp = p <= 0.5 ? p * 2 : (1 - p) * 2
        let length = 1 + Float(widest) * ramp
        return length.isFinite ? min(max(Int(max(length, 1)), 1), max(1, canvas.width)) : 1
    }
}

extension XfadeCall {
    /// The slices' verdict for every line across the front (FFmpeg libavfilter/vf_xfade.c):
    /// whether the column (hlslice, hrslice) or row (vuslice, vdslice) shows `to`. xfade's
    /// test compares a soft front with the line's place in its band, and where the two are
    /// equal the last rounding decides; a GPU's division and fused multiply-adds round
    /// otherwise, so the test is made here once, in xfade's float order, and both renderers
    /// read it. nil for the other families.
    public func sliceLines(canvas: PixelSize) -> XfadeSliceLines? {
        guard transition.family == .slices else { return nil }
        let columns = transition == .hlslice || transition == .hrslice
        let reversed = transition == .hrslice || transition == .vdslice
        let count = columns ? canvas.width : canvas.height
        let extent = Float(count), p = singleProgress
        let showsTo = (0..<max(0, count)).map { i -> Bool in
            let position = reversed ? (extent - 1 - Float(i)) / extent : Float(i) / extent
            // xfade scales hlslice's and vuslice's band count from the coordinate, the
            // others' from the position: 10·i / n and 10 · ((n − 1 − i) / n) round apart.
            let bands = reversed ? 10 * position : 10 * Float(i) / extent
            return XfadeScalars.smoothstep(-0.5, 0, position - p * 1.5) > XfadeScalars.fract(bands)
        }
        return XfadeSliceLines(columns: columns, showsTo: showsTo)
    }
}

/// Which lines of a slices frame show `to` (`XfadeCall.sliceLines`).
public struct XfadeSliceLines: Sendable, Equatable {
    /// The lines are columns (the front sweeps sideways); else rows.
    public var columns: Bool
    /// One verdict per column or row, from the left or the top.
    public var showsTo: [Bool]
}
