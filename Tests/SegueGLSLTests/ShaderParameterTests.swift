import Testing
import SegueCore
import SegueEffects
@testable import SegueGLSL

/// The `// = value` default syntaxes of GL Transitions (GL Transition Specification v1) and the
/// file-scope structure the GL source preparation relies on.
private func parameters(_ glsl: String) -> ([String: [Double]], [ShaderDiagnostic]) {
    let (list, notes) = ShaderParameter.parse(GLSLSource(glsl), engineNames: ["progress"])
    return (Dictionary(uniqueKeysWithValues: list.map { ($0.name, $0.defaultValues) }), notes)
}

@Test func everyDefaultSyntax() {
    let (values, notes) = parameters("""
    uniform float a; // = 42.0
    uniform float b; //=1.5
    uniform float c/* = 0.25 */;
    uniform vec2 d /*= vec2(42.0, 43.0)*/, e /* = vec2(1.) */;
    uniform vec2 f, g; // = vec2(1.0, 2.0);   // applies to both
    uniform float h; // = 0.3; // trailing comment
    uniform float i; // = 0.4 ; // another
    uniform float j; // = 90
    uniform bool k; // = 1
    uniform bool l; // = false
    uniform ivec2 m; // = ivec2(20)
    uniform float n; // = -2.5
    uniform int o; // =7
    """)
    #expect(notes.isEmpty, "\(notes)")
    let expected: [String: [Double]] = [
        "a": [42], "b": [1.5], "c": [0.25], "d": [42, 43], "e": [1, 1], "f": [1, 2], "g": [1, 2], "h": [0.3], "i": [0.4],
        "j": [90], "k": [1], "l": [0], "m": [20, 20], "n": [-2.5], "o": [7],
    ]
    #expect(values == expected)
}

@Test func everyParameterType() {
    let (values, notes) = parameters("""
    uniform vec3 v3; // = vec3(0.1, 0.2, 0.3)
    uniform vec4 v4; // = vec4(1.0)
    uniform ivec3 i3; // = ivec3(1, -2, 3)
    uniform ivec4 i4; // = ivec4(4)
    uniform bvec2 b2; // = bvec2(true, false)
    uniform bvec3 b3; // = bvec3(1)
    uniform bvec4 b4; // = bvec4(true, 0, 1, false)
    uniform mat2 m2; // = mat2(1.0, 2.0, 3.0, 4.0)
    uniform mat3 m3; // = mat3(2.0)
    uniform mat4 m4; // = mat4(1)
    uniform sampler2D luma;
    """)
    #expect(notes.isEmpty, "\(notes)")
    #expect(values["v3"] == [0.1, 0.2, 0.3] && values["v4"] == [1, 1, 1, 1])
    #expect(values["i3"] == [1, -2, 3] && values["i4"] == [4, 4, 4, 4])
    #expect(values["b2"] == [1, 0] && values["b3"] == [1, 1, 1] && values["b4"] == [1, 0, 1, 0])
    #expect(values["m2"] == [1, 2, 3, 4])
    #expect(values["m3"] == [2, 0, 0, 0, 2, 0, 0, 0, 2])  // one value: the diagonal, as GLSL
    #expect(values["m4"] == [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1])
    #expect(values["luma"] == [])
}

@Test func missingAndInvalidDefaults() {
    let (values, notes) = parameters("""
    uniform float a;
    uniform vec2 b; // = vec3(1.0)
    uniform int c; // = 1.5
    uniform bool d; // = 2
    uniform float progress;
    uniform float e; // not a default
    """)
    #expect(values["a"] == [0] && values["b"] == [0, 0] && values["c"] == [0] && values["d"] == [0] && values["e"] == [0])
    #expect(values["progress"] == nil)
    #expect(notes.map(\.code) == ["no-default", "invalid-default", "invalid-default", "invalid-default", "no-default"])
    #expect(notes[0].level == .warning && notes[0].line == 1 && notes[0].column == 15)
    #expect(notes[1].level == .error && notes[1].line == 2 && notes[1].message.contains("vec3"))
}

@Test func cliValuesAreTypeChecked() throws {
    let spec = ShaderParameter(name: "v", type: "vec2", defaultValues: [0, 0], hasDefault: true, line: 1).spec
    #expect(try spec.parse("0.5,0.25") == .uniform(UniformValue(type: "vec2", values: [0.5, 0.25])))
    for bad in ["0.5", "a,b", "1,2,3", ""] { #expect(throws: SegueError.self) { try spec.parse(bad) } }
    let int = ShaderParameter(name: "n", type: "ivec2", defaultValues: [0, 0], hasDefault: true, line: 1).spec
    #expect(throws: SegueError.self) { try int.parse("1.5,2") }
    let bool = ShaderParameter(name: "b", type: "bool", defaultValues: [0], hasDefault: true, line: 1).spec
    #expect(try bool.parse("true") == .uniform(UniformValue(type: "bool", values: [1])))
    let sampler = ShaderParameter(name: "luma", type: "sampler2D", defaultValues: [], hasDefault: false, line: 1).spec
    #expect(try sampler.parse("maps/luma.png") == .string("maps/luma.png"))
    #expect(throws: SegueError.self) {
        try ParameterValues(specs: [spec], overrides: [("nope", "1")], effect: "x")
    }
}

