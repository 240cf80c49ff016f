import SegueCore

/// Which way a mask transition runs (StarWars.iOS `CircularRevealAnimator`'s `revert` flag):
/// `reveal` shows the new screen through a growing hole in the old one; `revert` shrinks the old
/// screen into the shape, the new one appearing from outside in.
public enum RevealMode: String, ParameterChoice {
    case reveal
    case revert

    /// What the `mode` parameter means, for every mask effect.
    static let summary = "reveal: the new screen shows through a growing hole; revert: the old screen shrinks into the shape."

    /// The new screen inside the shape when revealing, the old one when reverting.
    func reveal(_ shape: ShapeReveal.Shape) -> ShapeReveal {
        self == .reveal ? ShapeReveal(shape: shape, inside: .to, outside: .from) : ShapeReveal(shape: shape, inside: .from, outside: .to)
    }
}

/// StarWars.iOS `CircularRevealAnimator` (Yalantis/StarWars.iOS,
/// Example/StarWarsAnimations/Circular/CircularRevealAnimator.swift) / the Ping app mask (Kodeco,
/// "How To Make A UIViewController Transition Animation Like in the Ping App"): a circle
/// centred on a button whose radius runs linearly between the start radius and the distance to
/// the farthest corner, drawn as a `reveal` command with a circle (`feather`: px beyond the
/// one-pixel edge ramp).
public struct CircleReveal: BuiltinEffect {
    /// The default centre (Segue's choice; the originals take the tapped button's centre) is a
    /// top-right button: `centerInset` from the top-right corner, (350, 74) pt on the 390×844 pt
    /// sample screens (`SampleSnapshots`), near the corner at any size. 0.5 s linear as in the StarWars.iOS demo
    /// (`animateCircular(withDuration: 0.5)`, no timing function: Core Animation's linear).
    public static let entry = EffectEntry(CircleReveal(), name: "circle-reveal",
                                          summary: "Circular reveal (StarWars.iOS, Ping): the new screen through a circle growing from a button.",
                                          defaultDuration: 0.5, defaultTiming: .linear)
    public static let parameters: [ParameterBinding<CircleReveal>] = [.init(\.$center), .init(\.$startRadius), .init(\.$mode), .init(\.$feather)]

    /// The default centre: this far left of the right edge and down from the top, in pt.
    static let centerInset = (fromRight: 40.0, down: 74.0)

    @Parameter("center", "x,y in pt: the circle's centre, the button (auto: \(readable(CircleReveal.centerInset.fromRight)) pt in from the right edge, \(readable(CircleReveal.centerInset.down)) pt down).")
    var center: Point? = nil
    @Parameter("startRadius", in: 0...10000, "Radius in pt where the animation starts (reveal) or ends (revert).")
    var startRadius = 0.0
    @Parameter("mode", RevealMode.summary)
    var mode = RevealMode.reveal
    @Parameter("feather", in: 0...500, "Extra edge softness in px (0 = a one-pixel anti-aliased edge).")
    var feather = 0.0

    public func plan(_ frame: FrameContext) -> FramePlan {
        let u = frame.easedProgress
        let c = center?.inPixels(frame.scale) ?? frame.topRightInset(fromRight: Self.centerInset.fromRight, down: Self.centerInset.down)
        let end = farthestCornerRadius(center: c, width: frame.width, height: frame.height)
        let start = startRadius * frame.scale
        let radius = mode == .reveal ? Reveal.circleRadius(start: start, end: end, progress: u)
                                     : Reveal.circleRadius(start: end, end: start, progress: u)
        return FramePlan(size: frame.size, time: frame.time, progress: u, commands: [
            .reveal(mode.reveal(.circle(center: c, radius: radius, feather: feather))),
        ])
    }
}

/// A rounded-rectangle iris: a rectangle with rounded corners grows from a point until it
/// covers the canvas (`Reveal.iris`), drawn as a `reveal` command with a rounded rectangle.
public struct Iris: BuiltinEffect {
    /// Default centre (Segue's choice): the middle of the canvas; corners like a card (24 pt).
    public static let entry = EffectEntry(Iris(), name: "iris",
                                          summary: "Rounded-rectangle iris: the new screen through a rounded rectangle growing from a point.",
                                          defaultDuration: 0.5, defaultTiming: .easeInEaseOut)
    public static let parameters: [ParameterBinding<Iris>] = [.init(\.$center), .init(\.$cornerRadius), .init(\.$mode)]

    @Parameter("center", "x,y in pt: where the iris opens (auto: the middle of the canvas).")
    var center: Point? = nil
    @Parameter("cornerRadius", in: 0...1000, "Corner radius in pt.")
    var cornerRadius = 24.0
    @Parameter("mode", RevealMode.summary)
    var mode = RevealMode.reveal

    public func plan(_ frame: FrameContext) -> FramePlan {
        let e = frame.easedProgress
        let amount = mode == .reveal ? e : 1 - e
        let (rect, radii) = Reveal.iris(center: center?.inPixels(frame.scale) ?? frame.canvas.center, width: frame.width, height: frame.height,
                                        cornerRadius: cornerRadius * frame.scale, amount: amount)
        return FramePlan(size: frame.size, time: frame.time, progress: e, commands: [
            .reveal(mode.reveal(.roundedRect(rect, radii))),
        ])
    }
}

/// Luma wipe: a grayscale (or alpha) mask image swept by a threshold; dark parts of the mask
/// turn to the new screen first (`Reveal.wipeWeight`), drawn as a `lumaWipe` command over the
/// image `.named("mask")`. With no `mask` file the
/// built-in mask is `Reveal.defaultMask`: a diagonal sweep from the top-left corner with a
/// slight radial ripple.
public struct LumaMask: BuiltinEffect {
    public static let entry = EffectEntry(LumaMask(), name: "mask",
                                          summary: "Luma wipe: a grayscale mask image swept by a threshold, dark parts first.",
                                          defaultDuration: 1, defaultTiming: .linear)
    public static let parameters: [ParameterBinding<LumaMask>] = [.init(\.$mask), .init(\.$softness)]

    /// The pipeline loads the file as `ImageRef.named("mask")`; the plan only names that image.
    @Parameter("mask", "Mask image file (luma × alpha; stretched to the canvas). Empty: a built-in diagonal sweep.")
    var mask = ImagePath.builtin
    @Parameter("softness", in: 0...1, "Width of the wipe's edge, as a fraction of the mask's range.")
    var softness = 0.2

    public func plan(_ frame: FrameContext) -> FramePlan {
        let e = frame.easedProgress
        return FramePlan(size: frame.size, time: frame.time, progress: e, commands: [
            .lumaWipe(LumaWipe(from: .from, to: .to, mask: .named("mask"), progress: e, softness: softness)),
        ])
    }

    public func builtinImage(parameter: String, size: PixelSize) -> PixelBuffer? {
        parameter == $mask.name ? Reveal.defaultMask(size: size) : nil
    }
}
