// The contract between the engine and the renderers (DESIGN.md "FramePlan is the contract").
// A plan is plain data: the engine never touches GL, the renderers never decide timing.
// Geometry is in canvas pixels (top-left origin, y down); colours are straight sRGB.

/// The images a plan draws from: the two snapshots (already fitted to the canvas size) and
/// auxiliary images by name (a mask file, a `sampler2D` parameter).
public enum ImageRef: Hashable, Sendable, Codable, CustomStringConvertible {
    case from
    case to
    case named(String)

    public var description: String {
        switch self {
        case .from: return "from"
        case .to: return "to"
        case .named(let n): return n
        }
    }
    public init(from decoder: Decoder) throws {
        let s = try decoder.singleValueContainer().decode(String.self)
        switch s {
        case "from": self = .from
        case "to": self = .to
        default: self = .named(s)
        }
    }
    public func encode(to encoder: Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(description)
    }
}

/// How a draw combines with what is already on the canvas (premultiplied alpha).
public enum BlendMode: String, Codable, Sendable, CaseIterable {
    /// `dst = src + (1 − src.a)·dst`, Core Animation's default.
    case sourceOver
    /// `dst = min(1, src + dst)`, Core Animation's `plusL` filter. Two layers at opacities
    /// `1 − e` and `e` add up to an exact cross-dissolve.
    case plus
}

/// A soft drop shadow cast by a layer's shape (CALayer `shadow*` properties, in pixels).
public struct Shadow: Codable, Hashable, Sendable {
    public var color: Color
    /// Gaussian standard deviation of the shadow edge, in pixels (CALayer shadowRadius ≈ σ·2).
    public var radius: Double
    public var offset: Point
    public init(color: Color, radius: Double, offset: Point) {
        self.color = color; self.radius = radius; self.offset = offset
    }
}

/// A snapshot drawn as a textured quad: the `sourceRect` of `source` lands on `frame`,
/// rounded by `cornerRadii`, faded by `opacity`. Every UIKit-style move, scale and fade of a
/// view is one layer; scaling is the frame's size against the source rectangle's.
public struct Layer: Codable, Hashable, Sendable {
    public var source: ImageRef
    /// Region of the source image in its pixels; nil = the whole image.
    public var sourceRect: Rect?
    /// Where the layer lands on the canvas, in pixels (fractional positions are sampled bilinearly).
    public var frame: Rect
    public var opacity: Double
    public var cornerRadii: CornerRadii
    public var shadow: Shadow?
    public var blend: BlendMode

    public init(source: ImageRef, sourceRect: Rect? = nil, frame: Rect, opacity: Double = 1,
                cornerRadii: CornerRadii = .zero, shadow: Shadow? = nil, blend: BlendMode = .sourceOver) {
        self.source = source; self.sourceRect = sourceRect; self.frame = frame; self.opacity = opacity
        self.cornerRadii = cornerRadii; self.shadow = shadow; self.blend = blend
    }
}

/// A solid shape, e.g. a dimming view (the whole canvas) or a bubble (a circle).
public enum Shape: Codable, Hashable, Sendable, CustomStringConvertible {
    case canvas
    case rect(Rect, CornerRadii)
    case circle(center: Point, radius: Double)

    public var description: String {
        switch self {
        case .canvas: return "canvas"
        case .rect(let r, let radii): return radii.isZero ? "rect \(r)" : "rect \(r) corners \(radii)"
        case .circle(let c, let radius): return "circle \(c) radius \(readable(radius))"
        }
    }
}

public struct Fill: Codable, Hashable, Sendable {
    public var shape: Shape
    public var color: Color
    public var blend: BlendMode
    public init(shape: Shape, color: Color, blend: BlendMode = .sourceOver) {
        self.shape = shape; self.color = color; self.blend = blend
    }
}

/// A uniform value for a shader command; `type` is its GLSL type name.
public struct UniformValue: Codable, Hashable, Sendable, CustomStringConvertible {
    public var type: String
    public var values: [Double]
    public init(type: String, values: [Double]) { self.type = type; self.values = values }
    public static func float(_ v: Double) -> UniformValue { UniformValue(type: "float", values: [v]) }
    public static func vec2(_ p: Point) -> UniformValue { UniformValue(type: "vec2", values: [p.x, p.y]) }
    public static func int(_ v: Int) -> UniformValue { UniformValue(type: "int", values: [Double(v)]) }
    public static func bool(_ v: Bool) -> UniformValue { UniformValue(type: "bool", values: [v ? 1 : 0]) }
    public static func color(_ c: Color) -> UniformValue { UniformValue(type: "vec4", values: [c.r, c.g, c.b, c.a]) }
    public var description: String { "\(type)(\(values.map { "\($0)" }.joined(separator: ", ")))" }
}

