import Foundation
import SegueTestSupport

/// GL Transitions and native shader files that are broken, huge or never finish.
enum HostileShaders {
    static var all: [HostileCase] { validations + renders }

    static let header = "// Author: test\n// License: MIT\n"

    static func transition(_ body: String, uniforms: String = "") -> String {
        header + uniforms + "\nvec4 transition(vec2 uv) {\n" + body + "\n}\n"
    }

    static let runaway = header + TestShaders.runaway

    static let sources: [(String, String)] = [
        ("empty file", ""),
        ("binary garbage", String(decoding: (0..<700).map { UInt8(($0 * 7919 + 13) & 0xFF) }, as: UTF8.self)),
        ("no transition function", header + "float f(float x) { return x; }\n"),
        ("syntax error", transition("return mix(getFromColor(uv), getToColor(uv), progress")),
        ("undeclared name", transition("return vec4(nothing);")),
        ("declares main", transition("return vec4(1.0);") + "void main() {}\n"),
        ("wrong return type", header + "float transition(vec2 uv) { return 1.0; }\n"),
        ("default nan", transition("return vec4(amp);", uniforms: "uniform float amp; // = nan\n")),
        ("default 1e400", transition("return vec4(amp);", uniforms: "uniform float amp; // = 1e400\n")),
        ("default text", transition("return vec4(amp);", uniforms: "uniform float amp; // = loud\n")),
        ("default vec with 9 parts", transition("return vec4(v, 0.0, 1.0);", uniforms: "uniform vec2 v; // = vec2(1,2,3,4,5,6,7,8,9)\n")),
        ("uniform array of 100000000", transition("return vec4(a[0]);", uniforms: "uniform float a[100000000];\n")),
        ("nesting 400 parentheses", transition("return vec4(" + String(repeating: "(", count: 400) + "1.0" + String(repeating: ")", count: 400) + ");")),
        ("#include", "#include \"other.glsl\"\n" + transition("return vec4(1.0);")),
        ("#version 100", "#version 100\n" + transition("return vec4(1.0);")),
        ("line of 200000 characters", transition("return vec4(1.0);") + "// " + String(repeating: "x", count: 200_000) + "\n"),
        ("invalid UTF-8", header + "// \u{00}\u{FF}\n" + transition("return vec4(1.0);")),
    ]

    static var validations: [HostileCase] {
        sources.map { name, text in
            HostileCase(category: "shader validate", name: name, arguments: ["validate", "bad.glsl"],
                        setup: { try $0.write("bad.glsl", text) },
                        expectation: .reported(codes: [65], naming: "bad.glsl"))
        } + [HostileCase(category: "shader validate", name: "never finishes",
                         arguments: ["validate", "--time-limit", "0.5", "loop.glsl"],
                         setup: { try $0.write("loop.glsl", runaway) },
                         expectation: .refused(codes: [124], naming: "loop.glsl"), timeLimit: 60)]
    }

    static var renders: [HostileCase] {
        sources.prefix(8).map { name, text in
            HostileCase(category: "shader render", name: name,
                        arguments: ["render", "bad.glsl", "--size", "16x16", "--fps", "4", "--format", "raw", "-o", "out.rgba"],
                        setup: { try $0.write("bad.glsl", text) },
                        expectation: .refused(codes: [65], naming: "bad.glsl"))
        } + [HostileCase(category: "shader render", name: "never finishes",
                         arguments: ["render", "loop.glsl", "--size", "64x64", "--fps", "4", "--time-limit", "0.5", "--format", "raw", "-o", "out.rgba"],
                         setup: { try $0.write("loop.glsl", runaway) },
                         expectation: .refused(codes: [124], naming: "loop.glsl"), timeLimit: 60)]
    }
}
