/// The built-in programs that draw whole-canvas commands (Shaders/GLSL): what the GL renderer
/// runs for a `reveal` or a `lumaWipe`, and what a Segue-native shader file may replace
/// (docs/SHADERS.md).
public enum CanvasProgram: String, CaseIterable, Sendable {
    case reveal
    case lumaWipe = "luma-wipe"

    /// Names Segue-native files used before these commands were typed (`program iris`).
    public init?(named name: String) {
        switch name {
        case "circle-reveal", "iris": self = .reveal
        case "mask": self = .lumaWipe
        default: self.init(rawValue: name)
        }
    }
}

/// The uniforms and inputs a canvas program reads, by their GLSL names. The one place those
/// names are written on the Swift side: the GL renderer sets them from here, and a native
/// shader file that replaces the program receives the same.
public struct ProgramInterface: Sendable, Equatable {
    public var program: CanvasProgram
    public var uniforms: [String: UniformValue]
    /// Sampler name → image.
    public var inputs: [String: ImageRef]
}

extension LoweredReveal {
    /// `reveal.frag`'s uniforms.
    public var programInterface: ProgramInterface {
        var uniforms: [String: UniformValue]
        switch shape {
        case .circle(let center, let radius, let feather):
            uniforms = ["u_shape": .int(0), "u_circle": UniformValue(type: "vec4", values: [center.x, center.y, radius, feather])]
        case .roundedRect(let rect, let radii):
            uniforms = ["u_shape": .int(1),
                        "u_rect": UniformValue(type: "vec4", values: [rect.x, rect.y, rect.width, rect.height]),
                        "u_radii": UniformValue(type: "vec4", values: [radii.topLeft, radii.topRight, radii.bottomRight, radii.bottomLeft])]
        }
        return ProgramInterface(program: .reveal, uniforms: uniforms, inputs: ["u_inside": inside, "u_outside": outside])
    }
}

extension LumaWipe {
    /// `luma-wipe.frag`'s uniforms.
    public var programInterface: ProgramInterface {
        ProgramInterface(program: .lumaWipe, uniforms: ["u_progress": .float(progress), "u_softness": .float(softness)],
                         inputs: ["u_from": from, "u_to": to, "u_mask": mask])
    }
}

extension DrawCommand {
    /// The canvas program that draws this command and what it reads; nil for commands no
    /// canvas program draws (and for a reveal of an empty shape, which shows `outside` alone).
    public var programInterface: ProgramInterface? {
        switch self {
        case .reveal(let reveal): return reveal.lowered.map(\.programInterface)
        case .lumaWipe(let wipe): return wipe.programInterface
        case .clear, .layer, .fill, .blur, .sprites, .shader, .xfade, .xfadeExpression, .smpteWipe, .pair: return nil
        }
    }
}

extension ShapeReveal {
    /// The reveal as renderers draw it: radii fitted, feather ≥ 0; nil when the shape is empty.
    public var lowered: LoweredReveal? {
        switch shape {
        case .circle(let center, let radius, let feather):
            guard radius > 0 else { return nil }
            return LoweredReveal(shape: .circle(center: center, radius: radius, feather: max(feather, 0)), inside: inside, outside: outside)
        case .roundedRect(let rect, let radii):
            guard rect.width > 0, rect.height > 0 else { return nil }
            return LoweredReveal(shape: .roundedRect(rect, radii.fitted(to: rect)), inside: inside, outside: outside)
        }
    }
}
