import ArgumentParser
import Foundation
import SegueCore
import SegueIO
import SegueAuthoring
import SegueGL
import SeguePipeline

/// Options shared by every command that renders a transition: each a row of the request
/// option table (`RequestOptions`), which gives its help and reads its value, as a spec key or a
/// query key of the same name is read.
struct TransitionOptions: ParsableArguments {
    @Option(help: help("from")) var from: String?
    @Option(help: help("to")) var to: String?
    @Option(help: help("size")) var size: String?
    @Option(help: help("fps")) var fps: String?
    @Option(help: help("duration")) var duration: String?
    @Option(help: help("timing")) var timing: String?
    @Option(name: .customLong("param"), help: help("param")) var params: [String] = []
    @Option(help: help("fit")) var fit: String?
    @Option(name: .customLong("colorspace"), help: help("colorspace")) var colorSpace: String?
    @Option(help: help("scale")) var scale: String?
    @Option(help: help("seed")) var seed: String?
    @Option(help: help("gesture")) var gesture: String?
    @Option(help: help("gesture-axis")) var gestureAxis: String?
    @Option(help: help("gesture-travel")) var gestureTravel: String?
    @OptionGroup var rendering: RendererOptions

    /// The options given, as (name, text) for the table.
    var given: [(name: String, text: String)] {
        let single: [(String, String?)] = [
            ("from", from), ("to", to), ("size", size), ("fps", fps), ("duration", duration), ("timing", timing), ("fit", fit),
            ("colorspace", colorSpace), ("scale", scale), ("seed", seed), ("gesture", gesture), ("gesture-axis", gestureAxis),
            ("gesture-travel", gestureTravel),
        ]
        return single.compactMap { name, text in text.map { (name, $0) } } + params.map { ("param", $0) }
    }

    /// The job these options and `extra` (the command's own table options) ask for.
    func job(effect: String, extra: [(name: String, text: String)] = []) throws(SegueError) -> JobRequest {
        var job = JobRequest(effect: effect)
        try RequestOptions.readCommandLine(given + extra, into: &job)
        job.transition.catalog = try rendering.shaders.catalog()
        return job
    }

    func request(effect: String) throws(SegueError) -> TransitionRequest { try job(effect: effect).transition }

    /// Whether `--scale` was left to `auto`.
    var scaleIsAuto: Bool { scale == nil || scale == "auto" }

    /// The request prepared, with a warning on stderr for each point or rectangle parameter
    /// that lies outside the canvas (it still renders).
    func prepare(effect: String) throws(SegueError) -> PreparedTransition { try prepare(try request(effect: effect)) }

    func prepare(_ request: TransitionRequest) throws(SegueError) -> PreparedTransition {
        let transition = try PreparedTransition(request)
        for parameter in transition.offCanvasParameters { printError("segue: warning: --param \(parameter)") }
        return transition
    }

    func session() throws(SegueError) -> RenderSession { try rendering.session() }
}

/// A request option's help, from the table.
func help(_ name: String) -> ArgumentHelp { ArgumentHelp(RequestOptions.option(name).help) }

/// Which renderer draws, and how user shaders are found and limited: `render`, `still`,
/// `sequence`.
struct RendererOptions: ParsableArguments {
    @Option(help: "Renderer.")
    var backend: BackendChoice = .auto
    @OptionGroup var gl: GLOptions
    @OptionGroup var shaders: ShaderOptions
    @Option(help: "Seconds one frame of a user shader may take before segue stops (exit 124); 0 = no limit.")
    var timeLimit: Double = 10

    var eglPlatform: EGLPlatformChoice { gl.eglPlatform }

    func session() throws(SegueError) -> RenderSession {
        try gl.apply()
        let session = RenderSession(backend: backend, eglPlatform: eglPlatform, notice: { printError("segue: \($0)") })
        session.frameTimeLimit = try ShaderOptions.frameTimeLimit(timeLimit)
        return session
    }
}

/// Where GL runs: the EGL platform and, on a machine with several GPUs, which one.
struct GLOptions: ParsableArguments {
    @Option(help: "EGL platform.")
    var eglPlatform: EGLPlatformChoice = .auto
    @Option(help: ArgumentHelp("The GPU to render on where EGL lists several: the N-th (from 0) of its hardware devices, with no fallback to another. Default: $SEGUE_GPU, else the first that starts.",
                               valueName: "n"))
    var gpu: Int?

    /// Names `--gpu` for this process and the children it starts; call before GL starts.
    func apply() throws(SegueError) {
        guard let gpu else { return }
        guard gpu >= 0 else { throw .usage("--gpu \(gpu): expected a GPU's index (0, 1, …)") }
        EGLDeviceSelection.request(gpu)
    }
}

/// Where user shaders come from.
struct ShaderOptions: ParsableArguments {
    @Option(help: ArgumentHelp("A folder of user shaders (*.glsl); they join the effects and override built-ins by name. Default: $SEGUE_SHADERS.",
                               valueName: "dir"))
    var shaders: String?

    func catalog() throws(SegueError) -> EffectCatalog {
        let catalog = EffectCatalog(shaderDirectory: shaders)
        if let directory = catalog.shaderDirectory {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw .missingInput("\(shaders == nil ? "$" + EffectCatalog.environmentVariable : "--shaders") \(directory): no such folder")
            }
        }
        return catalog
    }

    /// `--time-limit`, checked.
    static func frameTimeLimit(_ seconds: Double) throws(SegueError) -> Double {
        try Limits.frameTimeLimit.check(seconds, option: "--time-limit")
        return seconds
    }
}
