import SegueCore

/// xfade's wipes (`xfade:wipeleft` … `xfade:wipebr`) with what xfade hard-codes made a
/// parameter: the edge's softness. At its default, 0, the edge is xfade's own hard cut and the
/// frames equal ffmpeg's.
public struct XfadeWipeEffect: XfadeTransitionEffect {
    public let transition: XfadeTransition
    public static let parameters: [ParameterBinding<XfadeWipeEffect>] = [.init(\.$softness)]

    @Parameter("softness", in: 0...10_000, "Width of the wipe's edge in pixels (0 = xfade's hard edge).")
    var softness = 0.0

    public init(transition: XfadeTransition) { self.transition = transition }

    public func plan(_ frame: FrameContext) -> FramePlan {
        var settings = XfadeSettings()
        settings.softness = softness
        return XfadeEffect.plan(transition, frame, settings: settings)
    }
}
