import SegueAuthoring
import SegueCore
import SegueEffects
import SegueGL
import SegueIO
import SegueSoftware

/// `--backend`.
public enum BackendChoice: String, CaseIterable, Sendable {
    /// The faster backend for the effect on this machine: GL on a real GPU (and for user
    /// shaders), software otherwise; software when GL cannot start, with a notice.
    case auto
    case gl
    case software
}

/// Owns the renderers of one process: the software renderer, and at most one GL renderer
/// (one EGL display and context per process, reused across frames and jobs).
public final class RenderSession {
    public let choice: BackendChoice
    public let eglPlatform: EGLPlatformChoice
    public let shaderDirectory: String?
    private let notice: (String) -> Void
    private var software: SoftwareRenderer?
    private var gl: Result<GLRenderer, SegueError>?
    /// Seconds one frame of a user shader may take (0 = no limit); see `FrameWatchdog`.
    public var frameTimeLimit: Double = 10
    private lazy var watchdog = FrameWatchdog()

    /// `notice` receives one-line messages for stderr (e.g. falling back to software).
    public init(backend: BackendChoice, eglPlatform: EGLPlatformChoice = .auto, shaderDirectory: String? = nil,
                notice: @escaping (String) -> Void) {
        self.choice = backend
        self.eglPlatform = eglPlatform
        self.shaderDirectory = shaderDirectory
        self.notice = notice
    }

    /// The renderer for an effect that does (`needsGL`) or does not run an author's shader;
    /// `backend` overrides the session's choice for one job of a batch (the GL renderer is
    /// still shared).
    private func renderer(needsGL: Bool, backend: BackendChoice?) throws(SegueError) -> any FrameRenderer {
        switch backend ?? choice {
        case .software:
            return softwareRenderer()
        case .gl:
            return try glRenderer().get()
        case .auto:
            if !needsGL && !GPUProbe.hasHardwareDevice {
                return softwareRenderer()
            }
            switch glRenderer() {
            case .success(let r):
                if needsGL || r.info.isHardware { return r }
                return softwareRenderer()
            case .failure(let error):
                if needsGL { throw error }
                notice("GL unavailable (\(error.message)); using the software renderer")
                return softwareRenderer()
            }
        }
    }

    /// The renderer for `transition`'s cut.
    public func renderer(for transition: PreparedTransition, backend: BackendChoice? = nil) throws(SegueError) -> any FrameRenderer {
        try renderer(for: transition.cut, backend: backend)
    }

    /// The renderer for `cut`: a user shader is registered with the GL renderer and runs under
    /// the per-frame time limit.
    public func renderer(for cut: PreparedCut, backend: BackendChoice? = nil) throws(SegueError) -> any FrameRenderer {
        let renderer = try renderer(needsGL: cut.drawing.needsGL, backend: backend)
        if let gl = renderer as? GLRenderer, frameTimeLimit > 0, cut.plan(fraction: 0.5).commands.contains(where: \.runsLoops) {
            // A shader cannot stop a loop that never ends, as the software renderer does
            // (Limits.expressionLoopIterations): the frame time limit does.
            return TimeLimitedRenderer(gl, watchdog: watchdog, limit: frameTimeLimit, label: "xfade:custom expr") {
                CleanupRegistry.shared.runAllAndExit(status: FrameWatchdog.exitCode)
            }
        }
        guard let shader = cut.userShader else { return renderer }
        guard let gl = renderer as? GLRenderer else { throw .invalidInput("user shaders need the GL backend (--backend gl or auto)") }
        try gl.register(shader)
        guard frameTimeLimit > 0 else { return gl }
        // An overrun ends the process: its temporary files, locks and ffmpeg go first.
        return TimeLimitedRenderer(gl, watchdog: watchdog, limit: frameTimeLimit, label: shader.path) {
            CleanupRegistry.shared.runAllAndExit(status: FrameWatchdog.exitCode)
        }
    }

    /// One renderer for every cut of a sequence: GL for all when any cut needs it (an author's
    /// shader), each shader registered with it; software when there is no cut to draw.
    /// `backend` overrides the session's choice, as for a transition.
    public func renderer(for sequence: PreparedSequence, backend: BackendChoice? = nil) throws(SegueError) -> any FrameRenderer {
        let needsGL = sequence.cuts.contains { $0.drawing.needsGL }
        var chosen: (any FrameRenderer)?
        for cut in sequence.cuts {
            let renderer = try renderer(for: cut, backend: needsGL ? .gl : backend)
            // A shader's cut comes back under the frame time limit: that wrapper serves them all.
            if chosen == nil || cut.userShader != nil { chosen = renderer }
        }
        return chosen ?? softwareRenderer()
    }

    private func softwareRenderer() -> SoftwareRenderer {
        if let software { return software }
        let r = SoftwareRenderer()
        software = r
        return r
    }

    private func glRenderer() -> Result<GLRenderer, SegueError> {
        if let gl { return gl }
        let result: Result<GLRenderer, SegueError>
        do throws(SegueError) {
            result = .success(try GLRenderer(platform: eglPlatform, shaderDirectory: shaderDirectory))
        } catch {
            result = .failure(error)
        }
        gl = result
        return result
    }
}
