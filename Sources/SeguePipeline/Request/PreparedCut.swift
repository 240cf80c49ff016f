import SegueAuthoring
import SegueCore
import SegueEffects
import SegueGLSL
import SegueIO

/// A transition ready to plan its frames on a canvas: the configured effect, its timeline and
/// the images its parameters name — everything but its two sides, which a frame source brings:
/// a pair of stills (`PreparedTransition`) or, at a cut of a timeline, the two clips' frames of
/// the moment (`SequenceFrames`).
public struct PreparedCut: Sendable {
    public let descriptor: EffectDescriptor
    public let effect: any Effect
    public let size: PixelSize
    public let timeline: Timeline
    public let duration: Double
    public let timing: TimingCurve
    /// Device pixels per point: the request's, or inferred (`inferredScale`).
    public let scale: Double
    public let seed: UInt64
    /// Said once on stderr when `scale auto` could not tell the device scale of the *to* side.
    public let scaleNote: String?
    /// Points and rectangles the user gave that lie outside the canvas: worth a warning, not
    /// an error (the effect still renders them).
    public let offCanvasParameters: [OffCanvasParameter]
    /// The author's file when the effect is a user shader (the GL renderer compiles it).
    public let userShader: UserShader?
    /// The images parameters name (a mask, a shader's `sampler2D`s), as the plan draws them.
    public let parameterImages: [ImageRef: PixelBuffer]

    /// The request's transition on a canvas of `size`; `sideSize`, the *to* side's own size,
    /// is what `--scale auto` is inferred from.
    public init(_ request: TransitionRequest, size: PixelSize, sideSize: PixelSize) throws(SegueError) {
        try self.init(request, settings: try TransitionSettings(request), size: size, sideSize: sideSize)
    }

    /// The same, with the request's settings already worked out.
    init(_ request: TransitionRequest, settings: TransitionSettings, size: PixelSize, sideSize: PixelSize) throws(SegueError) {
        let entry = settings.entry
        userShader = settings.shader
        descriptor = entry.descriptor
        effect = settings.effect
        timing = settings.timing
        duration = settings.duration
        seed = request.seed
        try PixelBuffer.checkSize(size, what: "output")
        self.size = size
        scale = request.scale ?? Self.inferredScale(snapshot: sideSize, canvas: size, fit: request.fit)
        scaleNote = request.scale == nil && DeviceScale.isGuess(sideSize)
            ? "scale auto: \(sideSize) is no iPhone or iPad screen size, so a point is taken as \(Allowed<Double>.format(scale)) px; set the scale if that is wrong"
            : nil
        offCanvasParameters = OffCanvasParameter.find(given: request.parameters, values: settings.values, canvas: size, scale: scale)
        parameterImages = try Self.parameterImages(entry: entry, effect: effect, values: settings.values, shader: userShader, size: size)
        timeline = try Self.timeline(request, effect: effect, size: size, duration: duration, timing: timing, scale: scale)
        try effect.check(FrameContext(size: size, timeFraction: 0, time: 0, duration: duration, timing: timing, scale: scale, seed: seed))
        try Self.checkSprites(plan(fraction: 0.5), effect: entry.name)
    }

    /// A frame's images: its two sides (the canvas's size) and the parameters' images.
    public func images(from: PixelBuffer, to: PixelBuffer) -> ImageSet {
        ImageSet(parameterImages.merging([.from: from, .to: to]) { $1 })
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
