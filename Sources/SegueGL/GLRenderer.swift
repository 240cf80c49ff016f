import CGLES3
import SegueCore
import SegueGLSL

/// Draws `FramePlan`s with OpenGL ES 3 into an RGBA8 framebuffer and reads them back
/// (docs/ARCHITECTURE.md "Draw-command semantics").
///
/// Canvas space is y-down all the way through: `quad.vert` maps canvas y to NDC as 2y/H − 1,
/// so framebuffer row 0 is the canvas's top row and glReadPixels fills the `PixelBuffer` in
/// its own row order with no flip; textures are uploaded with image row 0 at t = 0, so
/// sampling at `s / imageSize` is top-left based. Fragment shaders read the canvas pixel
/// centre from `gl_FragCoord.xy`.
///
/// Across frames it keeps the context, the compiled programs, one texture per image of the
/// current `ImageSet` (uploaded once), the framebuffer (re-made only on a size change) and
/// one quad buffer: a frame costs uniform updates, draws and one glReadPixels.
/// Not Sendable: use it from one thread at a time (each `render` makes the context current).
public final class GLRenderer: FrameRenderer {
    public let backendName = "gl"
    public let context: GLContext
    public var info: GLInfo { context.info }
    public let shaderFiles: GLShaderFiles
    /// Texture uploads since creation: one per image used from each new `ImageSet`.
    public private(set) var textureUploadCount = 0
    /// Framebuffers created since creation: one per change of frame size.
    public private(set) var framebufferCreationCount = 0

    private let programSource: any GLProgramSource
    private let vertexStage: GLSLStage
    private let shapesSource: String
    private let layerProgram: GLProgram
    /// `layer.frag` with SEGUE_LAYER_COPY: texel copies for integer translations.
    private let layerCopyProgram: GLProgram
    private let fillProgram: GLProgram
    private let shadowProgram: GLProgram
    let spriteProgram: GLProgram
    let blurProgram: GLProgram
    private var callablePrograms: [String: GLProgram] = [:]
    /// Authors' shader files by `UserShader.programName`; they win over `programSource`.
    private var userShaders: [String: UserShader] = [:]
    let quadBuffer: GLuint
    let quadArray: GLuint
    private let maxTextureUnits: Int

    struct Texture { let id: GLuint; let width: Int; let height: Int }
    /// The sprite field whose instance buffer is held (`SpriteField.atRest`): made once per
    /// field and reused by every frame; a frame only sets `u_time`.
    struct SpriteBuffers { let field: SpriteField; let array: GLuint; let buffer: GLuint; let count: Int }
    var spriteBuffers: SpriteBuffers?
    /// Buffer uploads of sprite instances since creation: one per new field, none per frame.
    public internal(set) var spriteUploadCount = 0
    /// A texture with a framebuffer drawing into it: the passes of blurs render into these.
    struct RenderTarget { let texture: Texture; let framebuffer: GLuint }
    /// Blur targets by size, kept across frames; a frame takes them in order from the start.
    var blurTargets: [PixelSize: [RenderTarget]] = [:]
    /// Blurred images of the current frame (`BlurPass.output`), textures out of `blurTargets`.
    var derivedTextures: [ImageRef: Texture] = [:]
    private var textures: [ImageRef: Texture] = [:]
    /// Textures currently held (one per image of the current set): stays flat over long jobs.
    public var liveTextureCount: Int { textures.count }
    private var textureSetID: UInt64?
    /// Images of the current set already uploaded to `textures`.
    private var uploaded: Set<ImageRef> = []

    private struct Framebuffer { let id: GLuint; let renderbuffer: GLuint; let size: PixelSize }
    private var framebuffer: Framebuffer?
    /// True from a clear to transparent until the next draw: blending onto zeros returns the
    /// source for both modes, so that draw skips reading the framebuffer.
    var canvasIsTransparent = false

    /// - Parameters:
    ///   - platform: the EGL platform (`--egl-platform`); `auto` prefers a GPU.
    ///   - shaderDirectory: an author's folder whose files override the embedded shaders by name.
    ///   - programs: where `shader` commands find programs; default: `<program>.frag` in the shader files.
    public convenience init(platform: EGLPlatformChoice = .auto, shaderDirectory: String? = nil,
                            programs: (any GLProgramSource)? = nil) throws(SegueError) {
        try self.init(context: GLContext(platform: platform), shaderDirectory: shaderDirectory, programs: programs)
    }

