import SegueCore

/// `xfade` (`xfade-<family>.frag`): one of ffmpeg's xfade transitions, each family's maths in
/// its own file in `Xfade/`. Rows read the whole images (slides and warps sample elsewhere).
///
/// `@unchecked Sendable`: the pointers address images pinned, and only read, for the frame.
struct XfadeOp: RowOp, @unchecked Sendable {
    let xfade: LoweredXfade
    let images: XfadeImages

    init(_ xfade: LoweredXfade, from: UnsafePointer<UInt32>, to: UnsafePointer<UInt32>, canvas: PixelSize) {
        self.xfade = xfade
        images = XfadeImages(from: from, to: to, width: canvas.width, height: canvas.height, progress: xfade.progress,
                             settings: xfade.settings,
                             noise: xfade.transition.readsNoise ? XfadeNoiseField.shared(canvas) : nil,
                             fadeWeights: XfadeFades.Weights.of(xfade.transition, progress: xfade.progress))
    }

    func apply(row y: Int, dst: UnsafeMutablePointer<UInt32>, rowIsClear: Bool, scratch: UnsafeMutablePointer<UInt32>) -> Bool {
        let transition = xfade.transition
        switch xfade.frame {
        case .wipe(let region): XfadeWipes.draw(region, row: y, into: dst, images)
        case .slide(let motion): XfadeSlides.draw(motion, row: y, into: dst, images)
        case .lines(let lines) where transition.family == .slices: XfadeSlices.draw(lines, row: y, into: dst, images)
        case .lines(let lines): XfadeWarps.drawSqueeze(lines, row: y, into: dst, images)
        case .warp(let blockSide, let boxLength): XfadeWarps.draw(transition, blockSide: blockSide, boxLength: boxLength, row: y, into: dst, images)
        case .plain:
            switch transition.family {
            case .fades: XfadeFades.draw(transition, row: y, into: dst, images)
            case .smooth: XfadeSmooth.draw(transition, row: y, into: dst, images)
            case .diagonals: XfadeDiagonals.draw(transition, row: y, into: dst, images)
            case .shapes: XfadeShapes.draw(transition, row: y, into: dst, images)
            case .winds: XfadeWinds.draw(transition, row: y, into: dst, images)
            case .wipes, .slides, .slices, .warps: break  // their frames carry their numbers
            }
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
}
