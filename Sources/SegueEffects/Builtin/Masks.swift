import SegueCore

/// Which way a mask transition runs (effects.md §2.1): `reveal` shows the new screen through a
/// growing hole in the old one; `revert` shrinks the old screen into the shape, the new one
/// appearing from outside in.
public enum RevealMode: String, CaseIterable, Sendable {
    case reveal
    case revert

    static let parameter = ParameterSpec(
        "mode", .choice(allCases.map(\.rawValue)), default: .string(RevealMode.reveal.rawValue),
        "reveal: the new screen shows through a growing hole; revert: the old screen shrinks into the shape.")

    init(_ p: ParameterValues) { self = RevealMode(rawValue: p.string("mode"))! }
}

/// StarWars.iOS `CircularRevealAnimator` / the Ping app mask (effects.md §2.1, §2.3): a circle
/// centred on a button whose radius runs linearly between the start radius and the distance to
/// the farthest corner. Built-in program `circle-reveal` (`circle-reveal.frag`): `from` and
/// `to` inputs; uniforms `u_center` (px), `u_radius` (px), `u_feather` (px beyond the one-pixel
/// ramp), `u_reveal` (true: `to` inside the circle, else `from` inside).
public struct CircleReveal: Effect {
    let center: Point
    let startRadius: Double
    let mode: RevealMode
    let feather: Double

    /// The default centre is the "…" button at the top right of the sample list screen
    /// (390×844 pt, `SampleSnapshots`). 0.5 s linear as in the StarWars.iOS demo (§2.1).
    public static let entry = EffectEntry(EffectDescriptor(
        name: "circle-reveal", summary: "Circular reveal (StarWars.iOS, Ping): the new screen through a circle growing from a button.",
        kind: .shader, parameters: [
            ParameterSpec("center", .point, default: .point(Point(x: 350, y: 74)), "x,y in pt: the circle's centre (the button)."),
            ParameterSpec("startRadius", .number(min: 0, max: 10000), default: .number(0), "Radius in pt where the animation starts (reveal) or ends (revert)."),
            RevealMode.parameter,
            ParameterSpec("feather", .number(min: 0, max: 500), default: .number(0), "Extra edge softness in px (0 = a one-pixel anti-aliased edge)."),
        ], defaultDuration: 0.5, defaultTiming: .linear
    )) { p throws(SegueError) in
        CircleReveal(center: p.point("center"), startRadius: p.number("startRadius"), mode: RevealMode(p), feather: p.number("feather"))
    }

    public func plan(_ frame: FrameContext) -> FramePlan {
        let u = frame.easedProgress
        let c = center.inPixels(frame.scale)
        let end = farthestCornerRadius(center: c, width: frame.width, height: frame.height)
        let start = startRadius * frame.scale
        let radius = mode == .reveal ? Reveal.circleRadius(start: start, end: end, progress: u)
                                     : Reveal.circleRadius(start: end, end: start, progress: u)
        return FramePlan(size: frame.size, time: frame.time, progress: u, commands: [
            .shader(ShaderCall(program: "circle-reveal", uniforms: [
                "u_center": .vec2(c), "u_radius": .float(radius), "u_feather": .float(feather), "u_reveal": .bool(mode == .reveal),
            ], inputs: ["from": .from, "to": .to])),
        ])
    }
}

/// A rounded-rectangle iris: a rectangle with rounded corners grows from a point until it
/// covers the canvas (`Reveal.iris`). Built-in program `iris` (`iris.frag`): `from`/`to`
/// inputs; uniforms `u_rect` (x, y, w, h px), `u_radii` (fitted corner radii px, as
/// `fill`), `u_reveal` (true: `to` inside the rectangle).
public struct Iris: Effect {
    let center: Point
    let cornerRadius: Double
    let mode: RevealMode

    /// Default centre: the middle of the 390×844 pt sample screen; corners like a card (24 pt).
    public static let entry = EffectEntry(EffectDescriptor(
        name: "iris", summary: "Rounded-rectangle iris: the new screen through a rounded rectangle growing from a point.",
        kind: .shader, parameters: [
            ParameterSpec("center", .point, default: .point(Point(x: 195, y: 422)), "x,y in pt: where the iris opens."),
            ParameterSpec("cornerRadius", .number(min: 0, max: 1000), default: .number(24), "Corner radius in pt."),
            RevealMode.parameter,
        ], defaultDuration: 0.5, defaultTiming: .easeInEaseOut
    )) { p throws(SegueError) in Iris(center: p.point("center"), cornerRadius: p.number("cornerRadius"), mode: RevealMode(p)) }

    public func plan(_ frame: FrameContext) -> FramePlan {
        let e = frame.easedProgress
        let amount = mode == .reveal ? e : 1 - e
        let (rect, radii) = Reveal.iris(center: center.inPixels(frame.scale), width: frame.width, height: frame.height,
                                        cornerRadius: cornerRadius * frame.scale, amount: amount)
        return FramePlan(size: frame.size, time: frame.time, progress: e, commands: [
            .shader(ShaderCall(program: "iris", uniforms: [
                "u_rect": UniformValue(type: "vec4", values: [rect.x, rect.y, rect.width, rect.height]),
                "u_radii": UniformValue(type: "vec4", values: [radii.topLeft, radii.topRight, radii.bottomRight, radii.bottomLeft]),
                "u_reveal": .bool(mode == .reveal),
            ], inputs: ["from": .from, "to": .to])),
        ])
    }
}

/// Luma wipe: a grayscale (or alpha) mask image swept by a threshold; dark parts of the mask
/// turn to the new screen first (`Reveal.wipeWeight`). Built-in program `mask` (`mask.frag`):
/// inputs `from`, `to`, `mask`; uniforms `u_progress`, `u_softness`. With no `mask` file the
/// built-in mask is `Reveal.defaultMask`: a diagonal sweep from the top-left corner with a
/// slight radial ripple.
public struct LumaMask: Effect {
    let softness: Double

    public static let entry = EffectEntry(EffectDescriptor(
        name: "mask", summary: "Luma wipe: a grayscale mask image swept by a threshold, dark parts first.",
        kind: .shader, parameters: [
            ParameterSpec("mask", .image, default: .string(""), "Mask image file (luma × alpha; stretched to the canvas). Empty: a built-in diagonal sweep."),
            ParameterSpec("softness", .number(min: 0, max: 1), default: .number(0.2), "Width of the wipe's edge, as a fraction of the mask's range."),
        ], defaultDuration: 1, defaultTiming: .linear
    )) { p throws(SegueError) in LumaMask(softness: p.number("softness")) }

    public func plan(_ frame: FrameContext) -> FramePlan {
        let e = frame.easedProgress
        return FramePlan(size: frame.size, time: frame.time, progress: e, commands: [
            .shader(ShaderCall(program: "mask", uniforms: ["u_progress": .float(e), "u_softness": .float(softness)],
                               inputs: ["from": .from, "to": .to, "mask": .named("mask")])),
        ])
    }

    public func builtinImage(parameter: String, size: PixelSize) -> PixelBuffer? {
        parameter == "mask" ? Reveal.defaultMask(size: size) : nil
    }
}
