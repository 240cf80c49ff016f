import CGLES3
import SegueCore

extension GLFrame {
    /// `smpteWipe` (`smpte-wipe.frag`): the wipe's mask, uploaded once per code and size
    /// (`GLSMPTEMaskTexture`), through the frame's threshold; the whole canvas, replaced.
    func draw(_ wipe: LoweredSMPTEWipe) throws(SegueError) {
        let program = programs[.smpteWipe]
        glUseProgram(program.id)
        set(program, "u_position", Int32(clamping: wipe.threshold.position))
        set(program, "u_border", Int32(clamping: wipe.threshold.border))
        set(program, "u_invert", Int32(wipe.threshold.invert ? 1 : 0))
        try bindInputs(of: program, ["u_from": wipe.from, "u_to": wipe.to], extra: ["u_mask": try smpteMask.texture(for: wipe.mask)])
        setBlend(nil)
        drawQuad(program, Rect(size: canvas))
    }
}
