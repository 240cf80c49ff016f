import SegueCore

/// `xfade:pixelize` with its block size as a parameter (xfade hard-codes 20 blocks).
public struct XfadePixelize: XfadeTransitionEffect {
    public static let parameters: [ParameterBinding<XfadePixelize>] = [.init(\.$blocks)]

    @Parameter("blocks", in: 1...1000, "How many blocks span the shorter side at the coarsest moment, halfway (xfade: 20; fewer = coarser).")
    var blocks = XfadeSettings().pixelizeBlocks

    public func plan(_ frame: FrameContext) -> FramePlan {
        var settings = XfadeSettings()
        settings.pixelizeBlocks = blocks
        return XfadeEffect.plan(.pixelize, frame, settings: settings)
    }
}

/// `xfade:hblur` with its blur strength as a parameter (xfade hard-codes half the width).
public struct XfadeHorizontalBlur: XfadeTransitionEffect {
    public static let parameters: [ParameterBinding<XfadeHorizontalBlur>] = [.init(\.$width)]

    @Parameter("width", in: 0...1, "The widest blur box, as a fraction of the frame width, reached halfway (xfade: 0.5; 0 = no blur).")
    var width = XfadeSettings().hblurWidth

    public func plan(_ frame: FrameContext) -> FramePlan {
        var settings = XfadeSettings()
        settings.hblurWidth = width
        return XfadeEffect.plan(.hblur, frame, settings: settings)
    }
}
