import SegueCore

/// Snapshot zoom / "magic move". Two styles:
///
/// * `frame` (WorldDownTown/ZoomTransitioning, ZoomTransitioning/ZoomTransitioning.swift,
///   0.3 s easeOut): the *to* screen fades in while the *from* screen fades out, and a copy of
///   the small image — the `source` rectangle of the *from* snapshot — moves and grows to the
///   `destination` rectangle of the *to* snapshot. A moving UIImageView re-lays its content out
///   at every intermediate frame, so the image is never stretched: each frame shows the
///   aspect-fill crop for that frame's aspect. The copy cross-fades into the same crop of the
///   *to* snapshot's destination region, so the last frame is the *to* screen. Swap the two
///   rectangles for the way back (pop).
/// * `transform` (the PopAnimator of Kodeco's custom presentation tutorial): the whole *to*
///   screen is scaled non-uniformly so that it covers the source rectangle (`sx = w_src/W`,
///   `sy = h_src/H`, centred on the source centre) and animates to identity on a spring,
///   damping 0.4, velocity 0, originally over 1 s — the content stretches, as a transform does.
///   `destination` is not used: the presented view itself is the destination.
///
/// Timing: `--timing` and the descriptor's easeOut drive the `frame` style; the `transform`
/// style always follows its spring (`transformTimingSpec`), which fits the spring to the
/// transition's duration — pass `--duration 1` for the original pace.
public struct Zoom: BuiltinEffect {
    enum Style: String, ParameterChoice { case frame, transform }

    /// PopAnimator's spring: damping ratio 0.4, initial velocity 0.
    public static let transformTimingSpec = "spring(dampingRatio:0.4,velocity:0)"
    public static let transformTiming = try! TimingCurve(parsing: transformTimingSpec)

    /// Defaults (Segue's choice) fit the built-in samples (390×844 pt, `SampleSnapshots`): the
    /// first row's round 44-pt avatar of the inbox, laid out from the top-left corner like a
    /// list row, and the hero photo at the top of the detail page, which is `heroPhoto`: the same
    /// share of any canvas.
    public static let entry = EffectEntry(Zoom(), name: "zoom",
                                          summary: "Snapshot zoom: a small image of the old screen grows into the large image of the new one.",
                                          defaultDuration: 0.3, defaultTiming: .easeOut)
    public static let parameters: [ParameterBinding<Zoom>] = [.init(\.$source), .init(\.$destination), .init(\.$radius), .init(\.$style)]

    @Parameter("source", "x,y,w,h in pt: the small image in the from snapshot (default: the first row's avatar of the sample inbox).")
    var source = Rect(x: 20, y: 212, width: 44, height: 44)
    @Parameter("destination", "x,y,w,h in pt: the large image in the to snapshot (auto: full width, the band the sample detail page's hero photo takes, 98–394 of 844 pt down).")
    var destination: Rect? = nil
    @Parameter("radius", in: 0...1000, "Corner radius in pt of the moving image at the source, 0 at the destination (22 = the sample's round avatar).")
    var radius = 22.0
    @Parameter("style", "frame: the image moves and re-crops, screens cross-fade; transform: the whole new screen springs out of the source rect.")
    var style = Style.frame

    /// The sample detail page's hero photo, (0, 98, 390, 296) pt on its 390×844 pt screen, as
    /// shares of the canvas height.
    static let heroPhotoBand = (top: 98.0 / 844, height: 296.0 / 844)

    /// The default destination: the full width of `canvas`, the hero photo's band of its
    /// height, on whole pixels so that the last frame is exactly the *to* snapshot (a
    /// fractional edge would blend the moving image's edge rows with the screen under them).
    static func heroPhoto(in canvas: Rect) -> Rect {
        let top = (canvas.height * heroPhotoBand.top).rounded()
        let bottom = (canvas.height * (heroPhotoBand.top + heroPhotoBand.height)).rounded()
        return Rect(x: 0, y: top, width: canvas.width, height: bottom - top)
    }

    public func plan(_ frame: FrameContext) -> FramePlan {
        switch style {
        case .frame: return framePlan(frame)
        case .transform: return transformPlan(frame)
        }
    }

    private func framePlan(_ frame: FrameContext) -> FramePlan {
        let e = frame.easedProgress
        let canvas = frame.canvas
        let src = source.inPixels(frame.scale), dst = destination?.inPixels(frame.scale) ?? Self.heroPhoto(in: canvas)
        let moving = Rect.lerp(src, dst, e)
        var commands: [DrawCommand] = [
            .clear(.clear),
            // Source fades out, destination fades in: an exact cross-dissolve (as `fade`).
            .layer(Layer(source: .from, frame: canvas, opacity: 1 - e, blend: .plus)),
            .layer(Layer(source: .to, frame: canvas, opacity: e, blend: .plus)),
        ]
        if moving.width > 0 && moving.height > 0 {
            let aspect = moving.width / moving.height
            let corners = CornerRadii(all: lerp(radius, 0, e) * frame.scale)
            commands.append(.layer(Layer(source: .from, sourceRect: src.aspectFillCrop(forAspect: aspect),
                                         frame: moving, cornerRadii: corners)))
            commands.append(.layer(Layer(source: .to, sourceRect: dst.aspectFillCrop(forAspect: aspect),
                                         frame: moving, opacity: e, cornerRadii: corners)))
        }
        return FramePlan(size: frame.size, time: frame.time, progress: e, commands: commands)
    }

    private func transformPlan(_ frame: FrameContext) -> FramePlan {
        let e = frame.eased(by: Self.transformTiming)
        let canvas = frame.canvas
        // Interpolating origin and size is interpolating the scale and the centre, as Core
        // Animation interpolates a scale transform linearly in the eased progress; the
        // spring may overshoot past identity, and the radius stops at 0.
        let presented = Rect.lerp(source.inPixels(frame.scale), canvas, e)
        return FramePlan(size: frame.size, time: frame.time, progress: e, commands: [
            .clear(.clear),
            .layer(Layer(source: .from, frame: canvas)),
            .layer(Layer(source: .to, frame: presented, cornerRadii: CornerRadii(all: max(0, lerp(radius, 0, e)) * frame.scale))),
        ])
    }
}
