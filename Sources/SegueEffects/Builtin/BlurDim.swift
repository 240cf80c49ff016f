import SegueCore

/// UIBlurEffect-like backdrop styles (effects.md §3.2, UIImage+ImageEffects) and a plain dim
/// (§3.1, Apple's presentation sample: black at 0.5).
public enum BlurStyle: String, CaseIterable, Sendable {
    case light, extraLight, dark, dim

    /// Blur radius in pt, taken as the Gaussian σ (§3.2); 0 = no blur.
    public var radius: Double {
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

/// The presentation backdrop (effects.md §3): the old screen blurs, saturates and takes the
/// style's tint progressively (σ, saturation and tint alpha all ∝ eased progress, §3.2
/// [infer]) while the new screen slides up over it as a sheet, or fades in.
public struct BlurDim: Effect {
    let style: BlurStyle
    /// σ in pt; nil = the style's.
    let radius: Double?
    let sheet: Bool

    public static let entry = EffectEntry(EffectDescriptor(
        name: "blur-dim", summary: "Presentation backdrop: the old screen blurs and dims while the new one comes in over it.",
        kind: .shader, parameters: [
            ParameterSpec("style", .choice(BlurStyle.allCases.map(\.rawValue)), default: .string(BlurStyle.dark.rawValue),
                          "UIBlurEffect-like style (radius, tint, saturation 1.8), or dim: plain black at 0.5."),
            ParameterSpec("radius", .number(min: 0, max: 200), default: .number(0), "Blur σ in pt (0 = the style's)."),
            ParameterSpec("presented", .choice(["sheet", "fade"]), default: .string("sheet"), "sheet: the new screen slides up; fade: it fades in."),
        ], defaultDuration: 0.35, defaultTiming: .easeInEaseOut
    )) { p throws(SegueError) in
        let r = p.number("radius")
        return BlurDim(style: BlurStyle(rawValue: p.string("style"))!, radius: r > 0 ? r : nil, sheet: p.string("presented") == "sheet")
    }

    public func plan(_ frame: FrameContext) -> FramePlan {
        let e = frame.easedProgress
        let canvas = frame.canvas
        let sigma = (radius ?? style.radius) * frame.scale * e
        var commands: [DrawCommand] = []
        var backdrop = ImageRef.from
        if sigma > 0 {
            commands.append(.blur(BlurPass(input: .from, output: "backdrop", method: .forSigma(sigma),
                                           saturation: lerp(1, style.saturation, e))))
            backdrop = .named("backdrop")
        }
        let tint = style.tint
        commands += [
            .clear(.clear),
            .layer(Layer(source: backdrop, frame: canvas)),
            .fill(Fill(shape: .canvas, color: tint.withAlpha(tint.a * e))),
            sheet ? .layer(Layer(source: .to, frame: canvas.offsetBy(dx: 0, dy: (1 - e) * canvas.height)))
                  : .layer(Layer(source: .to, frame: canvas, opacity: e)),
        ]
        return FramePlan(size: frame.size, time: frame.time, progress: e, commands: commands)
    }
}

/// Cross-blur: the old screen blurs out (σ 0 → radius) while the new one comes into focus
/// (σ radius → 0), the two cross-dissolved (added at opacities 1 − e and e, as `fade`).
public struct CrossBlur: Effect {
    /// σ in pt.
    let radius: Double

    public static let entry = EffectEntry(EffectDescriptor(
        name: "blur", summary: "Cross-blur: the old screen blurs out while the new one comes into focus.",
        kind: .shader, parameters: [
            ParameterSpec("radius", .number(min: 0, max: 200), default: .number(10), "Largest blur σ in pt."),
        ], defaultDuration: 0.5, defaultTiming: .easeInEaseOut
    )) { p throws(SegueError) in CrossBlur(radius: p.number("radius")) }

    public func plan(_ frame: FrameContext) -> FramePlan {
        let e = frame.easedProgress
        let sigma = radius * frame.scale
        var commands: [DrawCommand] = []
        func blurred(_ ref: ImageRef, _ s: Double, _ name: String) -> ImageRef {
            guard s > 0 else { return ref }
            commands.append(.blur(BlurPass(input: ref, output: name, method: .forSigma(s))))
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
