import SegueCore

extension GLFrame {
    /// `xfade` (`xfade-<family>.frag`, uniforms from `XfadeCall.programUniforms` and
    /// `canvasUniforms`, xfade's noise as `u_noise` where the transition reads it): the whole
    /// canvas, replaced.
    func draw(_ call: XfadeCall) throws(SegueError) {
        let noise = call.transition.readsNoise ? ["u_noise": try xfadeNoise.texture(for: canvas)] : [:]
        try drawCanvasProgram(try programs.xfadeProgram(call.transition.family),
                              uniforms: call.programUniforms.merging(call.canvasUniforms(canvas)) { $1 },
                              inputs: call.programInputs, extra: noise)
    }
}
