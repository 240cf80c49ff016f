import CGLES3
import SegueCore
import SegueGLSL

/// Draws `FramePlan`s with OpenGL ES 3 into an RGBA8 framebuffer and reads them back
/// (docs/ARCHITECTURE.md "Draw commands"). The plan is lowered (`FramePlan.lowered`); each
/// lowered command is drawn by one file in `Commands/` with its program in Shaders/GLSL.
///
/// Canvas space is y-down all the way through: `quad.vert` maps canvas y to NDC as 2y/H − 1,
/// so framebuffer row 0 is the canvas's top row and glReadPixels fills the `PixelBuffer` in
/// its own row order with no flip; textures are uploaded with image row 0 at t = 0. Fragment
/// shaders read the canvas pixel centre from `gl_FragCoord.xy`.
///
/// Across frames it keeps, each in a small owned type, the compiled programs
/// (`GLProgramCache`), one texture per image of the current `ImageSet` (`GLTextureCache`),
/// the canvas framebuffer and blur targets (`GLRenderTargetPool`), the quad (`GLQuad`) and the
/// sprite instances (`GLSpriteInstances`): a frame costs uniform updates, draws and one
/// glReadPixels. `submit`/`collect` pipeline the readback through pixel-buffer objects where
/// that pays (`GLReadback`); `render` reads each frame back before it returns. Not Sendable:
/// use it from one thread at a time (each call makes the context current).
public final class GLRenderer: FrameRenderer {
    public let backendName = "gl"
    public let context: GLContext
    public var info: GLInfo { context.info }
    public let shaderFiles: GLShaderFiles

    private let programs: GLProgramCache
    private let textures: GLTextureCache
    private let targets = GLRenderTargetPool()
    private let pyramids = GLBlurPyramids()
    private let quad: GLQuad
    private let sprites = GLSpriteInstances()
    private let readback: GLReadback
    /// xfade's noise as a float texture, for the transitions that read it.
    private let xfadeNoise = GLXfadeNoiseTexture()
    private let smpteMask = GLSMPTEMaskTexture()
    /// Row sums of the images xfade's hblur blurs.
    private let rowSums = GLRowPrefixSums()
    /// The current xfade frame's line table (slices, squeezes).
    private let lineTable = GLLineTable()
    private let maxTextureUnits: Int
    /// The sizes of the current `ImageSet`'s images, for the lowering (made once per set).
    private var imageSizes: (setID: UInt64, sizes: [ImageRef: PixelSize])?

    /// Texture uploads since creation: one per image used from each new `ImageSet`.
    public var textureUploadCount: Int { textures.uploadCount }
    /// Textures currently held (one per image of the current set): stays flat over long jobs.
    public var liveTextureCount: Int { textures.liveCount }
    /// Canvas framebuffers created since creation: one per change of frame size.
    public var framebufferCreationCount: Int { targets.canvasCreationCount }
    /// Sprite instance buffers made since creation: one per new field, none per frame.
    public var spriteUploadCount: Int { sprites.uploadCount }
    /// Images whose row sums xfade's hblur made since creation: one per image of each new set.
    public var rowSumBuildCount: Int { rowSums.buildCount }
    /// Pixel-buffer objects `submit` reads frames through (0: read directly).
    public var readbackBufferCount: Int { readback.bufferCount }

    /// - Parameters:
    ///   - platform: the EGL platform (`--egl-platform`); `auto` prefers a GPU.
    ///   - shaderDirectory: an author's folder whose files override the embedded shaders by name.
    ///   - programs: where `shader` commands find programs that are not registered user shader
    ///     files; default: `<program>.frag` in `shaderDirectory`.
    ///   - readback: how `submit` reads frames back.
    public convenience init(platform: EGLPlatformChoice = .auto, shaderDirectory: String? = nil,
                            programs: (any GLProgramSource)? = nil, readback: GLReadbackMode = .automatic) throws(SegueError) {
        try self.init(context: GLContext(platform: platform), shaderDirectory: shaderDirectory, programs: programs, readback: readback)
    }

