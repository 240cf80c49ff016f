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

/// A request resolved into everything the frame loop needs: the configured effect, the
/// fitted snapshots and the timeline.
public struct PreparedTransition: Sendable {
    public let descriptor: EffectDescriptor
    public let effect: any Effect
    public let images: ImageSet
    public let size: PixelSize
    public let timeline: Timeline
    public let duration: Double
    public let timing: TimingCurve
    /// Device pixels per point: the request's, or inferred (`inferredScale`).
    public let scale: Double
    public let seed: UInt64
    /// Points and rectangles the user gave that lie outside the canvas: worth a warning, not
    /// an error (the effect still renders them).
    public let offCanvasParameters: [OffCanvasParameter]
    /// The author's file when the effect is a user shader (the GL renderer compiles it).
    public let userShader: UserShader?
    /// What the snapshots were converted into, and the outputs are tagged as.
    public let colorSpace: ColorSpace

    public init(_ request: TransitionRequest) throws(SegueError) {
        let settings = try TransitionSettings(request)
        let entry = settings.entry
        let values = settings.values
        userShader = settings.shader
        descriptor = entry.descriptor
        effect = settings.effect
        timing = settings.timing
        let duration = settings.duration
        self.duration = duration
        seed = request.seed

        let (from, to, colorSpace) = try Self.loadSnapshots(request)
        self.colorSpace = colorSpace
        let size = request.size ?? to.size
        try PixelBuffer.checkSize(size, what: "output")
        self.size = size
        scale = request.scale ?? Self.inferredScale(snapshot: to.size, canvas: size, fit: request.fit)
        offCanvasParameters = OffCanvasParameter.find(given: request.parameters, values: values, canvas: size, scale: scale)
        var images: [ImageRef: PixelBuffer] = [.from: from.fitted(to: size, mode: request.fit), .to: to.fitted(to: size, mode: request.fit)]
        images.merge(try Self.parameterImages(entry: entry, effect: effect, values: values, shader: userShader, size: size)) { $1 }
        self.images = ImageSet(images)
        timeline = try Self.timeline(request, effect: effect, size: size, duration: duration, timing: timing, scale: scale)
        try Self.checkSprites(plan(fraction: 0.5), effect: entry.name)
    }

    /// A sprite field's size follows from its tile (a parameter × `--scale`) and the canvas, so
    /// a tiny tile on a large canvas would ask for billions of sprites: refused before any frame
    /// is drawn (`Limits.spriteCount`). The tile is the same in every frame, so one plan tells.
    private static func checkSprites(_ plan: FramePlan, effect: String) throws(SegueError) {
        for case .sprites(let field) in plan.commands where field.count > Limits.spriteCount {
            let (columns, rows) = field.grid
            throw .usage("\(effect): sprites of \(readable(field.tile)) px on \(field.size) make \(columns)x\(rows) sprites, "
                         + "more than \(Limits.spriteCount); use a larger sprite size or --scale")
        }
    }


    /// `--scale auto`: the device scale of the *to* snapshot (`DeviceScale.inferred`, the
    /// built-in samples are drawn at 3), times how much fitting it to the canvas magnifies it,
    /// so a snapshot rendered at half its size has half its scale.
    public static func inferredScale(snapshot: PixelSize, canvas: PixelSize, fit: FitMode) -> Double {
        DeviceScale.inferred(for: snapshot) * fit.magnification(from: snapshot, to: canvas)
    }