/// A full-canvas program: a built-in effect shader (with a Swift kernel for the software
/// renderer) or a user/GL Transitions shader (GL only). `inputs` binds sampler names to images.
public struct ShaderCall: Codable, Hashable, Sendable {
    public var program: String
    public var uniforms: [String: UniformValue]
    public var inputs: [String: ImageRef]
    public init(program: String, uniforms: [String: UniformValue] = [:], inputs: [String: ImageRef] = [:]) {
        self.program = program; self.uniforms = uniforms; self.inputs = inputs
    }
}

/// One step of a frame, drawn in order onto the canvas.
public enum DrawCommand: Hashable, Sendable {
    case clear(Color)
    case layer(Layer)
    case fill(Fill)
    case shader(ShaderCall)
    /// Makes the derived image `.named(pass.output)`: `pass.input` blurred by `pass.method`,
    /// then saturated. Draws nothing on the canvas; later commands draw the result. The
    /// output is the input's size, or half of it for dual Kawase (see `BlurPass.steps`), so a
    /// layer draws it whole (`sourceRect` nil) onto the frame the input would fill.
    case blur(BlurPass)
    /// StarWars sprites: every sprite of `field.sprites()`, in order, drawn source-over at its
    /// position at `field.time` (unit scale, bilinear, clamp-to-edge of the whole source). A
    /// pixel belongs to a sprite iff its centre lies in the moved square `[x, x+w) × [y, y+w)`,
    /// GL's rasterisation rule, decided by `SpriteField.covers` on float32 numbers both
    /// renderers compute the same way.
    case sprites(SpriteField)
}

public struct FramePlan: Codable, Hashable, Sendable {
    /// Canvas size in pixels.
    public var size: PixelSize
    /// Time of this frame in seconds since the start of the sequence.
    public var time: Double
    /// The transition's eased progress (0 = from, 1 = to) for display; parts may differ.
    public var progress: Double
    public var commands: [DrawCommand]
    public init(size: PixelSize, time: Double, progress: Double, commands: [DrawCommand]) {
        self.size = size; self.time = time; self.progress = progress; self.commands = commands
    }

    /// Whether the first command that draws replaces the whole canvas (a clear or a shader).
    /// Every frame starts from a transparent canvas: renderers clear first when it does not.
    public var startsByReplacingCanvas: Bool {
        for command in commands {
            switch command {
            case .blur: continue
            case .clear, .shader: return true
            case .layer, .fill, .sprites: return false
            }
        }
        return false
    }

    /// One snapshot alone, as UIKit shows it before a transition starts (`from`) and after it
    /// completes (`to`, the other view removed): the exact end states of every effect.
    public static func showing(_ image: ImageRef, size: PixelSize, time: Double) -> FramePlan {
        FramePlan(size: size, time: time, progress: image == .to ? 1 : 0, commands: [
            .clear(.clear),
            .layer(Layer(source: image, frame: Rect(size: size))),
        ])
    }
}

// Commands encode as `{"op": "layer", …fields}` so `segue plan --json` reads naturally.
extension DrawCommand: Codable {
    private enum Op: String, Codable { case clear, layer, fill, shader, blur, sprites }
    private enum Keys: String, CodingKey { case op, color }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        switch try c.decode(Op.self, forKey: .op) {
        case .clear: self = .clear(try c.decode(Color.self, forKey: .color))
        case .layer: self = .layer(try Layer(from: decoder))
        case .fill: self = .fill(try Fill(from: decoder))
        case .shader: self = .shader(try ShaderCall(from: decoder))
        case .blur: self = .blur(try BlurPass(from: decoder))
        case .sprites: self = .sprites(try SpriteField(from: decoder))
        }
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        switch self {
        case .clear(let color):
            try c.encode(Op.clear, forKey: .op)
            try c.encode(color, forKey: .color)
        case .layer(let l): try c.encode(Op.layer, forKey: .op); try l.encode(to: encoder)
        case .fill(let f): try c.encode(Op.fill, forKey: .op); try f.encode(to: encoder)
        case .shader(let s): try c.encode(Op.shader, forKey: .op); try s.encode(to: encoder)
        case .blur(let b): try c.encode(Op.blur, forKey: .op); try b.encode(to: encoder)
        case .sprites(let f): try c.encode(Op.sprites, forKey: .op); try f.encode(to: encoder)
        }
    }
}
