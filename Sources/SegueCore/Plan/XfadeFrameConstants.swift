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
    /// Per column or row, what the slices and the squeezes show there (FFmpeg
    /// libavfilter/vf_xfade.c), decided here once per frame in xfade's float order, so that
    /// both renderers read the same answer: the slices compare a soft front with the line's
    /// place in its band, the squeezes round a scaled position to the nearest line, and where
    /// either lands exactly on a tie the last rounding decides — a GPU's division and fused
    /// multiply-adds round otherwise and flipped whole lines (NVIDIA H200). nil for the other
    /// transitions.
    public func lineTable(canvas: PixelSize) -> XfadeLineTable? {
        let p = singleProgress
        switch transition {
        case .hlslice, .hrslice, .vuslice, .vdslice:
            let columns = transition == .hlslice || transition == .hrslice
            let reversed = transition == .hrslice || transition == .vdslice
            let count = columns ? canvas.width : canvas.height
            let extent = Float(count)
            return XfadeLineTable(columns: columns, values: (0..<max(0, count)).map { i -> Int32 in
                let position = reversed ? (extent - 1 - Float(i)) / extent : Float(i) / extent
                // xfade scales hlslice's and vuslice's band count from the coordinate, the
                // others' from the position: 10·i / n and 10 · ((n − 1 − i) / n) round apart.
                let bands = reversed ? 10 * position : 10 * Float(i) / extent
                return XfadeScalars.smoothstep(-0.5, 0, position - p * 1.5) > XfadeScalars.fract(bands) ? 1 : 0
            })
        case .squeezeh, .squeezev:
            // squeezeh squeezes `from`'s rows towards the middle one, squeezev its columns.
            let columns = transition == .squeezev
            let count = columns ? canvas.width : canvas.height
            let extent = Float(count)
            return XfadeLineTable(columns: columns, values: (0..<max(0, count)).map { i -> Int32 in
                let z = 0.5 + (Float(i) / extent - 0.5) / p
                guard p > 0, z >= 0, z <= 1 else { return -1 }
                return Int32(min(max((z * (extent - 1)).rounded(.toNearestOrEven), 0), extent - 1))
            })
        default:
            return nil
        }
    }
}

/// What each column or row of an xfade frame shows (`XfadeCall.lineTable`).
public struct XfadeLineTable: Sendable, Equatable {
    /// The lines are columns; else rows.
    public var columns: Bool
    /// One value per column or row, from the left or the top. Slices: 1 where the line shows
    /// `to`, else 0. Squeezes: the line of `from` shown there, or −1 where `to` shows.
    public var values: [Int32]
}
