import CGLES3
import SegueCore

extension GLFrame {
    /// `shader`: an author's program over the whole canvas, replacing it. Its inputs are bound
    /// as `sampler2D`s by name, its uniforms set by their declared GLSL type.
    func draw(_ call: ShaderCall) throws(SegueError) {
        let program = try programs.callableProgram(call.program)
        glUseProgram(program.id)
        for name in call.uniforms.keys.sorted() {
            if let value = call.uniforms[name] { try GLUniformType.set(value, name: name, in: program) }
        }
        let inputs = call.inputs.sorted { $0.key < $1.key }
        guard inputs.count <= maxTextureUnits else {
            throw .invalidInput("shader '\(call.program)': \(inputs.count) inputs, at most \(maxTextureUnits) texture units")
        }
        // Upload first: an upload binds on the active unit and would replace an earlier input.
        var bound: [GLTexture] = []
        for input in inputs { bound.append(try textures.texture(for: input.value, in: images)) }
        for (unit, (input, texture)) in zip(inputs, bound).enumerated() {
            guard let uniform = program.uniforms[input.key] else { continue }  // unused sampler
            guard uniform.type == GLenum(GL_SAMPLER_2D) else {
                throw .invalidInput("shader '\(call.program)': input '\(input.key)' is not a sampler2D")
            }
            bind(texture, unit: unit)
            glUniform1i(uniform.location, GLint(unit))
        }
        glActiveTexture(GLenum(GL_TEXTURE0))
        setBlend(nil)
        drawQuad(program, Rect(size: canvas))
    }
}