@Test func tokensKeepLinesAndColumns() {
    let source = GLSLSource("#define X 1\nfloat a = 1.0 /* c\n */ + b; // end\n")
    let texts = source.tokens.map(\.text)
    #expect(texts == ["#define X 1", "float", "a", "=", "1.0", "/* c\n */", "+", "b", ";", "// end"])
    let plus = source.tokens[6]
    #expect(plus.line == 3 && plus.column == 5)
}

@Test func fileScopeDeclarationsAndFunctions() {
    let source = GLSLSource("""
    precision mediump float;
    const float k = 2.0;
    uniform float u; // = 1
    float x = u * k, y, z[2] = float[2](1.0, u);
    struct S { float a; };
    vec4 texture(vec2 p);
    vec4 texture(vec2 p) { float inner = 1.0; return vec4(p, inner, 1.0); }
    vec4 transition(vec2 uv) { return texture(uv); }
    """)
    #expect(source.declarations.map(\.type) == ["float", "float", "float"])
    let globals = source.declarations[2]
    #expect(globals.declarators.map(\.name.text) == ["x", "y", "z"])
    #expect(globals.declarators.map { $0.initializer != nil } == [true, false, true])
    #expect(globals.declarators[2].arrayRange != nil)
    #expect(source.functions.map(\.name.text) == ["texture", "texture", "transition"])
    #expect(source.functions.map(\.hasBody) == [false, true, true])
    #expect(source.functions[2].returnType == "vec4" && source.functions[2].parameterTypes == ["vec2"])
}

@Test func staticChecksAndFormats() {
    let good = UserShader(name: "good", path: "good.glsl", text: "// Author: A\n// License: MIT\nvec4 transition(vec2 uv) { return getFromColor(uv); }\n")
    #expect(good.diagnostics.isEmpty && good.author == "A" && good.license == "MIT" && good.format == .glTransition)
    let bad = UserShader(name: "bad", path: "bad.glsl", text: "float progress;\nfloat _mine;\nvec3 transition(vec2 uv, float k) { return vec3(0.); }\n")
    #expect(Set(bad.diagnostics.map(\.code)) == ["reserved-name", "transition-signature", "no-author", "no-license"])
    #expect(bad.loadErrors()?.message.contains("bad.glsl:1:7: error: 'progress' is provided by the runtime") == true)
    let direct = UserShader(name: "bad name", path: "bad name.glsl", text: "// Author: A\n// License: MIT\nvec4 transition(vec2 uv) {\n  return texture2D(from, uv);\n}\n")
    #expect(direct.diagnostics.map(\.code) == ["direct-sampling", "file-name"] && direct.diagnostics[0].line == 4 && direct.diagnostics[0].column == 10)
    let native = UserShader(name: "mine", path: "mine.glsl", text: """
    // segue: effect circle-reveal program iris
    uniform vec2 center;
    uniform float feather; // = 2.0
    """)
    #expect(native.format == .native(effect: "circle-reveal", program: "iris"))
    #expect(native.parameters.map(\.name) == ["feather"] && native.diagnostics.isEmpty)
}

/// Files saved with Windows line breaks: the `\r` before each `\n` belongs to no comment or
/// directive, so metadata, defaults and the native declaration read as with `\n` alone.
@Test func crlfLineBreaks() {
    let text = [
        "// Author: Someone Else",
        "// License: MIT",
        "#define SHIFT(x) \\",
        "  ((x) + 0.25)",
        "uniform float amount; // = 0.75",
        "uniform vec2 center /* = vec2(0.5, 0.25) */;",
        "vec4 transition(vec2 uv) {",
        "  return mix(getFromColor(uv), getToColor(uv), SHIFT(progress) * amount);",
        "}",
        "",
    ].joined(separator: "\r\n")
    let shader = UserShader(name: "windows", path: "windows.glsl", text: text)
    #expect(shader.author == "Someone Else" && shader.license == "MIT")
    #expect(shader.diagnostics.isEmpty, "\(shader.diagnostics)")
    #expect(shader.parameters.map(\.name) == ["amount", "center"])
    #expect(shader.parameters.map(\.defaultValues) == [[0.75], [0.5, 0.25]])
    let comment = shader.source.tokens.first { $0.kind == .lineComment }
    #expect(comment?.text == "// Author: Someone Else")
    let directive = shader.source.tokens.first { $0.kind == .directive }
    #expect(directive?.text == "#define SHIFT(x) \\\r\n  ((x) + 0.25)")
    #expect(shader.source.tokens.first { $0.text == "uniform" }?.line == 5)
    let native = UserShader(name: "mine", path: "mine.glsl", text: "// segue: effect circle-reveal program iris\r\nuniform float feather; // = 2.0\r\n")
    #expect(native.format == .native(effect: "circle-reveal", program: "iris"))
}

/// Metadata keys are matched without case and with blanks before the colon, as
/// gl-transition-utils reads them (`// author: …`, `//License : …`, a tab after the colon).
@Test func metadataKeysWithoutCase() {
    let shader = UserShader(name: "lower", path: "lower.glsl", text: "// author: Some One\n//License :\tBSD 3 Clause\nvec4 transition(vec2 uv) { return getToColor(uv); }\n")
    #expect(shader.author == "Some One" && shader.license == "BSD 3 Clause")
    #expect(shader.diagnostics.isEmpty, "\(shader.diagnostics)")
    let none = UserShader(name: "none", path: "none.glsl", text: "// authored by: nobody\nvec4 transition(vec2 uv) { return getToColor(uv); }\n")
    #expect(none.author == nil && none.license == nil)
}
