import CGLES3
import SegueCore

extension GLFrame {
    /// `shader`: an author's program (a registered shader file) over the whole canvas,
    /// replacing it.
    func draw(_ call: ShaderCall) throws(SegueError) {
        try drawCanvasProgram(try programs.callableProgram(call.program), uniforms: call.uniforms, inputs: call.inputs)
    }
}
