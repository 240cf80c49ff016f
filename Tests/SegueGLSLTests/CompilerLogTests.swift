import SegueCore
import SegueGLSL
import Testing

/// Compiler logs placed back in the author's file: Mesa's and NVIDIA's line formats, errors
/// first, one problem per log line.
@Suite struct CompilerLogTests {
    static let source = "uniform float a;\nvec4 transition(vec2 uv) {\n    return   vec4(nope);\n}\n"

    @Test func mesaLinesArePlacedWithFileColumns() {
        // Mesa counts columns after folding blank runs: column 14 of " return vec4(nope);" is
        // "nope", at byte column 19 of the file's "    return   vec4(nope);".
        let log = "0:3(1): warning: something minor\n0:3(14): error: `nope' undeclared\n"
        let error = CompilerLog.error(log, kind: .invalidInput, path: "s.glsl", source: Self.source)
        #expect(error.kind == .invalidInput && error.code == "invalid-input")
        #expect(error.path == "s.glsl" && error.line == 3 && error.column == 19 && error.detail == "error: `nope' undeclared")
        #expect(error.related.count == 1 && error.related[0].detail == "warning: something minor")
        #expect(error.message == "s.glsl:3:19: error: `nope' undeclared | s.glsl:3:1: warning: something minor")
    }

    @Test func nvidiaLinesHaveNoColumn() {
        let error = CompilerLog.error("0(2) : error C0000: syntax error", kind: .invalidInput, path: "s.glsl", source: Self.source)
        #expect(error.line == 2 && error.column == nil)
        #expect(error.message == "s.glsl:2: error C0000: syntax error")
    }

    @Test func linesWithoutAPlaceAreKept() {
        let error = CompilerLog.error("link failed", kind: .internalError, path: "s.glsl", source: "")
        #expect(error.path == nil && error.message == "link failed" && error.exitCode == 70)
    }
}
