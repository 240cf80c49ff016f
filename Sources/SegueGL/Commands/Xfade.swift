import CGLES3
import SegueCore

extension GLFrame {
    /// `xfade` (`xfade-<family>.frag`): the whole canvas, replaced. The uniforms are the lowered
    /// frame's fields, set by type: the member's index in its family (`u_transition`, which the
    /// program compares with the `#define`s `GLProgramCache.xfadeProgram` generates), xfade's
    /// progress, and the family's per-frame numbers; xfade's noise as `u_noise` where read, the
    /// frame's line table (slices, squeezes) as `u_lines`, and for hblur both images' row sums
    /// (`xfade-hblur.frag`).
    func draw(_ xfade: LoweredXfade) throws(SegueError) {
        let rowSums = xfade.transition == .hblur
            ? [try rowPrefixSums(of: xfade.from), try rowPrefixSums(of: xfade.to)] : []
        let program = try programs.xfadeProgram(xfade.transition)
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
        case .lines(let lines):
            set(program, "u_columns", Int32(lines.columns ? 1 : 0))
        case .warp(let blockSide, let boxLength):
            set(program, "u_pixelizeBlockSide", Double(blockSide))
            set(program, "u_hblurBoxLength", Int32(boxLength))
        }
        var extra: [String: GLTexture] = [:]
        if xfade.transition.readsNoise { extra["u_noise"] = try xfadeNoise.texture(for: canvas) }
        if program.uniforms["u_lines"] != nil {
            if case .lines(let lines) = xfade.frame { extra["u_lines"] = try lineTable.texture(for: lines) }
            else { extra["u_lines"] = try lineTable.texture(for: nil) }
        }
        if rowSums.count == 2 { (extra["u_fromSums"], extra["u_toSums"]) = (rowSums[0], rowSums[1]) }
        try bindInputs(of: program, ["u_from": xfade.from, "u_to": xfade.to], extra: extra)
        setBlend(nil)
        drawQuad(program, Rect(size: canvas))
    }

    /// `ref`'s row prefix sums (`GLRowPrefixSums`), made by ⌈log₂ width⌉ doubling passes when
    /// its set has none yet; the canvas is bound again afterwards.
    private func rowPrefixSums(of ref: ImageRef) throws(SegueError) -> GLTexture {
        let image = try textures.texture(for: ref, in: images)
        let (done, kept, scratch) = try rowSums.lookup(ref, in: images, size: image.size)
        if let done { return done }
        var strides: [Int] = [1]
        while strides.last! * 2 < image.size.width { strides.append(strides.last! * 2) }
        let program = programs[.rowPrefixSums]
        glUseProgram(program.id)
        glDisable(GLenum(GL_BLEND))
        glViewport(0, 0, GLsizei(image.size.width), GLsizei(image.size.height))
        bind(image, unit: 0)
        // The passes alternate between the two targets so that the last one writes the kept one.
        var previous = strides.count % 2 == 0 ? kept : scratch
        for stride in strides {
            let target = previous.framebuffer == kept.framebuffer ? scratch : kept
            glBindFramebuffer(GLenum(GL_FRAMEBUFFER), target.framebuffer)
            bind(previous.texture, unit: 1)
            set(program, "u_stride", Int32(stride))
            drawQuad(program, Rect(size: image.size), target: image.size)
            previous = target
        }
        glActiveTexture(GLenum(GL_TEXTURE0))
        try GLRenderer.checkError("summing the rows of '\(ref)'")
        rowSums.markSummed(ref)
        try targets.bindCanvas(size: canvas)
        glViewport(0, 0, GLsizei(canvas.width), GLsizei(canvas.height))
        return kept.texture
    }
}
