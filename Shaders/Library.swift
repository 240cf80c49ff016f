/// The built-in shader files, embedded in the binary at build time so `segue` finds them from
/// any working directory. Every file in Shaders/GLSL is a case here (a test checks), so the
/// compiler checks every name the GL renderer uses.
public enum ShaderFile: String, CaseIterable, Sendable {
    /// Coverage and shadow maths shared by the fragment stages (twin of Coverage.swift).
    case shapes = "shapes.glsl"
    /// The quad every draw but the sprites uses.
    case quad = "quad.vert"
    case layer = "layer.frag"
    /// A cross-dissolve in one pass (`CrossDissolve`).
    case mix = "mix.frag"
    case fill = "fill.frag"
    case shadow = "shadow.frag"
    case reveal = "reveal.frag"
    case lumaWipe = "luma-wipe.frag"
    case blur = "blur.frag"
    case spritesVertex = "sprites.vert"
    case sprites = "sprites.frag"
    /// Row prefix sums of an image (for xfade's hblur).
    case rowPrefixSums = "row-prefix-sums.frag"
    /// ffmpeg's xfade transitions, one program per family (`XfadeFamily.programName`), each
    /// with xfade.glsl's helpers ahead of it.
    case xfade = "xfade.glsl"
    case xfadeFades = "xfade-fades.frag"
    case xfadeWarps = "xfade-warps.frag"
    case xfadeWipes = "xfade-wipes.frag"
    case xfadeSlides = "xfade-slides.frag"
    case xfadeSmooth = "xfade-smooth.frag"
    case xfadeDiagonals = "xfade-diagonals.frag"
    case xfadeShapes = "xfade-shapes.frag"
    case xfadeSlices = "xfade-slices.frag"
    case xfadeWinds = "xfade-winds.frag"
    /// hblur's own program: its box sums from `rowPrefixSums`.
    case xfadeHblur = "xfade-hblur.frag"
    /// xfade's custom transition: eval.c's semantics, around the translated expression.
    case xfadeExpression = "xfade-expression.frag"
    /// GStreamer's SMPTE wipes: a mask texture through smptealpha's threshold.
    case smpteWipe = "smpte-wipe.frag"

    /// The embedded text.
    public var embeddedSource: String { String(decoding: bytes, as: UTF8.self) }

    private var bytes: [UInt8] {
        switch self {
        case .shapes: PackageResources.shapes_glsl
        case .xfade: PackageResources.xfade_glsl
        case .quad: PackageResources.quad_vert
        case .layer: PackageResources.layer_frag
        case .mix: PackageResources.mix_frag
        case .fill: PackageResources.fill_frag
        case .shadow: PackageResources.shadow_frag
        case .reveal: PackageResources.reveal_frag
        case .lumaWipe: PackageResources.luma_wipe_frag
        case .blur: PackageResources.blur_frag
        case .spritesVertex: PackageResources.sprites_vert
        case .sprites: PackageResources.sprites_frag
        case .rowPrefixSums: PackageResources.row_prefix_sums_frag
        case .xfadeFades: PackageResources.xfade_fades_frag
        case .xfadeWarps: PackageResources.xfade_warps_frag
        case .xfadeWipes: PackageResources.xfade_wipes_frag
        case .xfadeSlides: PackageResources.xfade_slides_frag
        case .xfadeSmooth: PackageResources.xfade_smooth_frag
        case .xfadeDiagonals: PackageResources.xfade_diagonals_frag
        case .xfadeShapes: PackageResources.xfade_shapes_frag
        case .xfadeSlices: PackageResources.xfade_slices_frag
        case .xfadeWinds: PackageResources.xfade_winds_frag
        case .xfadeHblur: PackageResources.xfade_hblur_frag
        case .xfadeExpression: PackageResources.xfade_expression_frag
        case .smpteWipe: PackageResources.smpte_wipe_frag
        }
    }
}