    /// Images that parameters name: a user shader's `sampler2D`s (flipped so the spec's
    /// bottom-left uv shows them upright; the built-in spiral when none is given) and `.image`
    /// parameters (stretched to the canvas, or the effect's built-in image).
    private static func parameterImages(entry: EffectEntry, effect: any Effect, values: ParameterValues, shader: UserShader?,
                                        size: PixelSize) throws(SegueError) -> [ImageRef: PixelBuffer] {
        var images: [ImageRef: PixelBuffer] = [:]
        for parameter in shader?.parameters ?? [] where parameter.type == "sampler2D" {
            guard case .string(let path)? = values.values[parameter.name] else { continue }
            images[UserShader.imageRef(forParameter: parameter.name)] = (path.isEmpty ? ShaderTextures.lumaSpiral() : try ImageFile.load(path)).flippedVertically()
        }
        for spec in entry.descriptor.parameters where spec.kind == .image {
            let path = values.imagePath(spec.name)
            if !path.isEmpty {
                images[.named(spec.name)] = try ImageFile.load(path).fitted(to: size, mode: .stretch)
            } else if let builtin = effect.builtinImage(parameter: spec.name, size: size) {
                images[.named(spec.name)] = builtin
            } else {
                throw .usage("effect \(entry.name) needs --param \(spec.name)=<image file>")
            }
        }
        return images
    }

    /// The clock: straight through the duration, or a recorded gesture (through the effect's own
    /// drag behaviour when it has one).
    private static func timeline(_ request: TransitionRequest, effect: any Effect, size: PixelSize, duration: Double,
                                 timing: TimingCurve, scale: Double) throws(SegueError) -> Timeline {
        let fps = request.fps ?? TransitionRequest.defaultFPS
        guard let gesture = request.gesture else { return Timeline(duration: duration, fps: fps) }
        var track = try GestureTrack.load(path: gesture, options: request.gestureOptions)
        let probe = FrameContext(size: size, timeFraction: 0, time: 0, duration: duration, timing: timing, scale: scale, seed: request.seed)
        if let drag = effect.dragInteraction(probe) { track.follow(drag) }
        return Timeline(fps: fps, driver: try track.driver(duration: duration))
    }

    /// The snapshots in the working space `request.colorSpace` resolves to from their own.
    /// Files are read first (`ImageFile.snapshot`), so that `auto` sees every one before any is
    /// converted; images in memory and the built-in samples (drawn at the given scale, or at 3,
    /// an iPhone, for `auto`) are sRGB.
    private static func loadSnapshots(_ r: TransitionRequest) throws(SegueError) -> (PixelBuffer, PixelBuffer, ColorSpace) {
        func read(_ image: PixelBuffer?, _ path: String?) throws(SegueError) -> Snapshot? {
            guard image == nil, let path else { return nil }
            return try ImageFile.snapshot(path)
        }
        let files = (from: try read(r.fromImage, r.from), to: try read(r.toImage, r.to))
        let space = r.colorSpace.resolved(snapshots: [files.from?.colorSpace ?? .srgb, files.to?.colorSpace ?? .srgb])
        func pixels(_ file: Snapshot?, _ image: PixelBuffer?, sample: (Double) -> PixelBuffer) throws(SegueError) -> PixelBuffer {
            if let file { return try file.pixels(in: space) }
            return try (image ?? sample(r.scale ?? 3)).inColorSpace(space)
        }
        return (try pixels(files.from, r.fromImage, sample: SampleSnapshots.list),
                try pixels(files.to, r.toImage, sample: SampleSnapshots.detail), space)
    }

    public var frameCount: Int { timeline.frameCount }

    /// What the effect draws (found by planning it): whether only GL can render it.
    public var drawing: EffectDrawing { EffectDrawing(of: effect, duration: duration, timing: timing) }

    /// The plan of frame `n` of the sequence.
    public func plan(frame n: Int) -> FramePlan {
        plan(fraction: timeline.fraction(ofFrame: n), time: timeline.time(ofFrame: n))
    }

    /// The plan at animation-time fraction `fraction` (0 = from, 1 = to): `segue still --at`.
    public func plan(fraction: Double, time: Double? = nil) -> FramePlan {
        if fraction <= 0 || fraction >= 1, let image = effect.restingSnapshot(atEnd: fraction >= 1) {
            return .showing(image, size: size, time: time ?? (fraction >= 1 ? duration : 0))
        }
        let context = FrameContext(size: size, timeFraction: clamp(fraction, 0, 1), time: time ?? fraction * duration,
                                   duration: duration, timing: timing, scale: scale, seed: seed)
        return effect.plan(context)
    }
}
