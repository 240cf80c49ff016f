import ArgumentParser
import Foundation
import SegueCore
import SegueIO
import SegueAuthoring
import SegueGL
import SeguePipeline

/// Options shared by every command that renders a transition.
struct TransitionOptions: ParsableArguments {
    @Option(help: "The 'from' snapshot or video clip (PNG, JPEG, or any file ffmpeg decodes). Default: the built-in list screen.")
    var from: String?
    @Option(help: "The 'to' snapshot or video clip. Default: the built-in detail screen.")
    var to: String?
    @Option(help: "Output size WxH in pixels. Default: the 'to' snapshot's size.")
    var size: String?
    @Option(help: "Frames per second. Default: 60, or with a video clip the from clip's rate (the first video's).")
    var fps: Double?
    @Option(help: "Duration in seconds. Default: the effect's (or a spring's settling time).")
    var duration: Double?
    @Option(help: "Timing curve: linear, easeIn, easeOut, easeInEaseOut, default, cubic-bezier(x1,y1,x2,y2), spring(…), keyframes(…) (docs/TIMING.md).")
    var timing: String?
    @Option(name: .customLong("param"), help: "Effect parameter name=value (repeatable).")
    var params: [String] = []
    @Option(help: "How snapshots of another size fit the output.")
    var fit: FitMode = .cover
    @Option(name: .customLong("colorspace"), help: "Working colour space: auto (display-p3 when every snapshot is Display P3, else srgb), srgb or display-p3 (docs/IO.md).")
    var colorSpace: ColorSpaceChoice = .auto
    @Option(help: "Screen scale (pixels per point) for parameters in points, or auto: inferred from the 'to' snapshot's size (3 when its shorter side is an iPhone width at 3×, 2 at 2× or an iPad, else 1).")
    var scale: ScaleOption = .auto
    /// Read as text so a negative or fractional seed gets the range message, not ArgumentParser's.
    @Option(help: "Seed for effects with randomness (a whole number, 0…2⁶⁴−1).")
    var seed: String = "0"
    @Option(help: "A recorded gesture (JSON or CSV, see docs/GESTURES.md) that drives the transition.")
    var gesture: String?
    @Option(help: "Gesture axis when the track does not say.")
    var gestureAxis: GestureTrack.Axis?
    @Option(help: "Gesture travel (full progress) in the track's units when the track does not say.")
    var gestureTravel: Double?
    @OptionGroup var rendering: RendererOptions

    func request(effect: String) throws(SegueError) -> TransitionRequest {
        var r = TransitionRequest(effect: effect)
        r.from = from
        r.to = to
        if let size {
            guard let s = PixelSize(parsing: size) else { throw .usage("--size \(size): expected WxH, e.g. 1920x1080") }
            if let problem = TransitionRequest.problem(size: s) { throw .usage("--size \(problem)") }
            r.size = s
        }
        r.fps = fps ?? 60
        r.duration = duration
        r.timing = timing
        r.parameters = try params.map { text throws(SegueError) in
            guard let eq = text.firstIndex(of: "="), eq != text.startIndex else {
                throw .usage("--param \(text): expected name=value")
            }
            return (String(text[..<eq]), String(text[text.index(after: eq)...]))
        }
        r.fit = fit
        r.colorSpace = colorSpace
        r.scale = scale.pointsToPixels
        guard let seedValue = UInt64(seed) else { throw .usage("--seed \(seed): must be a whole number in 0…\(UInt64.max)") }
        r.seed = seedValue
        r.gesture = gesture
        r.gestureOptions.axis = gestureAxis
        if let gestureTravel { try Limits.gestureTravel.check(gestureTravel, option: "--gesture-travel") }
        r.gestureOptions.travel = gestureTravel
        r.catalog = try rendering.shaders.catalog()
        return r
    }

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

/// Which renderer draws, and how user shaders are found and limited: `render`, `still`,
/// `sequence`.
struct RendererOptions: ParsableArguments {
    @Option(help: "Renderer.")
    var backend: BackendChoice = .auto
    @Option(help: "EGL platform.")
    var eglPlatform: EGLPlatformChoice = .auto
    @OptionGroup var shaders: ShaderOptions
    @Option(help: "Seconds one frame of a user shader may take before segue stops (exit 124); 0 = no limit.")
    var timeLimit: Double = 10

    func session() throws(SegueError) -> RenderSession {
        let session = RenderSession(backend: backend, eglPlatform: eglPlatform, notice: { printError("segue: \($0)") })
        session.frameTimeLimit = try ShaderOptions.frameTimeLimit(timeLimit)
        return session
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
