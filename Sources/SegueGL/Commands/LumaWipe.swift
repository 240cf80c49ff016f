import CGLES3
import SegueCore

extension GLFrame {
    /// `lumaWipe` (`luma-wipe.frag`, uniforms from `LumaWipe.programInterface`): the whole
    /// canvas, replaced.
    func draw(_ wipe: LumaWipe) throws(SegueError) {
        let interface = wipe.programInterface
        try drawCanvasProgram(programs[.lumaWipe], uniforms: interface.uniforms, inputs: interface.inputs)
    }
}