    public init(context: GLContext, shaderDirectory: String? = nil, programs: (any GLProgramSource)? = nil,
                readback: GLReadbackMode = .automatic) throws(SegueError) {
        self.context = context
        self.readback = GLReadback(bufferCount: readback.bufferCount(hardware: context.info.isHardware),
                                   copyThreads: readback.copyThreads(cores: GLRenderer.cores))
        let files = GLShaderFiles(directory: shaderDirectory)
        shaderFiles = files
        let made = try context.withCurrent { () throws(SegueError) in
            let programs = try GLProgramCache(files: files, programs: programs)
            // Rows are tightly packed (rowBytes = width·4), whatever the width.
            glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 1)
            glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 1)
            glDisable(GLenum(GL_DITHER))
            var units: GLint = 0
            glGetIntegerv(GLenum(GL_MAX_TEXTURE_IMAGE_UNITS), &units)
            let quad = GLQuad()
            do throws(SegueError) {
                try GLRenderer.checkError("setting up the renderer")
            } catch {
                programs.deleteAll()
                quad.delete()
                throw error
            }
            return (programs: programs, quad: quad, units: Int(units))
        }
        self.programs = made.programs
        quad = made.quad
        maxTextureUnits = made.units
        textures = GLTextureCache(maxSide: context.info.maxTextureSize)
    }

    deinit {
        // GL objects go with the context current; the context itself is released afterwards.
        try? context.withCurrent { () throws(SegueError) in
            programs.deleteAll()
            textures.deleteAll()
            targets.deleteAll()
            pyramids.deleteAll()
            sprites.deleteAll()
            readback.deleteAll()
            xfadeNoise.delete()
            rowSums.deleteAll()
            lineTable.delete()
            smpteMask.delete()
            quad.delete()
        }
    }

    public func render(_ plan: FramePlan, images: ImageSet, into target: inout PixelBuffer) throws(SegueError) {
        let lowered = try lower(plan, images: images, target: target.size)
        try context.withCurrent { () throws(SegueError) in
            try draw(lowered, images: images)
            // glReadPixels waits for the frame itself; no separate glFinish.
            GLReadback.readCanvas(into: &target)
            try GLRenderer.checkError("rendering a frame")
        }
    }

    public func submit(_ plan: FramePlan, images: ImageSet, into target: consuming PixelBuffer) throws(SegueError) -> PixelBuffer? {
        do throws(SegueError) {
            let lowered = try lower(plan, images: images, target: target.size)
            // Moved, not captured: a captured copy would share the pixels and make the read copy them.
            var slot: PixelBuffer? = consume target
            return try context.withCurrent { () throws(SegueError) in
                try draw(lowered, images: images)
                guard let frame = slot.take() else { return nil }
                let done = try readback.read(into: frame)
                try GLRenderer.checkError("rendering a frame")
                return done
            }
        } catch {
            readback.discardAll()
            throw error
        }
    }

    public func collect() throws(SegueError) -> PixelBuffer? {
        guard readback.heldCount > 0 else { return nil }
        do throws(SegueError) {
            return try context.withCurrent { () throws(SegueError) in
                let done = try readback.finishOldest()
                try GLRenderer.checkError("reading a frame back")
                return done
            }
        } catch {
            readback.discardAll()
            throw error
        }
    }

    private func lower(_ plan: FramePlan, images: ImageSet, target: PixelSize) throws(SegueError) -> LoweredPlan {
        guard target == plan.size else {
            throw SegueError(.internalError, "GL renderer: target is \(target), plan is \(plan.size)")
        }
        if imageSizes?.setID != images.id { imageSizes = (images.id, images.images.mapValues(\.size)) }
        return try plan.lowered(imageSizes: imageSizes?.sizes ?? [:])
    }

    /// Draws `lowered` into the canvas framebuffer, left bound for the readback. Context current.
    private func draw(_ lowered: LoweredPlan, images: ImageSet) throws(SegueError) {
        var frame = GLFrame(canvas: lowered.size, images: images, programs: programs, textures: textures, targets: targets,
                            pyramids: pyramids, quad: quad, sprites: sprites, xfadeNoise: xfadeNoise, rowSums: rowSums, lineTable: lineTable,
                            smpteMask: smpteMask, maxTextureUnits: maxTextureUnits)
        // Blurs first: each makes a derived texture that later commands draw.
        textures.derived.removeAll(keepingCapacity: true)
        targets.startFrame()
        for blur in lowered.blurs { try frame.run(blur) }
        try targets.bindCanvas(size: lowered.size)
        glViewport(0, 0, GLsizei(lowered.size.width), GLsizei(lowered.size.height))
        quad.bind()
        glActiveTexture(GLenum(GL_TEXTURE0))
        try frame.draw(lowered.steps)
    }

    /// Makes `shader` commands naming `shader.programName` run the author's file, compiled now,
    /// so a file that does not compile is reported (with its lines) before any frame is drawn.
    /// Registering changed text (`segue watch`) drops the program compiled from the old text.
    public func register(_ shader: UserShader) throws(SegueError) {
        try context.withCurrent { () throws(SegueError) in
            programs.register(shader)
            _ = try programs.callableProgram(shader.programName)
        }
    }

    /// Online cores, for the readback's copy threads.
    private static var cores: Int { SystemInfo.activeProcessorCount }

    static func checkError(_ doing: String) throws(SegueError) {
        let error = glGetError()
        guard error != GLenum(GL_NO_ERROR) else { return }
        // Drain the rest so the next check reports only new errors.
        while glGetError() != GLenum(GL_NO_ERROR) {}
        throw SegueError(.internalError, "GL error 0x\(String(error, radix: 16)) while \(doing)")
    }
}
