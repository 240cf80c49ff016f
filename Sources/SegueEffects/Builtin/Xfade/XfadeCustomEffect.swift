import SegueCore

/// `xfade:custom`: ffmpeg xfade's custom transition (`transition=custom:expr=…`,
/// FFmpeg `libavfilter/vf_xfade.c`), an expression in ffmpeg's language (`libavutil/eval.c`)
/// evaluated per pixel and plane. Compiled for the CPU and translated to GLSL, not
/// interpreted (docs/XFADE.md, "Custom expressions").
public struct XfadeCustom: XfadeTransitionEffect {
    public static let parameters: [ParameterBinding<XfadeCustom>] = [.init(\.$expression)]

    /// xfade's own example of a custom transition: a cross-fade.
    public static let crossFade = "A*P+B*(1-P)"

    @Parameter("expr", "The expression, in ffmpeg's language (X, Y, W, H, A, B, PLANE, P = 1 → 0, a0(x,y)…b3(x,y)), or @FILE holding it.")
    var expression = ExpressionText(XfadeCustom.crossFade)

    public func plan(_ frame: FrameContext) -> FramePlan {
        let e = frame.easedProgress
        return FramePlan(size: frame.size, time: frame.time, progress: e, commands: [
            .xfadeExpression(XfadeExpressionCall(expression: expression.text, progress: Double(1 - Float(e)))),
        ])
    }
}
