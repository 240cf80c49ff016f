import SegueCore
import SegueEffects

/// Turns an author's file into a GLSL ES 3.00 fragment stage that strict compilers accept
/// unmodified (gl-transitions.md §2.7), keeping every line and column of the file where the
/// author wrote it so compile errors point at their file:
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
enum GLUserShaderSource {
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

    /// The GL Transitions runtime (reference §1.4) in ES 3.00. `v_uv` is top-left; the spec's
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

    static func stage(for shader: UserShader, shapes: String) -> GLSLStage {
        switch shader.format {
        case .native:
            // Exactly a built-in program: same prelude, shapes.glsl, `v_uv`, `u_canvasSize`.
            return GLSLStage(name: shader.path, body: shader.source.text, shapes: shapes, sourcePath: shader.path,
                             authorText: shader.source.text)
        case .glTransition:
            let (body, initializers) = rewrite(shader.source)
            let trailer = "\nvoid _segue_init() {\n" + initializers + "}\n"
                + "void main() { _segue_init(); _segue_fragColor = transition(vec2(v_uv.x, 1.0 - v_uv.y)); }\n"
            return GLSLStage(name: shader.path, body: body, shapes: nil, header: transitionHeader, trailer: trailer,
                             sourcePath: shader.path, authorText: shader.source.text)
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

    /// Compiler log lines as `path:line:col: error: …` (Mesa `0:12(5): error: …`; NVIDIA
    /// `0(12) : error …`, no column), errors first; other lines are kept. Mesa counts columns
    /// from 1 in its preprocessor's output, where every run of blanks is one space, so the
    /// column is mapped back through the file's own line.
    static func mapLog(_ log: String, path: String, source: String) -> String {
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
        let mapped = log.split(whereSeparator: \.isNewline).map { raw -> String in
            let line = String(raw)
            let digits = line.drop { $0 == " " }
            // Mesa: "0:LINE(COL): rest"
            if let colon = digits.firstIndex(of: ":"), digits[..<colon].allSatisfy(\.isNumber) {
                let after = digits[digits.index(after: colon)...]
                if let open = after.firstIndex(of: "("), let close = after.firstIndex(of: ")"), open < close,
                   let lineNumber = Int(after[..<open]), let column = Int(after[after.index(after: open)..<close]) {
                    let rest = after[after.index(after: close)...].drop { $0 == ":" || $0 == " " }
                    let text = lineNumber >= 1 && lineNumber <= lines.count ? lines[lineNumber - 1] : ""
                    return "\(path):\(lineNumber):\(fileColumn(text, collapsed: column)): \(rest)"
                }
            }
            // NVIDIA: "0(LINE) : rest"
            if let open = digits.firstIndex(of: "("), let close = digits.firstIndex(of: ")"), open < close,
               digits[..<open].allSatisfy(\.isNumber), let lineNumber = Int(digits[digits.index(after: open)..<close]) {
                let rest = digits[digits.index(after: close)...].drop { $0 == ":" || $0 == " " }
                return "\(path):\(lineNumber): \(rest)"
            }
            return line
        }
        // Errors first: the first line is what one-line reports show.
        return (mapped.filter { $0.contains(": error:") } + mapped.filter { !$0.contains(": error:") }).joined(separator: " | ")
    }

    /// The 1-based column in `line` of the character at `collapsed` once blank runs are one space.
    static func fileColumn(_ line: Substring, collapsed: Int) -> Int {
        var count = 0, previousBlank = false
        for (i, c) in line.utf8.enumerated() {
            let blank = c == 32 || c == 9 || c == 13
            if blank && previousBlank { continue }
            previousBlank = blank
            count += 1
            if count == collapsed { return i + 1 }
        }
        return collapsed
    }
}
