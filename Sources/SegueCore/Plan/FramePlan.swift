// The contract between the engine and the renderers: the engine never touches GL, the
// renderers never decide timing. A plan is plain data (Codable, `segue plan --json`).
// Geometry is in canvas pixels (top-left origin, y down); colours are straight sRGB.

/// One step of a frame, drawn in order onto the canvas. Each case is drawn by one file in
/// each renderer's `Commands/` folder (docs/ARCHITECTURE.md "Draw commands").
public enum DrawCommand: Hashable, Sendable {
    case clear(Color)
    case layer(Layer)
    case fill(Fill)
    /// One image through a shape over another; replaces the canvas.
    case reveal(ShapeReveal)
    /// A mask swept by a threshold between two images; replaces the canvas.
    case lumaWipe(LumaWipe)
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
    /// An author's shader file; replaces the canvas. GL only.
    case shader(ShaderCall)
    /// One of ffmpeg's xfade transitions between two images; replaces the canvas.
    case xfade(XfadeCall)
    /// xfade's `custom` transition: an ffmpeg expression per pixel and plane; replaces the canvas.
    case xfadeExpression(XfadeExpressionCall)
    /// One of GStreamer's SMPTE 258M wipes between two images; replaces the canvas.
    case smpteWipe(SMPTEWipe)
    /// Two layers added in isolation, the sum drawn source-over (`LayerPair`); the layers'
    /// own blend modes are not used.
    case pair(LayerPair)

    /// The command's name, as `segue plan --json` writes it (`"op"`).
    public var name: String { Op(self).rawValue }

    /// Whether only the GL renderer can draw this command.
    public var needsGL: Bool { if case .shader = self { return true } else { return false } }
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

    /// Whether only the GL renderer can draw this plan (it runs an author's shader).
    public var needsGL: Bool { commands.contains { $0.needsGL } }

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
    fileprivate enum Op: String, Codable {
        case clear, layer, fill, reveal, lumaWipe, blur, sprites, shader, xfade, xfadeExpression, smpteWipe, pair

        init(_ command: DrawCommand) {
            switch command {
            case .clear: self = .clear
            case .layer: self = .layer
            case .fill: self = .fill
            case .reveal: self = .reveal
            case .lumaWipe: self = .lumaWipe
            case .blur: self = .blur
            case .sprites: self = .sprites
            case .shader: self = .shader
            case .xfade: self = .xfade
            case .xfadeExpression: self = .xfadeExpression
            case .smpteWipe: self = .smpteWipe
            case .pair: self = .pair
            }
        }
    }
    private enum Keys: String, CodingKey { case op, color }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        switch try c.decode(Op.self, forKey: .op) {
        case .clear: self = .clear(try c.decode(Color.self, forKey: .color))
        case .layer: self = .layer(try Layer(from: decoder))
        case .fill: self = .fill(try Fill(from: decoder))
        case .reveal: self = .reveal(try ShapeReveal(from: decoder))
        case .lumaWipe: self = .lumaWipe(try LumaWipe(from: decoder))
        case .blur: self = .blur(try BlurPass(from: decoder))
        case .sprites: self = .sprites(try SpriteField(from: decoder))
        case .shader: self = .shader(try ShaderCall(from: decoder))
        case .xfade: self = .xfade(try XfadeCall(from: decoder))
        case .xfadeExpression: self = .xfadeExpression(try XfadeExpressionCall(from: decoder))
        case .smpteWipe: self = .smpteWipe(try SMPTEWipe(from: decoder))
        case .pair: self = .pair(try LayerPair(from: decoder))
        }
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(Op(self), forKey: .op)
        switch self {
        case .clear(let color): try c.encode(color, forKey: .color)
        case .layer(let l): try l.encode(to: encoder)
        case .fill(let f): try f.encode(to: encoder)
        case .reveal(let r): try r.encode(to: encoder)
        case .lumaWipe(let w): try w.encode(to: encoder)
        case .blur(let b): try b.encode(to: encoder)
        case .sprites(let f): try f.encode(to: encoder)
        case .shader(let s): try s.encode(to: encoder)
        case .xfade(let x): try x.encode(to: encoder)
        case .xfadeExpression(let x): try x.encode(to: encoder)
        case .smpteWipe(let w): try w.encode(to: encoder)
        case .pair(let p): try p.encode(to: encoder)
        }
    }
}
