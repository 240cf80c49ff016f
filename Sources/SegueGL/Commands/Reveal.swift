import CGLES3
import SegueCore

extension GLFrame {
    /// `reveal` (`reveal.frag`, uniforms from `LoweredReveal.programInterface`): the whole
    /// canvas, replaced.
    func draw(_ reveal: LoweredReveal) throws(SegueError) {
        let interface = reveal.programInterface
        try drawCanvasProgram(programs[.reveal], uniforms: interface.uniforms, inputs: interface.inputs)
    }
}
