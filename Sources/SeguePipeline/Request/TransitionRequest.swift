import SegueAuthoring
import SegueCore
import SegueDrawing
import SegueEffects
import SegueGLSL
import SegueIO

/// What to render, as the command line or a spec file says it. Paths are as given.
public struct TransitionRequest: Sendable {
    public var effect: String
    public var parameters: [(String, String)] = []
    /// Snapshot paths; nil = the built-in samples.
    public var from: String?
    public var to: String?
    /// Snapshots already in memory (tests, batch jobs), premultiplied sRGB like the built-in
    /// samples; they win over the paths.
    public var fromImage: PixelBuffer?
    public var toImage: PixelBuffer?
    /// Output size; nil = the *to* snapshot's size.
    public var size: PixelSize?
    /// Frames per second; nil: `defaultFPS`, or between video clips the from clip's rate.
    public var fps: Double?
    public static let defaultFPS = 60.0
    /// Seconds; nil = the timing curve's natural length (springs) or the effect's default.
    public var duration: Double?
    /// `--timing`; nil = the effect's default curve.
    public var timing: String?
    public var fit: FitMode = .cover
    /// `--colorspace`: the working space, or `auto` (docs/IO.md "Colour").
    public var colorSpace: ColorSpaceChoice = .auto
    /// Device pixels per point for parameters in points; nil = `auto`: inferred from the *to*
    /// snapshot (`PreparedTransition.inferredScale`).
    public var scale: Double?
    public var seed: UInt64 = 0
    /// A recorded gesture driving the transition (docs/GESTURES.md), and overrides of its axis
    /// and travel.
    public var gesture: String?
    public var gestureOptions = GestureTrack.Options()
    /// Where effect names are looked up: built-ins and authors' shader files.
    public var catalog = EffectCatalog()

    public init(effect: String) { self.effect = effect }
}

extension TransitionRequest {
    // The accepted ranges, one rule for the command line and spec files: nil when the value
    // is fine, else what is wrong with it.

    public static func problem(fps: Double) -> String? { problem(fps, Limits.fps) }
    public static func problem(duration: Double) -> String? { problem(duration, Limits.duration) }
    public static func problem(scale: Double) -> String? { problem(scale, Limits.scale) }
    /// An output size: each side in `Limits.canvasSide`, the pixels within `Limits.canvasPixels`.
    public static func problem(size: PixelSize) -> String? { RequestOptions.sizeProblem(size).map { "\(size): \($0)" } }

    /// "<value>: <what is wrong>", as an option or a spec key's message continues.
    private static func problem(_ value: Double, _ allowed: Allowed<Double>) -> String? {
        allowed.problem(value).map { "\(Allowed<Double>.format(value)): \($0)" }
    }
}

/// Everything a request decides without reading a pixel: the effect, its parameter values,
/// the timing curve and the duration. Cheap, so `segue batch` checks every job with it
/// before the first one renders.
public struct TransitionSettings {
    public let entry: EffectEntry
    public let shader: UserShader?
    public let values: ParameterValues
    public let effect: any Effect
    public let timing: TimingCurve
    public let duration: Double

    public init(_ request: TransitionRequest) throws(SegueError) {
        let resolved = try request.catalog.resolve(request.effect)
        entry = resolved.entry
        shader = resolved.shader
        values = try ParameterValues(specs: entry.descriptor.parameters, overrides: request.parameters, effect: entry.name)
        effect = try entry.make(values)
        if let fps = request.fps, let problem = TransitionRequest.problem(fps: fps) { throw .usage("--fps \(problem)") }
        timing = try request.timing.map { spec throws(SegueError) in try TimingCurve(parsing: spec) } ?? entry.descriptor.defaultTiming
        duration = try Self.duration(request, timing: timing, effectDefault: entry.descriptor.defaultDuration)
        if let given = request.scale, let problem = TransitionRequest.problem(scale: given) { throw .usage("--scale \(problem)") }
    }

    /// `--duration` when given, else the curve's own length (a spring's settling time), else the
    /// effect's default. A spring too slow to settle within `Limits.duration` is the curve's
    /// fault, not a `--duration` the user never gave.
    private static func duration(_ request: TransitionRequest, timing: TimingCurve,
                                 effectDefault: Double) throws(SegueError) -> Double {
        if let given = request.duration {
            if let problem = TransitionRequest.problem(duration: given) { throw .usage("--duration \(problem)") }
            return given
        }
        guard let natural = timing.naturalDuration else { return effectDefault }
        guard Limits.duration.contains(natural) else {
            throw .invalidInput("timing '\(request.timing ?? timing.description)': settles in \(readable(natural)) s, "
                                + "longer than the \(Allowed<Double>.format(Limits.springSettlingTime)) s a sequence may last "
                                + "(give --duration, or a stiffer or more damped spring)")
        }
        return natural
    }

    /// The image files the parameters name (a shader's `sampler2D`s, `.image` parameters), by
    /// parameter name.
    public var parameterImages: [(parameter: String, path: String)] {
        let samplers = (shader?.parameters ?? []).filter { $0.type == "sampler2D" }.compactMap { parameter -> (String, String)? in
            guard case .string(let path)? = values.values[parameter.name] else { return nil }
            return (parameter.name, path)
        }
        let images = entry.descriptor.parameters.filter { $0.kind == .image }.map { ($0.name, values.imagePath($0.name)) }
        return (samplers + images).filter { !$0.1.isEmpty }
    }
}
