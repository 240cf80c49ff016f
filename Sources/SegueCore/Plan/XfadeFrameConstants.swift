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
