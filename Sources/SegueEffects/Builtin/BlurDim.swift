import SegueCore

/// UIBlurEffect-like backdrop styles, with the numbers of Apple's WWDC 2013 sample category
/// UIImage+ImageEffects (`UIImage+ImageEffects.m`, the only blur parameters Apple published),
/// and a plain dim (Apple's *Custom View Controller Presentations and Transitions* sample:
/// black at 0.5).
public enum BlurStyle: String, ParameterChoice {
    case light, extraLight, dark, dim

    /// The sample's blur radius in pt, used as the Gaussian σ; 0 = no blur.
    public var sigma: Double {
        switch self {
        case .light: return 30
        case .extraLight, .dark: return 20
        case .dim: return 0
        }
    }
    /// Tint drawn over the blurred backdrop at full strength.
    public var tint: Color {
        switch self {
        case .light: return Color(white: 1).withAlpha(0.30)
        case .extraLight: return Color(white: 0.97).withAlpha(0.82)
        case .dark: return Color(white: 0.11).withAlpha(0.73)
        case .dim: return Color.black.withAlpha(0.5)
        }
    }
    public var saturation: Double { self == .dim ? 1 : 1.8 }
}

/// The presentation backdrop: the old screen blurs, saturates and takes the style's tint
/// progressively while the new screen slides up over it as a sheet, or fades in. σ, saturation
/// and tint alpha all grow in proportion to the eased progress: our model of a blur effect
/// animating in, which UIKit does not document.
public struct BlurDim: BuiltinEffect {
    /// How the new screen comes in over the backdrop.
    enum Entrance: String, ParameterChoice { case sheet, fade }

    public static let entry = EffectEntry(BlurDim(), name: "blur-dim",
                                          summary: "Presentation backdrop: the old screen blurs and dims while the new one comes in over it.",
                                          defaultDuration: 0.35, defaultTiming: .easeInEaseOut)
    public static let parameters: [ParameterBinding<BlurDim>] = [.init(\.$style), .init(\.$sigma), .init(\.$presented)]

    @Parameter("style", "UIBlurEffect-like style (radius, tint, saturation 1.8), or dim: plain black at 0.5.")
    var style = BlurStyle.dark
    /// In pt; 0 = the style's.
    @Parameter("radius", in: 0...200, "Blur σ in pt (0 = the style's).")
    var sigma = 0.0
    @Parameter("presented", "sheet: the new screen slides up; fade: it fades in.")
    var presented = Entrance.sheet

    public func plan(_ frame: FrameContext) -> FramePlan {
        let e = frame.easedProgress
        let canvas = frame.canvas
        let blurSigma = (sigma > 0 ? sigma : style.sigma) * frame.scale * e
        var commands: [DrawCommand] = []
        var backdrop = ImageRef.from
        if blurSigma > 0 {
            commands.append(.blur(BlurPass(input: .from, output: "backdrop", sigma: blurSigma,
                                           saturation: lerp(1, style.saturation, e))))
            backdrop = .named("backdrop")
        }
        let tint = style.tint
        commands += [
            .clear(.clear),
            .layer(Layer(source: backdrop, frame: canvas)),
            .fill(Fill(shape: .canvas, color: tint.withAlpha(tint.a * e))),
            presented == .sheet ? .layer(Layer(source: .to, frame: canvas.offsetBy(dx: 0, dy: (1 - e) * canvas.height)))
                                : .layer(Layer(source: .to, frame: canvas, opacity: e)),
        ]
        return FramePlan(size: frame.size, time: frame.time, progress: e, commands: commands)
    }
}

/// Cross-blur: the old screen blurs out (σ 0 → `maxSigma`) while the new one comes into focus
/// (σ `maxSigma` → 0), the two cross-dissolved (added at opacities 1 − e and e, as `fade`).
public struct CrossBlur: BuiltinEffect {
    public static let entry = EffectEntry(CrossBlur(), name: "blur",
                                          summary: "Cross-blur: the old screen blurs out while the new one comes into focus.",
                                          defaultDuration: 0.5, defaultTiming: .easeInEaseOut)
    public static let parameters: [ParameterBinding<CrossBlur>] = [.init(\.$maxSigma)]

    @Parameter("radius", in: 0...200, "Largest blur σ in pt.")
    var maxSigma = 10.0

    public func plan(_ frame: FrameContext) -> FramePlan {
        let e = frame.easedProgress
        let sigma = maxSigma * frame.scale
        var commands: [DrawCommand] = []
        func blurred(_ ref: ImageRef, _ s: Double, _ name: String) -> ImageRef {
            guard s > 0 else { return ref }
            commands.append(.blur(BlurPass(input: ref, output: name, sigma: s)))
            return .named(name)
        }
        let from = blurred(.from, sigma * e, "fromBlur"), to = blurred(.to, sigma * (1 - e), "toBlur")
        commands += [
            .clear(.clear),
            .layer(Layer(source: from, frame: frame.canvas, opacity: 1 - e, blend: .plus)),
            .layer(Layer(source: to, frame: frame.canvas, opacity: e, blend: .plus)),
        ]
        return FramePlan(size: frame.size, time: frame.time, progress: e, commands: commands)
    }
}
