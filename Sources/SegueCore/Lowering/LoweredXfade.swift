/// An xfade transition as both renderers draw it: xfade's progress in single precision (as
/// vf_xfade.c holds it) and what its family computes once per frame from the progress and the
/// canvas — where a wipe's cut lines fall, how far a slide moves, what each line of a slices
/// or squeeze frame shows, a warp's block side and box length — decided here once, so the software rows and the GL program read the same numbers.
public struct LoweredXfade: Sendable, Equatable {
    public var transition: XfadeTransition
    public var progress: Float
    public var from: ImageRef
    public var to: ImageRef
    public var settings: XfadeSettings
    public var frame: XfadeFrame

    public init(_ call: XfadeCall, canvas: PixelSize) {
        transition = call.transition
        progress = call.singleProgress
        from = call.from
        to = call.to
        settings = call.settings
        if let region = call.wipeRegion(canvas: canvas) {
            frame = .wipe(region)
        } else if let motion = call.slideMotion(canvas: canvas) {
            frame = .slide(motion)
        } else if let lines = call.lineTable(canvas: canvas) {
            frame = .lines(lines)
        } else if call.transition.family == .warps {
            frame = .warp(pixelizeBlockSide: call.pixelizeBlockSide(canvas: canvas), hblurBoxLength: call.hblurBoxLength(canvas: canvas))
        } else {
            frame = .plain
        }
    }
}

/// What one xfade frame's family needs beyond the progress (`LoweredXfade.frame`).
public enum XfadeFrame: Sendable, Equatable {
    /// The fades, smooth, diagonals, shapes and winds: the progress says all.
    case plain
    /// Where a wipe shows `from`.
    case wipe(XfadeWipeRegion)
    /// How a slide, cover or reveal moves its images.
    case slide(XfadeSlideMotion)
    /// What each column or row of a slices or squeeze frame shows.
    case lines(XfadeLineTable)
    /// pixelize's block side and hblur's box length in pixels (`XfadeFrameConstants.swift`).
    case warp(pixelizeBlockSide: Float, hblurBoxLength: Int)
}
