/// The built-in shader sources, embedded in the binary at build time so `segue` finds them
/// from any working directory. Every file in Shaders/GLSL must be listed here (a test checks).
public enum ShaderLibrary {
    public static let sources: [String: [UInt8]] = [
        "shapes.glsl": PackageResources.shapes_glsl,
        "quad.vert": PackageResources.quad_vert,
        "layer.frag": PackageResources.layer_frag,
        "fill.frag": PackageResources.fill_frag,
        "shadow.frag": PackageResources.shadow_frag,
        "circle-reveal.frag": PackageResources.circle_reveal_frag,
        "iris.frag": PackageResources.iris_frag,
        "mask.frag": PackageResources.mask_frag,
        "sprites.vert": PackageResources.sprites_vert,
        "sprites.frag": PackageResources.sprites_frag,
        "blur.frag": PackageResources.blur_frag,
    ]

    /// The embedded source of `name` (e.g. `layer.frag`), or nil.
    public static func source(named name: String) -> String? {
        sources[name].map { String(decoding: $0, as: UTF8.self) }
    }
}
