import CEGL
import CGLES3
import SegueCore

/// What `segue info` prints about the GL backend.
public struct GLInfo: Codable, Sendable, Equatable {
    public var vendor: String
    public var renderer: String
    public var version: String
    public var shadingLanguageVersion: String
    public var maxTextureSize: Int
    /// The EGL platform that was opened (never `auto`).
    public var platform: EGLPlatformChoice
    /// Render node or device name, when the platform has one.
    public var device: String?
    public var eglVersion: String
    public var eglVendor: String

    public init(vendor: String, renderer: String, version: String, shadingLanguageVersion: String, maxTextureSize: Int,
                platform: EGLPlatformChoice, device: String?, eglVersion: String, eglVendor: String) {
        self.vendor = vendor; self.renderer = renderer; self.version = version
        self.shadingLanguageVersion = shadingLanguageVersion; self.maxTextureSize = maxTextureSize
        self.platform = platform; self.device = device; self.eglVersion = eglVersion; self.eglVendor = eglVendor
    }

    /// False for Mesa's CPU rasterisers (llvmpipe, softpipe, lavapipe-style "software"):
    /// there the software renderer is the faster choice for built-in effects.
    public var isHardware: Bool {
        let r = renderer.lowercased()
        return !(r.contains("llvmpipe") || r.contains("softpipe") || r.contains("software"))
    }
}

/// An OpenGL ES 3 context on the process's EGL display. Not Sendable on purpose: an EGL
/// context is current per OS thread, so GL work belongs in synchronous `withCurrent` blocks
/// on one thread (EGL 1.5 specification §3.7.3: a context is current to one thread at a time).
public final class GLContext {
    public let info: GLInfo
    private let host: EGLDisplayHost
    private let context: EGLContext
    /// A 1×1 pbuffer, only on displays without EGL_KHR_surfaceless_context.
    private let surface: EGLSurface?

    public init(platform: EGLPlatformChoice = .auto) throws(SegueError) {
        let startup = EGLDisplayHost.start(platform)
        guard let host = startup.host else {
            throw startup.error ?? .glUnavailable("EGL could not start")
        }
        self.host = host
        // The bound API is per thread; ES is the default, but another library may have changed it.
        eglBindAPI(EGLenum(EGL_OPENGL_ES_API))
        guard let context = eglCreateContext(host.display, host.config, nil, EGLDisplayHost.contextAttributes) else {
            throw .glUnavailable("eglCreateContext(ES 3.0) on \(host.platform): \(eglErrorName())")
        }
        self.context = context
        var surface: EGLSurface? = nil
        if !host.supportsSurfaceless {
            let attributes: [EGLint] = [EGL_WIDTH, 1, EGL_HEIGHT, 1, EGL_NONE]
            surface = eglCreatePbufferSurface(host.display, host.config, attributes)
            if surface == nil {
                let error = eglErrorName()
                eglDestroyContext(host.display, context)
                throw .glUnavailable("eglCreatePbufferSurface on \(host.platform): \(error)")
            }
        }
        self.surface = surface
        let gl: (vendor: String, renderer: String, version: String, glsl: String, maxTexture: Int)
        do {
            gl = try GLContext.withCurrent(host.display, surface, context) { () throws(SegueError) in
                func string(_ name: Int32) -> String {
                    glGetString(GLenum(name)).map { String(cString: $0) } ?? ""
                }
                var maxTexture: GLint = 0
                glGetIntegerv(GLenum(GL_MAX_TEXTURE_SIZE), &maxTexture)
                return (vendor: string(GL_VENDOR), renderer: string(GL_RENDERER), version: string(GL_VERSION),
                        glsl: string(GL_SHADING_LANGUAGE_VERSION), maxTexture: Int(maxTexture))
            }
        } catch {
            // deinit does not run for a failed init: release what was made here.
            if let surface { eglDestroySurface(host.display, surface) }
            eglDestroyContext(host.display, context)
            throw error
        }
        info = GLInfo(vendor: gl.vendor, renderer: gl.renderer, version: gl.version, shadingLanguageVersion: gl.glsl,
                      maxTextureSize: gl.maxTexture, platform: host.platform, device: host.deviceName,
                      eglVersion: host.eglVersion, eglVendor: host.eglVendor)
    }

    deinit {
        if eglGetCurrentContext() == context {
            eglMakeCurrent(host.display, nil, nil, nil)
        }
        if let surface { eglDestroySurface(host.display, surface) }
        eglDestroyContext(host.display, context)
    }

    /// Runs `body` with this context current on the calling thread, then restores whatever
    /// was current before (nested calls cost nothing).
    public func withCurrent<T>(_ body: () throws(SegueError) -> T) throws(SegueError) -> T {
        try GLContext.withCurrent(host.display, surface, context, body)
    }

    private static func withCurrent<T>(_ display: EGLDisplay, _ surface: EGLSurface?, _ context: EGLContext,
                                       _ body: () throws(SegueError) -> T) throws(SegueError) -> T {
        let previousContext = eglGetCurrentContext()
        if previousContext == context { return try body() }
        let previousDisplay = eglGetCurrentDisplay()
        let previousDraw = eglGetCurrentSurface(EGL_DRAW)
        let previousRead = eglGetCurrentSurface(EGL_READ)
        guard eglMakeCurrent(display, surface, surface, context) == EGLBoolean(EGL_TRUE) else {
            throw .glUnavailable("eglMakeCurrent: \(eglErrorName())")
        }
        defer {
            if let previousContext, let previousDisplay {
                eglMakeCurrent(previousDisplay, previousDraw, previousRead, previousContext)
            } else {
                eglMakeCurrent(display, nil, nil, nil)
            }
        }
        return try body()
    }

    /// Starts GL without throwing, for `segue info` and diagnostics: the info or the error,
    /// plus every platform attempt (including the ones passed over on success).
    public static func probe(platform: EGLPlatformChoice = .auto)
        -> (info: Result<GLInfo, SegueError>, attempts: [EGLPlatformAttempt]) {
        let attempts = EGLDisplayHost.start(platform).attempts
        do {
            let context = try GLContext(platform: platform)
            return (.success(context.info), attempts)
        } catch {
            return (.failure(error), attempts)
        }
    }
}
