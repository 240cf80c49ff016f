import SegueCore

/// `xfade` (`xfade-<family>.frag`): one of ffmpeg's xfade transitions, each family's maths in
/// its own file in `Xfade/`. Rows read the whole images (slides and warps sample elsewhere).
///
/// `@unchecked Sendable`: the pointers address images pinned, and only read, for the frame.
struct XfadeOp: RowOp, @unchecked Sendable {
    let call: XfadeCall
    let images: XfadeImages

    init(_ call: XfadeCall, from: UnsafePointer<UInt32>, to: UnsafePointer<UInt32>, canvas: PixelSize) {
        self.call = call
        let progress = Float(call.progress)
        images = XfadeImages(from: from, to: to, width: canvas.width, height: canvas.height, progress: progress,
                             settings: call.settings,
                             noise: call.transition.readsNoise ? XfadeNoiseField.shared(canvas) : nil,
                             fadeWeights: XfadeFades.Weights.of(call.transition, progress: progress),
                             pixelizeBlockSide: call.pixelizeBlockSide(canvas: canvas), hblurBoxLength: call.hblurBoxLength(canvas: canvas))
    }

    func apply(row y: Int, dst: UnsafeMutablePointer<UInt32>, rowIsClear: Bool, scratch: UnsafeMutablePointer<UInt32>) -> Bool {
        switch call.transition.family {
        case .fades: XfadeFades.draw(call.transition, row: y, into: dst, images)
        case .warps: XfadeWarps.draw(call.transition, row: y, into: dst, images)
        case .wipes: XfadeWipes.draw(call, row: y, into: dst, images)
        case .slides: XfadeSlides.draw(call, row: y, into: dst, images)
        case .smooth: XfadeSmooth.draw(call.transition, row: y, into: dst, images)
        case .diagonals: XfadeDiagonals.draw(call.transition, row: y, into: dst, images)
        case .shapes: XfadeShapes.draw(call.transition, row: y, into: dst, images)
        case .slices: XfadeSlices.draw(call.transition, row: y, into: dst, images)
        case .winds: XfadeWinds.draw(call.transition, row: y, into: dst, images)
        }
        return false
    }

    func cover(row y: Int) -> RowCover { .replacesRow }
}

/// What an xfade row reads: both images (the canvas's size), xfade's progress in single
/// precision, as vf_xfade.c computes with it, and what the frame computed once for every row.
struct XfadeImages: @unchecked Sendable {
    let from: UnsafePointer<UInt32>
    let to: UnsafePointer<UInt32>
    let width: Int
    let height: Int
    let progress: Float
    let settings: XfadeSettings
    /// xfade's noise over the canvas, for the transitions that read it.
    let noise: XfadeNoiseField?
    /// fadefast/fadeslow's weight per channel difference; nil for the others.
    let fadeWeights: XfadeFades.Weights?
    /// The warps' per-frame numbers (`XfadeFrameConstants.swift`).
    let pixelizeBlockSide: Float
    let hblurBoxLength: Int
}
