import SegueCore

extension GLFrame {
    /// `xfade` (`xfade-<family>.frag`, uniforms from `XfadeCall.programUniforms`): the whole
    /// canvas, replaced.
    func draw(_ call: XfadeCall) throws(SegueError) {
        try drawCanvasProgram(try programs.xfadeProgram(call.transition.family),
                              uniforms: call.programUniforms(canvas: canvas), inputs: call.programInputs)
    }
}
