/// A `FramePlan` with every rule both renderers share already applied (`FramePlan.lowered`):
/// blurs gathered ahead of the drawing, colours premultiplied to bytes, radii fitted, opacity
/// clamped, commands that draw nothing dropped, each layer's sampling worked out. A renderer
/// binds each lowered command to its own implementation and decides nothing else.
public struct LoweredPlan: Sendable {
    public var size: PixelSize
    /// Blurs to run before any drawing, in plan order (each reads an image, never the canvas).
    public var blurs: [LoweredBlur]
    /// Drawing steps in order. The first one replaces the whole canvas (a clear, a reveal, a
    /// luma wipe, a user shader or an xfade): every frame starts from a known canvas, whatever the
    /// target held before.
    public var steps: [LoweredStep]
}

/// One drawing command, and whether the canvas is entirely transparent before it (after a
/// clear to transparent, before anything is drawn): a blended draw then equals its source,
/// so a renderer may skip reading the canvas.
public struct LoweredStep: Sendable {
    public var command: LoweredCommand
    public var canvasIsTransparent: Bool
}

public enum LoweredCommand: Sendable {
    case clear(PremultipliedColor)
    case fill(LoweredFill)
    /// A layer's drop shadow, just before the layer itself.
    case shadow(LoweredShadow)
    case layer(LoweredLayer)
    case reveal(LoweredReveal)
    case lumaWipe(LumaWipe)
    case sprites(SpriteField)
    case shader(ShaderCall)
    case xfade(LoweredXfade)
    case xfadeExpression(LoweredXfadeExpression)
    case smpteWipe(LoweredSMPTEWipe)
    /// A clear to transparent and the canvas-filling `plus` layers after it, drawn as one pass
    /// rounded once (`CrossDissolve`).
    case mix(CrossDissolve)
    /// Two layers added in isolation, the sum drawn source-over (`LayerPair`).
    case pair(LoweredPair)
}

/// A `LayerPair` of which both layers draw something (a pair with one lowers to that layer,
/// source-over): both layers' blend is `plus`.
public struct LoweredPair: Sendable {
    public var first: LoweredLayer
    public var second: LoweredLayer
    /// The canvas pixels either layer can touch (their frames grown to whole pixels, clipped
    /// to the canvas): the only pixels the pair reads or writes. May be empty.
    public var columns: Range<Int>
    public var rows: Range<Int>
}

/// A colour as the four premultiplied bytes a pixel holds (`Color.premultipliedBytes`).
public struct PremultipliedColor: Hashable, Sendable {
    public var r: UInt8, g: UInt8, b: UInt8, a: UInt8

    public init(_ color: Color) { (r, g, b, a) = color.premultipliedBytes }

    /// All four bytes zero (premultiplied, alpha 0 implies the rest).
    public var isTransparent: Bool { a == 0 }
    /// The bytes as one little-endian pixel word (R in the low byte), as `PixelBuffer` stores them.
    public var pixel: UInt32 { UInt32(r) | UInt32(g) << 8 | UInt32(b) << 16 | UInt32(a) << 24 }
    /// The bytes as fractions of 255, as GL takes a colour.
    public var fractions: (Float, Float, Float, Float) { (Float(r) / 255, Float(g) / 255, Float(b) / 255, Float(a) / 255) }
}

public struct LoweredFill: Sendable {
    /// The shape, a rectangle's radii fitted to it. Never empty.
    public var shape: Shape
    public var color: PremultipliedColor
    public var blend: BlendMode
}

/// A Gaussian-blurred box (`Coverage.boxShadow`), source-over; corner radii are ignored.
public struct LoweredShadow: Sendable {
    /// The layer's frame moved by the shadow's offset.
    public var rect: Rect
    /// σ in pixels, ≥ 0 (0 is the sharp rectangle's one-pixel ramp).
    public var sigma: Double
    /// The shadow colour at alpha `shadow.a · layer opacity`.
    public var color: PremultipliedColor
}

/// Where a canvas position samples a source image: texel coordinate (texel centres at whole
/// numbers) `a·p + b` on each axis, for `p` the canvas position (pixel centres at `+0.5`).
public struct TexelMapping: Hashable, Sendable {
    public var ax: Double, bx: Double
    public var ay: Double, by: Double
    public init(ax: Double, bx: Double, ay: Double, by: Double) { self.ax = ax; self.bx = bx; self.ay = ay; self.by = by }
}

public struct LoweredLayer: Sendable {
    public var source: ImageRef
    public var sourceSize: PixelSize
    /// Non-empty.
    public var frame: Rect
    /// Fitted to `frame`.
    public var radii: CornerRadii
    /// In (0, 1].
    public var opacity: Double
    public var blend: BlendMode
    public var mapping: TexelMapping
    /// Every pixel the layer touches is fully covered and samples one texel centre: an
    /// integer translation at unit scale with square corners, inside the image. Copying
    /// texels then gives exactly the bytes of coverage × bilinear sampling.
    public var isTexelCopy: Bool
}

/// A reveal whose shape is not empty (an empty one is lowered to a copy of `outside`).
public struct LoweredReveal: Sendable {
    public enum Shape: Sendable {
        /// `feather` ≥ 0; `radius` > 0.
        case circle(center: Point, radius: Double, feather: Double)
        /// Non-empty, radii fitted.
        case roundedRect(Rect, CornerRadii)
    }
    public var shape: Shape
    public var inside: ImageRef
    public var outside: ImageRef
}

/// A blur with its passes worked out for its input's size (`BlurPyramid.frameSteps`).
public struct LoweredBlur: Sendable {
    public var pass: BlurPass
    public var inputSize: PixelSize
    /// The input is one of the frame's images, unchanging while the `ImageSet` is the same (not
    /// another blur's output): a renderer keeps its pyramid across frames.
    public var inputIsStill: Bool
    /// The pyramid level the frame's passes start from (0: the input itself).
    public var level: Int
    /// The frame's passes, at the level's size; none when the level is the result.
    public var steps: [BlurStep]
    /// The derived image's name and size (`ImageRef.named(pass.output)`): the level's size.
    public var output: ImageRef { .named(pass.output) }
    public var outputSize: PixelSize { BlurPyramid.levelSize(inputSize, level: level) }
    /// Input pixels per output texel (2^level): a layer drawing the output maps it by this, so
    /// the output stands exactly where the input would.
    public var outputScale: Double { Double(1 << level) }
    /// The passes making pyramid level `k` (1…`level`) from level `k − 1`: the same every frame.
    public func levelSteps(_ k: Int) -> [BlurStep] { BlurPyramid.levelSteps(inputSize, level: k) }
}
