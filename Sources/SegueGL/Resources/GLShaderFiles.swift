import Foundation
import SegueCore
import SegueShaders

/// Where `shader` commands find programs that are not registered user shader files, by
/// `ShaderCall.program` (an author's `--shader-dir` folder; tests supply their own).
public protocol GLProgramSource {
    /// The GLSL ES 3.00 fragment source of `program` (a `#version` line is optional), or nil
    /// when the program is unknown. It sees `v_uv` (canvas position / size, top-left origin),
    /// `gl_FragCoord.xy` (canvas pixel centre, y down), `uniform vec2 u_canvasSize`, and the
    /// shapes.glsl helpers; it writes premultiplied colour to its `out vec4`.
    func fragmentSource(forProgram program: String) -> String?
}

/// The shader files: `<directory>/<name>` when an author's override directory has it, else the
/// source embedded from Shaders/GLSL. As a `GLProgramSource`, program `x` is the file `x.frag`
/// of the override directory; the renderer's own stages (`ShaderFile`) are not callable.
public struct GLShaderFiles: GLProgramSource {
    public let directory: String?

    public init(directory: String? = nil) { self.directory = directory }

    /// A built-in stage: the override directory's copy, else the embedded one.
    public func source(of file: ShaderFile) -> String {
        overriding(file.rawValue) ?? file.embeddedSource
    }

    public func fragmentSource(forProgram program: String) -> String? {
        let name = program + ".frag"
        guard !program.contains("/"), ShaderFile(rawValue: name) == nil else { return nil }
        return overriding(name)
    }

    private func overriding(_ name: String) -> String? {
        guard let directory else { return nil }
        let path = (directory as NSString).appendingPathComponent(name)
        guard let bytes = try? InputFile.contents(path, maxBytes: InputFile.maxTextBytes) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// A shader stage ready for glShaderSource: the common prelude (`#version`, precision, and
/// shapes.glsl for fragment stages) ahead of the file's body. GLSL has no #include, so the
/// body starts with `#line 1`: compile errors report the file's own line numbers.
struct GLSLStage {
    let name: String
    let text: String
    /// Lines ahead of the body in `text` (the body's line 1 is line `preludeLines + 1`).
    let preludeLines: Int
    /// An author's file: compile logs are rewritten as `path:line:col: error: …`.
    let sourcePath: String?
    /// The author's file as written, to map compiler columns back to it.
    let authorText: String?

    /// `defines` become `#define NAME 1` lines, for variants of one file; `header` goes after
    /// the prelude and `trailer` after the body (a user shader's wrapper).
    init(name: String, body: String, shapes: String?, defines: [String] = [], header: String = "", trailer: String = "",
         sourcePath: String? = nil, authorText: String? = nil) {
        var prelude = "#version 300 es\nprecision highp float;\nprecision highp int;\n"
        for define in defines { prelude += "#define \(define) 1\n" }
        if let shapes { prelude += shapes + "\n" }
        prelude += header
        prelude += "#line 1\n"
        self.name = name
        self.sourcePath = sourcePath
        self.authorText = authorText
        self.preludeLines = prelude.reduce(0) { $1 == "\n" ? $0 + 1 : $0 }
        self.text = prelude + GLSLStage.removingVersionLine(body) + trailer
    }

    /// Authors may keep `#version 300 es` in their files; the prelude already has it, and it
    /// must be the first line. Blanked rather than removed so line numbers stay true.
    static func removingVersionLine(_ body: String) -> String {
        var lines = body.split(separator: "\n", omittingEmptySubsequences: false)
        if let index = lines.firstIndex(where: { !$0.allSatisfy(\.isWhitespace) }),
           lines[index].drop(while: \.isWhitespace).hasPrefix("#version") {
            lines[index] = ""
        }
        return lines.joined(separator: "\n")
    }
}
