import CGLES3
import SegueCore

extension GLFrame {
    /// `blur` (`blur.frag`): the lowered passes, each into a render target kept across frames;
    /// the last becomes the texture of `.named(pass.output)` for the rest of the frame.
    func run(_ blur: LoweredBlur) throws(SegueError) {
        var source = try textures.texture(for: blur.pass.input, in: images)
        let program = programs[.blur]
        glUseProgram(program.id)
        quad.bind()
        setBlend(nil)
        let matrix = BlurPass.saturationMatrix(blur.pass.saturation)
        // GLSL matrices are column-major: column j holds the matrix's row j's transpose.
        let columns = [matrix[0], matrix[3], matrix[6], matrix[1], matrix[4], matrix[7], matrix[2], matrix[5], matrix[8]]
        for step in blur.steps {
            guard step.taps.count <= 16 else { throw SegueError(.internalError, "blur pass with \(step.taps.count) taps (blur.frag holds 16)") }
            let target = try targets.takeTarget(size: step.size)
            glBindFramebuffer(GLenum(GL_FRAMEBUFFER), target.framebuffer)
            glViewport(0, 0, GLsizei(step.size.width), GLsizei(step.size.height))
            bind(source, unit: 0)
            set(program, "u_sourceSize", source.size)
            set(program, "u_targetSize", step.size)
            try GLUniformType.set(UniformValue(type: "vec3", values: step.taps.flatMap { [$0.dx, $0.dy, $0.weight] }), name: "u_taps", in: program)
            set(program, "u_tapCount", Int32(step.taps.count))
            set(program, "u_saturate", Int32(step.saturate ? 1 : 0))
            try GLUniformType.set(UniformValue(type: "mat3", values: columns), name: "u_saturation", in: program)
            drawQuad(program, Rect(size: step.size), target: step.size)
            source = target.texture
        }
        textures.derived[blur.output] = source
        try GLRenderer.checkError("blurring '\(blur.pass.input)'")
    }
}
