import CGLES3
import SegueCore

extension GLFrame {
    /// `lumaWipe` (`luma-wipe.frag`): the whole canvas, replaced.
    func draw(_ wipe: LumaWipe) throws(SegueError) {
        let inputs = [wipe.from, wipe.to, wipe.mask]
        var bound: [GLTexture] = []
        // Upload all first: an upload binds on the active unit and would replace an earlier input.
        for ref in inputs { bound.append(try textures.texture(for: ref, in: images)) }
        let program = programs[.lumaWipe]
        glUseProgram(program.id)
        for (unit, texture) in bound.enumerated() { bind(texture, unit: unit) }
        glActiveTexture(GLenum(GL_TEXTURE0))
        set(program, "u_progress", wipe.progress)
        set(program, "u_softness", wipe.softness)
        setBlend(nil)
        drawQuad(program, Rect(size: canvas))
    }
}
