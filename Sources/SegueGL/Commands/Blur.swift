import CGLES3
import SegueCore

extension GLFrame {
    /// `blur` (`blur.frag`): the input's pyramid level (`GLBlurPyramids`, built once per
    /// still input of the set), then the frame's passes, each into a render target kept across
    /// frames; the last texture becomes `.named(pass.output)` for the rest of the frame.
    func run(_ blur: LoweredBlur) throws(SegueError) {
        let program = programs[.blur]
        glUseProgram(program.id)
        quad.bind()
        setBlend(nil)
        var source = try pyramidLevel(blur, program: program)
        let matrix = BlurPass.saturationMatrix(blur.pass.saturation)
        // GLSL matrices are column-major: column j holds the matrix's row j's transpose.
        let columns = [matrix[0], matrix[3], matrix[6], matrix[1], matrix[4], matrix[7], matrix[2], matrix[5], matrix[8]]
        try GLUniformType.set(UniformValue(type: "mat3", values: columns), name: "u_saturation", in: program)
        for step in blur.steps {
            let target = try targets.takeTarget(size: step.size)
            try run(step, from: source, into: target, program: program)
            source = target.texture
        }
        textures.derived[blur.output] = source
        try GLRenderer.checkError("blurring '\(blur.pass.input)'")
    }

    /// The pyramid level the blur starts from: the input itself at level 0, else kept in
    /// `pyramids` for a still input (built on first use), or built into this frame's targets.
    private func pyramidLevel(_ blur: LoweredBlur, program: GLProgram) throws(SegueError) -> GLTexture {
        let input = try textures.texture(for: blur.pass.input, in: images)
        guard blur.level > 0 else { return input }
        let still = blur.inputIsStill
        var levels = still ? pyramids.levels(of: blur.pass.input, in: images) : []
        while levels.count < blur.level {
            var current = levels.last ?? input
            let steps = blur.levelSteps(levels.count + 1)
            for (i, step) in steps.enumerated() {
                let kept = still && i == steps.count - 1
                let target = kept ? try pyramids.makeLevel(size: step.size) : try targets.takeTarget(size: step.size)
                try run(step, from: current, into: target, program: program)
                current = target.texture
            }
            levels.append(current)
        }
        if still { pyramids.keep(levels, of: blur.pass.input) }
        return levels[blur.level - 1]
    }

    private func run(_ step: BlurStep, from source: GLTexture, into target: GLRenderTarget, program: GLProgram) throws(SegueError) {
        let taps = step.bilinearTaps
        guard taps.count <= 16 else { throw SegueError(.internalError, "blur pass with \(taps.count) taps (blur.frag holds 16)") }
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), target.framebuffer)
        glViewport(0, 0, GLsizei(step.size.width), GLsizei(step.size.height))
        bind(source, unit: 0)
        set(program, "u_sourceSize", source.size)
        let horizontal = step.axis == .horizontal
        if let location = program.location("u_axis") { glUniform2f(location, horizontal ? 1 : 0, horizontal ? 0 : 1) }
        if let location = program.location("u_scale") {
            glUniform2f(location, horizontal ? GLfloat(step.stride) : 1, horizontal ? 1 : GLfloat(step.stride))
        }
        try GLUniformType.set(UniformValue(type: "vec2", values: taps.flatMap { [$0.offset, $0.weight] }), name: "u_taps", in: program)
        set(program, "u_tapCount", Int32(taps.count))
        set(program, "u_saturate", Int32(step.saturate ? 1 : 0))
        drawQuad(program, Rect(size: step.size), target: step.size)
    }
}

/// The pyramid levels (`BlurPyramid`) of the current `ImageSet`'s blurred images, kept across
/// its frames as the software renderer keeps them: a new set frees them all.
final class GLBlurPyramids {
    /// Never restarted per frame: every target taken is a new level, held until the set changes.
    private let store = GLRenderTargetPool()
    private var levels: [ImageRef: [GLTexture]] = [:]
    private var setID: UInt64?
    /// Levels made since creation: flat over a sequence once its first frames have run.
    private(set) var buildCount = 0

    /// The levels held for `ref` in `images` (possibly none yet).
    func levels(of ref: ImageRef, in images: ImageSet) -> [GLTexture] {
        if images.id != setID {
            deleteAll()
            setID = images.id
        }
        return levels[ref] ?? []
    }

    func makeLevel(size: PixelSize) throws(SegueError) -> GLRenderTarget {
        buildCount += 1
        return try store.takeTarget(size: size)
    }

    func keep(_ made: [GLTexture], of ref: ImageRef) { levels[ref] = made }

    func deleteAll() {
        store.deleteAll()
        levels.removeAll()
    }
}
