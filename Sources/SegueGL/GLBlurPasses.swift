import CGLES3
import SegueCore

/// `blur` commands on GL: the passes of `BlurPass.steps` into render targets kept across frames.
extension GLRenderer {
    /// Runs the passes of `BlurStep` into render targets; the last one becomes the derived
    /// texture `.named(pass.output)`.
    func run(_ pass: BlurPass, images: ImageSet, taken: inout [PixelSize: Int]) throws(SegueError) {
        var source = try texture(for: pass.input, in: images)
        let program = blurProgram
        glUseProgram(program.id)
        glBindVertexArray(quadArray)
        glActiveTexture(GLenum(GL_TEXTURE0))
        setBlend(nil)
        let inputSize = PixelSize(width: source.width, height: source.height)
        let matrix = BlurPass.saturationMatrix(pass.saturation)
        // GLSL matrices are column-major: column j holds the matrix's row j's transpose.
        let columns = [matrix[0], matrix[3], matrix[6], matrix[1], matrix[4], matrix[7], matrix[2], matrix[5], matrix[8]]
        for step in pass.steps(for: inputSize) {
            guard step.taps.count <= 16 else { throw SegueError(.internalError, "blur pass with \(step.taps.count) taps (blur.frag holds 16)") }
            let index = taken[step.size, default: 0]
            taken[step.size] = index + 1
            let target = try renderTarget(size: step.size, index: index)
            glBindFramebuffer(GLenum(GL_FRAMEBUFFER), target.framebuffer)
            glViewport(0, 0, GLsizei(step.size.width), GLsizei(step.size.height))
            glBindTexture(GLenum(GL_TEXTURE_2D), source.id)
            if let location = program.location("u_sourceSize") { glUniform2f(location, GLfloat(source.width), GLfloat(source.height)) }
            if let location = program.location("u_targetSize") { glUniform2f(location, GLfloat(step.size.width), GLfloat(step.size.height)) }
            try GLUniformType.set(UniformValue(type: "vec3", values: step.taps.flatMap { [$0.dx, $0.dy, $0.weight] }), name: "u_taps", in: program)
            setInt(program, "u_tapCount", Int32(step.taps.count))
            setInt(program, "u_saturate", step.saturate ? 1 : 0)
            try GLUniformType.set(UniformValue(type: "mat3", values: columns), name: "u_saturation", in: program)
            drawQuad(program, Rect(size: step.size), canvas: step.size)
            source = target.texture
        }
        derivedTextures[.named(pass.output)] = source
        try GLRenderer.checkError("blurring '\(pass.input)'")
    }

    func renderTarget(size: PixelSize, index: Int) throws(SegueError) -> RenderTarget {
        if let held = blurTargets[size], index < held.count { return held[index] }
        let id = makeTexture(size)
        var framebuffer: GLuint = 0
        glGenFramebuffers(1, &framebuffer)
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        glFramebufferTexture2D(GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_TEXTURE_2D), id, 0)
        let target = RenderTarget(texture: Texture(id: id, width: size.width, height: size.height), framebuffer: framebuffer)
        guard glCheckFramebufferStatus(GLenum(GL_FRAMEBUFFER)) == GLenum(GL_FRAMEBUFFER_COMPLETE) else {
            deleteTarget(target)
            throw SegueError(.internalError, "blur render target \(size) is incomplete")
        }
        try GLRenderer.checkError("making a \(size) blur target")
        blurTargets[size, default: []].append(target)
        return target
    }

    func deleteTarget(_ target: RenderTarget) {
        var id = target.texture.id, framebuffer = target.framebuffer
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
        glDeleteFramebuffers(1, &framebuffer)
        glDeleteTextures(1, &id)
    }
}
