import CGLES3
import SegueCore

/// One frame being drawn: the renderer's resources and the canvas's state. Each draw command
/// is an extension in `Commands/` (mirroring the software renderer's), with its program in
/// Shaders/GLSL. Lives only inside `GLRenderer.render`, context current.
struct GLFrame {
    let canvas: PixelSize
    let images: ImageSet
    let programs: GLProgramCache
    let textures: GLTextureCache
    let targets: GLRenderTargetPool
    let pyramids: GLBlurPyramids
    let quad: GLQuad
    let sprites: GLSpriteInstances
    let xfadeNoise: GLXfadeNoiseTexture
    let rowSums: GLRowPrefixSums
    let lineTable: GLLineTable
    let smpteMask: GLSMPTEMaskTexture
    let maxTextureUnits: Int
    /// The lowering's fact for the current step: the canvas is all transparent, so blending
    /// onto it would return the source and can be skipped.
    var canvasIsTransparent = false

    /// Draws the lowered steps onto the canvas.
    mutating func draw(_ steps: [LoweredStep]) throws(SegueError) {
        for step in steps { try draw(step) }
    }

    /// Draws one lowered command onto the canvas.
    mutating func draw(_ step: LoweredStep) throws(SegueError) {
        canvasIsTransparent = step.canvasIsTransparent
        switch step.command {
        case .clear(let color): clear(color)
        case .fill(let fill): draw(fill)
        case .shadow(let shadow): draw(shadow)
        case .layer(let layer): try draw(layer)
        case .reveal(let reveal): try draw(reveal)
        case .lumaWipe(let wipe): try draw(wipe)
        case .sprites(let field): try draw(field)
        case .shader(let call): try draw(call)
        case .xfade(let xfade): try draw(xfade)
        case .xfadeExpression(let xfade): try draw(xfade)
        case .smpteWipe(let wipe): try draw(wipe)
        case .mix(let mix): try draw(mix)
        case .pair(let pair): try draw(pair)
        }
    }

    // MARK: Helpers the commands share

    /// Runs `program` over the whole canvas, replacing it: `uniforms` set by their declared
    /// GLSL type, `inputs` (images) and `extra` (textures the renderer made, e.g. xfade's noise)
    /// bound as `sampler2D`s by name (in name order, one texture unit each).
    func drawCanvasProgram(_ program: GLProgram, uniforms: [String: UniformValue], inputs: [String: ImageRef],
                           extra: [String: GLTexture] = [:]) throws(SegueError) {
        glUseProgram(program.id)
        for (name, value) in uniforms.sorted(by: { $0.key < $1.key }) { try GLUniformType.set(value, name: name, in: program) }
        try bindInputs(of: program, inputs, extra: extra)
        setBlend(nil)
        drawQuad(program, Rect(size: canvas))
    }

    /// Binds `inputs` (images) and `extra` (textures the renderer made, integer ones to
    /// integer samplers) to `program`'s samplers of those names, in name order, one texture unit each; the program is in use.
    func bindInputs(of program: GLProgram, _ inputs: [String: ImageRef], extra: [String: GLTexture] = [:]) throws(SegueError) {
        let inputs = inputs.sorted { $0.key < $1.key }
        guard inputs.count + extra.count <= maxTextureUnits else {
            throw .invalidInput("shader '\(program.name)': \(inputs.count + extra.count) inputs, at most \(maxTextureUnits) texture units")
        }
        // Upload first: an upload binds on the active unit and would replace an earlier input.
        var bound: [(String, GLTexture)] = []
        for input in inputs { bound.append((input.key, try textures.texture(for: input.value, in: images))) }
        bound += extra.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
        let integerSamplers = [GLenum(GL_INT_SAMPLER_2D), GLenum(GL_UNSIGNED_INT_SAMPLER_2D)]
        for (unit, (name, texture)) in bound.enumerated() {
            guard let uniform = program.uniforms[name] else { continue }  // unused sampler
            // Images are sampler2Ds; the renderer's own tables may be integer textures.
            guard uniform.type == GLenum(GL_SAMPLER_2D) || (extra[name] != nil && integerSamplers.contains(uniform.type)) else {
                throw .invalidInput("shader '\(program.name)': input '\(name)' is not a sampler2D")
            }
            bind(texture, unit: unit)
            glUniform1i(uniform.location, GLint(unit))
        }
        glActiveTexture(GLenum(GL_TEXTURE0))
    }

    /// Premultiplied blending; nil replaces the destination (as does a draw onto a
    /// transparent canvas, where both blend modes return the source).
    func setBlend(_ mode: BlendMode?) {
        guard let mode, !canvasIsTransparent else { glDisable(GLenum(GL_BLEND)); return }
        glEnable(GLenum(GL_BLEND))
        switch mode {
        case .sourceOver: glBlendFunc(GLenum(GL_ONE), GLenum(GL_ONE_MINUS_SRC_ALPHA))
        case .plus: glBlendFunc(GLenum(GL_ONE), GLenum(GL_ONE))
        }
    }

    /// Draws `program` (bound) over `quad` canvas pixels of a `target`-sized framebuffer.
    func drawQuad(_ program: GLProgram, _ quad: Rect, target: PixelSize? = nil) {
        let size = target ?? canvas
        if let location = program.location("u_canvasSize") { glUniform2f(location, GLfloat(size.width), GLfloat(size.height)) }
        set(program, "u_quad", quad)
        glDrawArrays(GLenum(GL_TRIANGLE_STRIP), 0, 4)
    }

    /// Binds `texture` to texture unit `unit`.
    func bind(_ texture: GLTexture, unit: Int) {
        glActiveTexture(GLenum(GL_TEXTURE0) + GLenum(unit))
        glBindTexture(GLenum(GL_TEXTURE_2D), texture.id)
    }

    func set(_ program: GLProgram, _ name: String, _ value: Int32) {
        if let location = program.location(name) { glUniform1i(location, value) }
    }

    func set(_ program: GLProgram, _ name: String, _ value: Double) {
        if let location = program.location(name) { glUniform1f(location, GLfloat(value)) }
    }

    func set(_ program: GLProgram, _ name: String, _ size: PixelSize) {
        if let location = program.location(name) { glUniform2f(location, GLfloat(size.width), GLfloat(size.height)) }
    }

    func set(_ program: GLProgram, _ name: String, _ rect: Rect) {
        if let location = program.location(name) {
            glUniform4f(location, GLfloat(rect.x), GLfloat(rect.y), GLfloat(rect.width), GLfloat(rect.height))
        }
    }

    func set(_ program: GLProgram, _ name: String, _ radii: CornerRadii) {
        if let location = program.location(name) {
            glUniform4f(location, GLfloat(radii.topLeft), GLfloat(radii.topRight), GLfloat(radii.bottomRight), GLfloat(radii.bottomLeft))
        }
    }

    func set(_ program: GLProgram, _ name: String, _ color: PremultipliedColor) {
        if let location = program.location(name) {
            let (r, g, b, a) = color.fractions
            glUniform4f(location, r, g, b, a)
        }
    }
}

extension Rect {
    /// Grown by `d` on every side.
    func expanded(by d: Double) -> Rect { Rect(x: x - d, y: y - d, width: width + 2 * d, height: height + 2 * d) }
}
