import CGLES3
import SegueCore

/// A texture with a framebuffer drawing into it.
struct GLRenderTarget {
    let texture: GLTexture
    let framebuffer: GLuint

    /// A framebuffer drawing into `texture`, checked complete (else both are deleted); `what`
    /// names it in errors.
    static func attached(to texture: GLTexture, what: String) throws(SegueError) -> GLRenderTarget {
        var framebuffer: GLuint = 0
        glGenFramebuffers(1, &framebuffer)
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        glFramebufferTexture2D(GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_TEXTURE_2D), texture.id, 0)
        let target = GLRenderTarget(texture: texture, framebuffer: framebuffer)
        guard glCheckFramebufferStatus(GLenum(GL_FRAMEBUFFER)) == GLenum(GL_FRAMEBUFFER_COMPLETE) else {
            target.delete()
            throw SegueError(.internalError, "\(what) \(texture.size) is incomplete")
        }
        try GLRenderer.checkError("making a \(texture.size) \(what)")
        return target
    }

    func delete() {
        var framebuffer = framebuffer
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
        glDeleteFramebuffers(1, &framebuffer)
        texture.delete()
    }
}

/// The framebuffers a frame draws into, kept across frames: the canvas (a renderbuffer,
/// re-made only when the frame size changes) and the blur passes' targets by size, taken in
/// order each frame.
final class GLRenderTargetPool {
    private struct Canvas { let framebuffer: GLuint; let renderbuffer: GLuint; let size: PixelSize }
    private var canvas: Canvas?
    private var targets: [PixelSize: [GLRenderTarget]] = [:]
    private var taken: [PixelSize: Int] = [:]
    private(set) var canvasCreationCount = 0

    /// Every blur target may be reused from here on.
    func startFrame() { taken.removeAll(keepingCapacity: true) }

    /// Binds the canvas framebuffer of `size`, making it on a size change.
    func bindCanvas(size: PixelSize) throws(SegueError) {
        if let canvas, canvas.size == size {
            glBindFramebuffer(GLenum(GL_FRAMEBUFFER), canvas.framebuffer)
            return
        }
        if let old = canvas {
            delete(old)
            canvas = nil
        }
        var maxRenderbuffer: GLint = 0
        glGetIntegerv(GLenum(GL_MAX_RENDERBUFFER_SIZE), &maxRenderbuffer)
        guard size.width <= Int(maxRenderbuffer), size.height <= Int(maxRenderbuffer) else {
            throw .invalidInput("frame size \(size) exceeds this GL's renderbuffer limit of \(maxRenderbuffer) px")
        }
        var framebuffer: GLuint = 0, renderbuffer: GLuint = 0
        glGenRenderbuffers(1, &renderbuffer)
        glBindRenderbuffer(GLenum(GL_RENDERBUFFER), renderbuffer)
        glRenderbufferStorage(GLenum(GL_RENDERBUFFER), GLenum(GL_RGBA8), GLsizei(size.width), GLsizei(size.height))
        glGenFramebuffers(1, &framebuffer)
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        glFramebufferRenderbuffer(GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_RENDERBUFFER), renderbuffer)
        let made = Canvas(framebuffer: framebuffer, renderbuffer: renderbuffer, size: size)
        let status = glCheckFramebufferStatus(GLenum(GL_FRAMEBUFFER))
        guard status == GLenum(GL_FRAMEBUFFER_COMPLETE) else {
            delete(made)
            throw SegueError(.internalError, "RGBA8 framebuffer \(size) is incomplete (status 0x\(String(status, radix: 16)))")
        }
        try GLRenderer.checkError("creating the \(size) framebuffer")
        canvas = made
        canvasCreationCount += 1
    }

    /// The next unused blur target of `size` this frame.
    func takeTarget(size: PixelSize) throws(SegueError) -> GLRenderTarget {
        let index = taken[size, default: 0]
        taken[size] = index + 1
        if let held = targets[size], index < held.count { return held[index] }
        let target = try GLRenderTarget.attached(to: GLTexture.make(size), what: "blur render target")
        targets[size, default: []].append(target)
        return target
    }

    func deleteAll() {
        if let canvas { delete(canvas) }
        canvas = nil
        for target in targets.values.joined() { target.delete() }
        targets.removeAll()
    }

    private func delete(_ canvas: Canvas) {
        var framebuffer = canvas.framebuffer, renderbuffer = canvas.renderbuffer
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
        glDeleteFramebuffers(1, &framebuffer)
        glDeleteRenderbuffers(1, &renderbuffer)
    }
}