    public init(context: GLContext, shaderDirectory: String? = nil, programs: (any GLProgramSource)? = nil) throws(SegueError) {
        self.context = context
        let files = GLShaderFiles(directory: shaderDirectory)
        shaderFiles = files
        programSource = programs ?? files
        func required(_ name: String) throws(SegueError) -> String {
            guard let source = files.source(named: name) else {
                throw SegueError(.internalError, "built-in shader '\(name)' is missing from the shader library")
            }
            return source
        }
        let shapes = try required("shapes.glsl")
        shapesSource = shapes
        let vertex = GLSLStage(name: "quad.vert", body: try required("quad.vert"), shapes: nil)
        vertexStage = vertex
        func program(_ name: String, defines: [String] = []) throws(SegueError) -> GLProgram {
            let fragment = GLSLStage(name: name + ".frag", body: try required(name + ".frag"), shapes: shapes, defines: defines)
            // An author's override that breaks a built-in stage is their input error.
            let kind: SegueError.Kind = shaderDirectory == nil ? .internalError : .invalidInput
            return try GLProgram(name: name, vertex: vertex, fragment: fragment, errorKind: kind)
        }
        let made = try context.withCurrent { () throws(SegueError) in
            var compiled: [GLProgram] = []
            func keep(_ program: GLProgram) -> GLProgram { compiled.append(program); return program }
            let layer: GLProgram, fill: GLProgram, shadow: GLProgram, layerCopy: GLProgram, sprite: GLProgram, blur: GLProgram
            do throws(SegueError) {
                layer = keep(try program("layer"))
                layerCopy = keep(try program("layer", defines: ["SEGUE_LAYER_COPY"]))
                fill = keep(try program("fill"))
                shadow = keep(try program("shadow"))
                blur = keep(try program("blur"))
                let kind: SegueError.Kind = shaderDirectory == nil ? .internalError : .invalidInput
                sprite = keep(try GLProgram(name: "sprites", vertex: GLSLStage(name: "sprites.vert", body: try required("sprites.vert"), shapes: nil),
                                            fragment: GLSLStage(name: "sprites.frag", body: try required("sprites.frag"), shapes: shapes),
                                            errorKind: kind))
            } catch {
                // deinit does not run for a failed init.
                for program in compiled { glDeleteProgram(program.id) }
                throw error
            }
            for program in [layer, layerCopy, sprite, blur] {
                glUseProgram(program.id)
                if let sampler = program.location("u_image") { glUniform1i(sampler, 0) }
            }

            // One unit quad, drawn as a triangle strip and placed by `u_quad`.
            var array: GLuint = 0, buffer: GLuint = 0
            glGenVertexArrays(1, &array)
            glBindVertexArray(array)
            glGenBuffers(1, &buffer)
            glBindBuffer(GLenum(GL_ARRAY_BUFFER), buffer)
            let corners: [GLfloat] = [0, 0, 1, 0, 0, 1, 1, 1]
            glBufferData(GLenum(GL_ARRAY_BUFFER), corners.count * MemoryLayout<GLfloat>.size, corners, GLenum(GL_STATIC_DRAW))
            glEnableVertexAttribArray(0)
            glVertexAttribPointer(0, 2, GLenum(GL_FLOAT), GLboolean(GL_FALSE), 0, nil)

            // Rows are tightly packed (rowBytes = width·4), whatever the width.
            glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 1)
            glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 1)
            glDisable(GLenum(GL_DITHER))
            var units: GLint = 0
            glGetIntegerv(GLenum(GL_MAX_TEXTURE_IMAGE_UNITS), &units)
            try GLRenderer.checkError("setting up the renderer")
            return (layer: layer, layerCopy: layerCopy, fill: fill, shadow: shadow, sprite: sprite, blur: blur,
                    array: array, buffer: buffer, units: Int(units))
        }
        layerProgram = made.layer
        layerCopyProgram = made.layerCopy
        fillProgram = made.fill
        shadowProgram = made.shadow
        spriteProgram = made.sprite
        blurProgram = made.blur
        quadArray = made.array
        quadBuffer = made.buffer
        maxTextureUnits = made.units
    }

    deinit {
        // GL objects go with the context current; the context itself is released afterwards.
        try? context.withCurrent { () throws(SegueError) in
            for program in [layerProgram, layerCopyProgram, fillProgram, shadowProgram, spriteProgram, blurProgram] + Array(callablePrograms.values) {
                glDeleteProgram(program.id)
            }
            for texture in textures.values { var id = texture.id; glDeleteTextures(1, &id) }
            if let framebuffer { deleteFramebuffer(framebuffer) }
            if let sprites = spriteBuffers { deleteSpriteBuffers(sprites) }
            for target in blurTargets.values.joined() { deleteTarget(target) }
            var buffer = quadBuffer, array = quadArray
            glDeleteBuffers(1, &buffer)
            glDeleteVertexArrays(1, &array)
        }
    }

    // MARK: Rendering

    public func render(_ plan: FramePlan, images: ImageSet, into target: inout PixelBuffer) throws(SegueError) {
        try renderFrame(plan, images: images, into: &target)
    }

    /// `render` with the error type spelled out.
    public func renderFrame(_ plan: FramePlan, images: ImageSet, into target: inout PixelBuffer) throws(SegueError) {
        try PixelBuffer.checkSize(plan.size, what: "frame")
        if target.size != plan.size { target = PixelBuffer(size: plan.size) }
        try context.withCurrent { () throws(SegueError) in
            // Blurs first: each makes a derived texture that later commands draw.
            derivedTextures.removeAll(keepingCapacity: true)
            var targetsTaken: [PixelSize: Int] = [:]
            for command in plan.commands {
                if case .blur(let pass) = command { try run(pass, images: images, taken: &targetsTaken) }
            }
            try bindFramebuffer(size: plan.size)
            glViewport(0, 0, GLsizei(plan.size.width), GLsizei(plan.size.height))
            glBindVertexArray(quadArray)
            glActiveTexture(GLenum(GL_TEXTURE0))
            canvasIsTransparent = false
            // Every frame starts transparent, whatever the framebuffer held before.
            if !plan.startsByReplacingCanvas { clear(.clear) }
            for command in plan.commands {
                switch command {
                case .clear(let color): clear(color)
                case .fill(let fill): draw(fill, canvas: plan.size)
                case .layer(let layer): try draw(layer, images: images, canvas: plan.size)
                case .shader(let call): try draw(call, images: images, canvas: plan.size)
                case .sprites(let field): try draw(field, images: images, canvas: plan.size)
                case .blur: break
                }
            }
            // glReadPixels waits for the frame itself; no separate glFinish.
            target.bytes.withUnsafeMutableBytes { bytes in
                glReadPixels(0, 0, GLsizei(plan.size.width), GLsizei(plan.size.height),
                             GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), bytes.baseAddress)
            }
            try GLRenderer.checkError("rendering a frame")
        }
    }

    private func clear(_ color: Color) {
        // The premultiplied bytes as exact fractions, so the cleared bytes are exactly them.
        let (r, g, b, a) = color.premultipliedBytes
        glClearColor(GLfloat(r) / 255, GLfloat(g) / 255, GLfloat(b) / 255, GLfloat(a) / 255)
        glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
        canvasIsTransparent = a == 0
    }

    private func draw(_ fill: Fill, canvas: PixelSize) {
        let program = fillProgram
        glUseProgram(program.id)
        let quad: Rect
        switch fill.shape {
        case .canvas:
            setInt(program, "u_shape", 0)
            quad = Rect(size: canvas)
        case .rect(let rect, let radii):
            setInt(program, "u_shape", 1)
            setRect(program, "u_rect", rect)
            setRadii(program, "u_radii", radii.fitted(to: rect))
            quad = rect.expanded(by: 1)
        case .circle(let center, let radius):
            setInt(program, "u_shape", 2)
            if let location = program.location("u_circle") {
                glUniform3f(location, GLfloat(center.x), GLfloat(center.y), GLfloat(radius))
            }
            let extent = max(radius, 0) + 1
            quad = Rect(x: center.x - extent, y: center.y - extent, width: 2 * extent, height: 2 * extent)
        }
        let (r, g, b, a) = fill.color.premultipliedBytes
        if let location = program.location("u_color") {
            glUniform4f(location, GLfloat(r) / 255, GLfloat(g) / 255, GLfloat(b) / 255, GLfloat(a) / 255)
        }
        setBlend(fill.blend)
        drawQuad(program, quad, canvas: canvas)
    }

    private func draw(_ layer: Layer, images: ImageSet, canvas: PixelSize) throws(SegueError) {
        let texture = try texture(for: layer.source, in: images)
        let frame = layer.frame
        let opacity = clamp(layer.opacity, 0, 1)
        // An empty frame covers nothing (and would divide by zero when mapping to the source).
        guard frame.width > 0, frame.height > 0, opacity > 0 else { return }

        if let shadow = layer.shadow, shadow.color.a > 0 {
            let program = shadowProgram
            glUseProgram(program.id)
            let rect = frame.offsetBy(dx: shadow.offset.x, dy: shadow.offset.y)
            let sigma = max(shadow.radius, 0)
            let alpha = clamp(shadow.color.a, 0, 1) * opacity
            setRect(program, "u_rect", rect)
            if let location = program.location("u_sigma") { glUniform1f(location, GLfloat(sigma)) }
            if let location = program.location("u_color") {
                glUniform4f(location, GLfloat(clamp(shadow.color.r, 0, 1) * alpha), GLfloat(clamp(shadow.color.g, 0, 1) * alpha),
                            GLfloat(clamp(shadow.color.b, 0, 1) * alpha), GLfloat(alpha))
            }
            setBlend(.sourceOver)
            // Beyond 3σ the Gaussian tail is below half a level.
            drawQuad(program, rect.expanded(by: 3 * sigma + 1), canvas: canvas)
        }

        let source = layer.sourceRect ?? Rect(x: 0, y: 0, width: Double(texture.width), height: Double(texture.height))
        let radii = layer.cornerRadii.fitted(to: frame)
        let isCopy = GLRenderer.isTexelCopy(frame: frame, source: source, radii: radii, texture: texture)
        let program = isCopy ? layerCopyProgram : layerProgram
        glUseProgram(program.id)
        glBindTexture(GLenum(GL_TEXTURE_2D), texture.id)
        if let location = program.location("u_imageSize") {
            glUniform2f(location, GLfloat(texture.width), GLfloat(texture.height))
        }
        setRect(program, "u_frame", frame)
        setRect(program, "u_sourceRect", source)
        setRadii(program, "u_radii", radii)
        if let location = program.location("u_opacity") { glUniform1f(location, GLfloat(opacity)) }
        setBlend(layer.blend)
        // The general path draws one pixel beyond the frame for the edge ramp.
        drawQuad(program, isCopy ? frame : frame.expanded(by: 1), canvas: canvas)
    }

    /// True when every pixel the layer touches is fully covered and samples one texel centre:
    /// integer frame and source rectangle of the same size, inside the image, square corners.
    /// Then a texel copy gives the same bytes as coverage + bilinear sampling, at less cost.
    private static func isTexelCopy(frame: Rect, source: Rect, radii: CornerRadii, texture: Texture) -> Bool {
        func isInteger(_ v: Double) -> Bool { v == v.rounded() && abs(v) < 1e9 }
        return radii.isZero && source.width == frame.width && source.height == frame.height
            && [frame.x, frame.y, frame.width, frame.height, source.x, source.y].allSatisfy(isInteger)
            && source.minX >= 0 && source.minY >= 0
            && source.maxX <= Double(texture.width) && source.maxY <= Double(texture.height)
    }

    /// A full-canvas program; its output replaces the canvas (no blending).
    private func draw(_ call: ShaderCall, images: ImageSet, canvas: PixelSize) throws(SegueError) {
        let program = try callableProgram(call.program)
        glUseProgram(program.id)
        for name in call.uniforms.keys.sorted() {
            try GLUniformType.set(call.uniforms[name]!, name: name, in: program)
        }
        let inputs = call.inputs.sorted { $0.key < $1.key }
        guard inputs.count <= maxTextureUnits else {
            throw .invalidInput("shader '\(call.program)': \(inputs.count) inputs, at most \(maxTextureUnits) texture units")
        }
        // Upload first: an upload binds on the active unit and would replace an earlier input.
        var textures: [Texture] = []
        for input in inputs { textures.append(try texture(for: input.value, in: images)) }
        for (unit, (input, texture)) in zip(inputs, textures).enumerated() {
            guard let uniform = program.uniforms[input.key] else { continue }  // unused sampler
            guard uniform.type == GLenum(GL_SAMPLER_2D) else {
                throw .invalidInput("shader '\(call.program)': input '\(input.key)' is not a sampler2D")
            }
            glActiveTexture(GLenum(GL_TEXTURE0) + GLenum(unit))
            glBindTexture(GLenum(GL_TEXTURE_2D), texture.id)
            glUniform1i(uniform.location, GLint(unit))
        }
        glActiveTexture(GLenum(GL_TEXTURE0))
        setBlend(nil)
        drawQuad(program, Rect(size: canvas), canvas: canvas)
    }

    /// Makes `shader` commands naming `shader.programName` run the author's file. Registering
    /// changed text (`segue watch`) drops the program compiled from the old text.
    public func register(_ shader: UserShader) throws(SegueError) {
        let name = shader.programName
        if let old = userShaders[name], old.source.text == shader.source.text { return }
        userShaders[name] = shader
        if let program = callablePrograms.removeValue(forKey: name) {
            try context.withCurrent { () throws(SegueError) in glDeleteProgram(program.id) }
        }
    }

    private func callableProgram(_ name: String) throws(SegueError) -> GLProgram {
        if let program = callablePrograms[name] { return program }
        if let shader = userShaders[name] {
            let fragment = GLUserShaderSource.stage(for: shader, shapes: shapesSource)
            let program = try GLProgram(name: shader.path, vertex: vertexStage, fragment: fragment, errorKind: .invalidInput)
            callablePrograms[name] = program
            return program
        }
        guard let body = programSource.fragmentSource(forProgram: name) else {
            throw .invalidInput("unknown shader program '\(name)'")
        }
        let fragment = GLSLStage(name: name + ".frag", body: body, shapes: shapesSource)
        let program = try GLProgram(name: name, vertex: vertexStage, fragment: fragment, errorKind: .invalidInput)
        callablePrograms[name] = program
        return program
    }

    // MARK: GL state helpers

    func drawQuad(_ program: GLProgram, _ quad: Rect, canvas: PixelSize) {
        if let location = program.location("u_canvasSize") {
            glUniform2f(location, GLfloat(canvas.width), GLfloat(canvas.height))
        }
        setRect(program, "u_quad", quad)
        glDrawArrays(GLenum(GL_TRIANGLE_STRIP), 0, 4)
        canvasIsTransparent = false
    }

    /// Premultiplied blending; nil replaces the destination.
    func setBlend(_ mode: BlendMode?) {
        guard let mode, !canvasIsTransparent else { glDisable(GLenum(GL_BLEND)); return }
        glEnable(GLenum(GL_BLEND))
        switch mode {
        case .sourceOver: glBlendFunc(GLenum(GL_ONE), GLenum(GL_ONE_MINUS_SRC_ALPHA))
        case .plus: glBlendFunc(GLenum(GL_ONE), GLenum(GL_ONE))
        }
    }

    func setInt(_ program: GLProgram, _ name: String, _ value: Int32) {
        if let location = program.location(name) { glUniform1i(location, value) }
    }

    private func setRect(_ program: GLProgram, _ name: String, _ rect: Rect) {
        if let location = program.location(name) {
            glUniform4f(location, GLfloat(rect.x), GLfloat(rect.y), GLfloat(rect.width), GLfloat(rect.height))
        }
    }

    private func setRadii(_ program: GLProgram, _ name: String, _ radii: CornerRadii) {
        if let location = program.location(name) {
            glUniform4f(location, GLfloat(radii.topLeft), GLfloat(radii.topRight),
                        GLfloat(radii.bottomRight), GLfloat(radii.bottomLeft))
        }
    }

    static func checkError(_ doing: String) throws(SegueError) {
        let error = glGetError()
        guard error != GLenum(GL_NO_ERROR) else { return }
        // Drain the rest so the next check reports only new errors.
        while glGetError() != GLenum(GL_NO_ERROR) {}
        throw SegueError(.internalError, "GL error 0x\(String(error, radix: 16)) while \(doing)")
    }

    // MARK: Textures

    /// An RGBA8 texture of `size`, left bound: LINEAR and CLAMP_TO_EDGE, as the software
    /// renderer samples (docs/ARCHITECTURE.md "layer").
    func makeTexture(_ size: PixelSize) -> GLuint {
        var id: GLuint = 0
        glGenTextures(1, &id)
        glBindTexture(GLenum(GL_TEXTURE_2D), id)
        glTexStorage2D(GLenum(GL_TEXTURE_2D), 1, GLenum(GL_RGBA8), GLsizei(size.width), GLsizei(size.height))
        let linear = GLint(GL_LINEAR), clampToEdge = GLint(GL_CLAMP_TO_EDGE)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), linear)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAG_FILTER), linear)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_S), clampToEdge)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_T), clampToEdge)
        return id
    }

    /// The texture of `ref`, uploading it on first use within the current image set. A new set
    /// re-uploads into the existing textures when sizes match, and frees the ones it lacks, so
    /// memory follows the live set over thousands of frames.
    func texture(for ref: ImageRef, in images: ImageSet) throws(SegueError) -> Texture {
        if let derived = derivedTextures[ref] { return derived }
        if images.id != textureSetID {
            textureSetID = images.id
            uploaded.removeAll(keepingCapacity: true)
            for (key, texture) in textures where images[key] == nil {
                var id = texture.id
                glDeleteTextures(1, &id)
                textures[key] = nil
            }
        }
        if uploaded.contains(ref), let texture = textures[ref] { return texture }
        guard let image = images[ref] else {
            throw .invalidInput("the plan draws image '\(ref)', which is not among the frame's images")
        }
        guard image.width > 0, image.height > 0, image.width <= info.maxTextureSize, image.height <= info.maxTextureSize else {
            throw .invalidInput("image '\(ref)' is \(image.width)x\(image.height); GL textures here are at most \(info.maxTextureSize) px per side")
        }
        var texture = textures[ref]
        if let existing = texture, existing.width != image.width || existing.height != image.height {
            var id = existing.id
            glDeleteTextures(1, &id)
            texture = nil
        }
        if texture == nil {
            let id = makeTexture(image.size)
            texture = Texture(id: id, width: image.width, height: image.height)
            textures[ref] = texture
        }
        let ready = texture!
        glBindTexture(GLenum(GL_TEXTURE_2D), ready.id)
        // Image row 0 (the top) goes to t = 0.
        image.bytes.withUnsafeBytes { bytes in
            glTexSubImage2D(GLenum(GL_TEXTURE_2D), 0, 0, 0, GLsizei(image.width), GLsizei(image.height),
                            GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), bytes.baseAddress)
        }
        try GLRenderer.checkError("uploading image '\(ref)'")
        uploaded.insert(ref)
        textureUploadCount += 1
        return ready
    }

    // MARK: Framebuffer

    private func bindFramebuffer(size: PixelSize) throws(SegueError) {
        if let framebuffer, framebuffer.size == size {
            glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer.id)
            return
        }
        if let old = framebuffer {
            deleteFramebuffer(old)
            framebuffer = nil
        }
        var maxRenderbuffer: GLint = 0
        glGetIntegerv(GLenum(GL_MAX_RENDERBUFFER_SIZE), &maxRenderbuffer)
        guard size.width <= Int(maxRenderbuffer), size.height <= Int(maxRenderbuffer) else {
            throw .invalidInput("frame size \(size) exceeds this GL's renderbuffer limit of \(maxRenderbuffer) px")
        }
        var id: GLuint = 0, renderbuffer: GLuint = 0
        glGenRenderbuffers(1, &renderbuffer)
        glBindRenderbuffer(GLenum(GL_RENDERBUFFER), renderbuffer)
        glRenderbufferStorage(GLenum(GL_RENDERBUFFER), GLenum(GL_RGBA8), GLsizei(size.width), GLsizei(size.height))
        glGenFramebuffers(1, &id)
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), id)
        glFramebufferRenderbuffer(GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_RENDERBUFFER), renderbuffer)
        let made = Framebuffer(id: id, renderbuffer: renderbuffer, size: size)
        let status = glCheckFramebufferStatus(GLenum(GL_FRAMEBUFFER))
        guard status == GLenum(GL_FRAMEBUFFER_COMPLETE) else {
            deleteFramebuffer(made)
            throw SegueError(.internalError, "RGBA8 framebuffer \(size) is incomplete (status 0x\(String(status, radix: 16)))")
        }
        try GLRenderer.checkError("creating the \(size) framebuffer")
        framebuffer = made
        framebufferCreationCount += 1
    }

    private func deleteFramebuffer(_ framebuffer: Framebuffer) {
        var id = framebuffer.id, renderbuffer = framebuffer.renderbuffer
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
        glDeleteFramebuffers(1, &id)
        glDeleteRenderbuffers(1, &renderbuffer)
    }
}

extension Rect {
    /// Grown by `d` on every side.
    func expanded(by d: Double) -> Rect { Rect(x: x - d, y: y - d, width: width + 2 * d, height: height + 2 * d) }
}
