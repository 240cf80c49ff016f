import CGLES3
import SegueCore

extension GLFrame {
    /// `xfade` (`xfade-<family>.frag`): the whole canvas, replaced. The uniforms are the lowered
    /// frame's fields, set by type: the member's index in its family (`u_transition`, which the
    /// program compares with the `#define`s `GLProgramCache.xfadeProgram` generates), xfade's
    /// progress, and the family's per-frame numbers; xfade's noise as `u_noise` where read.
    func draw(_ xfade: LoweredXfade) throws(SegueError) {
        let program = try programs.xfadeProgram(xfade.transition.family)
        glUseProgram(program.id)
        set(program, "u_transition", Int32(xfade.transition.indexInFamily))
        set(program, "u_progress", Double(xfade.progress))
        switch xfade.frame {
        case .plain: break
        case .wipe(let region):
            if let location = program.location("u_fromRect") {
                glUniform4f(location, GLfloat(region.minX), GLfloat(region.minY), GLfloat(region.maxX), GLfloat(region.maxY))
            }
            set(program, "u_softness", region.softness)
        case .slide(let motion):
            set(program, "u_vertical", Int32(motion.vertical ? 1 : 0))
            set(program, "u_offset", Int32(motion.offset))
            set(program, "u_toShift", Int32(motion.toShift))
            set(program, "u_fromShift", Int32(motion.fromShift))
        case .warp(let blockSide, let boxLength):
            set(program, "u_pixelizeBlockSide", Double(blockSide))
            set(program, "u_hblurBoxLength", Int32(boxLength))
        }
        let noise = xfade.transition.readsNoise ? ["u_noise": try xfadeNoise.texture(for: canvas)] : [:]
        try bindInputs(of: program, ["u_from": xfade.from, "u_to": xfade.to], extra: noise)
        setBlend(nil)
        drawQuad(program, Rect(size: canvas))
    }
}
