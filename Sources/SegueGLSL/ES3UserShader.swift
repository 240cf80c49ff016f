/// Turns an author's file, written for WebGL 1 (GLSL ES 1.00, as the gl-transition runtime
/// wraps it), into a GLSL ES 3.00 fragment stage that strict compilers such as Mesa's accept,
/// keeping every line and column of the file where the author wrote it so compile errors
/// point at their file:
///
/// * highp everywhere (`precision highp float/int` in the prelude, `mediump`/`lowp` defined
///   to `highp`): Mesa runs mediump as fp16, which silently breaks shaders such as
///   `float(bar) * 67123.313`;
/// * `texture2D` is `texture` (ES 3 has no `texture2D`);
/// * user functions named like ES 3 built-ins (`texture`, `round`, …) and names that are
///   ES 3 keywords (`flat`, `smooth`, `uint`, …) are renamed to an unused name of the same
///   length, so columns do not move;
/// * non-constant global initializers (illegal in ES, accepted by WebGL) are blanked in place
///   and assigned in `_segue_init()`, called first in `main`, each under a `#line` of its
///   original line and at its original column.
///
/// Columns are byte columns; the file's line breaks are kept (`#line 1` before the body).
public enum ES3UserShader {
    /// ES 3.00 built-ins that ES 1.00 lacks: GL Transitions code may define functions so named.
    static let es3BuiltinNames: Set<String> = [
        "texture", "textureProj", "textureLod", "textureOffset", "texelFetch", "texelFetchOffset", "textureProjOffset",
        "textureLodOffset", "textureProjLod", "textureProjLodOffset", "textureGrad", "textureGradOffset", "textureProjGrad",
        "textureProjGradOffset", "textureSize", "round", "roundEven", "trunc", "isnan", "isinf", "sinh", "cosh", "tanh",
        "asinh", "acosh", "atanh", "inverse", "transpose", "determinant", "outerProduct", "modf", "dFdx", "dFdy", "fwidth",
        "packSnorm2x16", "unpackSnorm2x16", "packUnorm2x16", "unpackUnorm2x16", "packHalf2x16", "unpackHalf2x16",
        "floatBitsToInt", "floatBitsToUint", "intBitsToFloat", "uintBitsToFloat",
    ]

    /// ES 3.00 keywords that ES 1.00 code may use as names: every occurrence is renamed.
    static let es3Keywords: Set<String> = [
        "flat", "smooth", "centroid", "layout", "uint", "uvec2", "uvec3", "uvec4", "sampler3D", "sampler2DShadow",
        "samplerCubeShadow", "sampler2DArray", "sampler2DArrayShadow", "isampler2D", "isampler3D", "isamplerCube",
        "isampler2DArray", "usampler2D", "usampler3D", "usamplerCube", "usampler2DArray", "switch", "case", "default",
    ]

    /// The GL Transitions runtime (gre/gl-transition-libs, packages/gl-transition/src/index.ts,
    /// `makeFrag`) in ES 3.00. `v_uv` is top-left; the spec's
    /// uv is bottom-left, and textures hold image row 0 at t = 0, so both flips cancel in the
    /// lookups. Resize is cover (the spec's default), the identity for snapshots already
    /// fitted to the canvas.
    static let transitionHeader = """
    #define mediump highp
    #define lowp highp
    #define texture2D texture
    #define texture2DProj textureProj
    #define texture2DLod textureLod
    #define textureCube texture
    in vec2 v_uv;
    out vec4 _segue_fragColor;
    uniform sampler2D from, to;
    uniform float progress, ratio, _fromR, _toR;
    vec2 _segue_cover(vec2 uv, float r) { return 0.5 + (uv - 0.5) * vec2(min(ratio / r, 1.0), min(r / ratio, 1.0)); }
    vec4 getFromColor(vec2 uv) { vec2 p = _segue_cover(uv, _fromR); return texture(from, vec2(p.x, 1.0 - p.y)); }
    vec4 getToColor(vec2 uv) { vec2 p = _segue_cover(uv, _toR); return texture(to, vec2(p.x, 1.0 - p.y)); }

    """

    /// A user shader as the parts of one fragment stage: `header` goes after the common
    /// prelude (`#version`, precision, and shapes.glsl when `includesShapes`), then `#line 1`
    /// and `body` (the author's lines, same numbering), then `trailer`.
    public struct Translation: Sendable, Equatable {
        public var header: String
        public var body: String
        public var trailer: String
        /// Native files are built-in programs and see shapes.glsl as they do.
        public var includesShapes: Bool
    }

    public static func translate(_ shader: UserShader) -> Translation {
        switch shader.format {
        case .native:
            // Exactly a built-in program: same prelude, shapes.glsl, `v_uv`, `u_canvasSize`.
            return Translation(header: "", body: shader.source.text, trailer: "", includesShapes: true)
        case .glTransition:
            let (body, initializers) = rewrite(shader.source)
            let trailer = "\nvoid _segue_init() {\n" + initializers + "}\n"
                + "void main() { _segue_init(); _segue_fragColor = transition(vec2(v_uv.x, 1.0 - v_uv.y)); }\n"
            return Translation(header: transitionHeader, body: body, trailer: trailer, includesShapes: false)
        }
    }

    /// The body with renames and blanked initializers (same length, same line breaks), and
    /// the statements of `_segue_init()`.
    static func rewrite(_ source: GLSLSource) -> (body: String, initializers: String) {
        var bytes = source.bytes
        let identifiers = Set(source.tokens.filter { $0.kind == .identifier }.map(\.text))
        var renames: [String: String] = [:]
        let clashing = source.functions.map(\.name.text).filter(es3BuiltinNames.contains) + identifiers.filter(es3Keywords.contains).sorted()
        for name in clashing where renames[name] == nil {
            // Same length, not used anywhere in the file: `_exture`, then `Aexture`, `Bexture`, …
            let heads = ["_"] + (65...90).map { String(UnicodeScalar(UInt8($0))) }
            if let fresh = heads.map({ $0 + name.dropFirst() }).first(where: { !identifiers.contains($0) && !renames.values.contains($0) }) {
                renames[name] = fresh
            }
        }
        for token in source.tokens where token.kind == .identifier {
            if let fresh = renames[token.text] { bytes.replaceSubrange(token.start..<token.end, with: Array(fresh.utf8)) }
        }
        var initializers = ""
        let skipped: Set<String> = ["const", "uniform", "in", "out", "attribute", "varying"]
        for declaration in source.declarations where declaration.qualifiers.allSatisfy({ !skipped.contains($0) }) {
            for declarator in declaration.declarators {
                guard let (equals, last) = declarator.initializer else { continue }
                let name = declarator.name
                var assignment = Array(bytes[name.start..<source.tokens[last].end])
                if let array = declarator.arrayRange {  // `a[3] = …` assigns to `a`
                    for i in source.tokens[array.lowerBound].start..<source.tokens[array.upperBound].end { assignment[i - name.start] = 32 }
                }
                // The line's text before the name as empty statements (`float ` → `;;;;; `):
                // the same columns, also after the compiler folds blank runs.
                let lineStart = name.start - (name.column - 1)
                let prefix = source.bytes[lineStart..<name.start].map { $0 == 32 || $0 == 9 ? $0 : UInt8(ascii: ";") }
                initializers += "#line \(name.line)\n" + String(decoding: prefix + assignment, as: UTF8.self) + ";\n"
                for i in source.tokens[equals].start..<source.tokens[last].end where bytes[i] != 10 { bytes[i] = 32 }
            }
        }
        return (String(decoding: bytes, as: UTF8.self), initializers)
    }
}
