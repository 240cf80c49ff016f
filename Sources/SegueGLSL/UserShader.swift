import SegueCore

/// A shader file an author brings (docs/SHADERS.md): a GL Transitions shader
/// (`vec4 transition(vec2 uv)`), or a Segue-native program that reuses a built-in effect's
/// plan, declared by a line comment `// segue: effect NAME [program PROGRAM]`.
public struct UserShader: Sendable {
    public enum Format: Sendable, Hashable {
        case glTransition
        /// Every `shader` command of built-in effect `effect` whose program is `program` runs
        /// this file instead.
        case native(effect: String, program: String)
    }

    /// The effect name: the file name without its extension.
    public let name: String
    /// The path as given, for messages (`path:line:col: error: …`).
    public let path: String
    public let source: GLSLSource
    public let format: Format
    public let parameters: [ShaderParameter]
    /// Static findings: parameter defaults, signature, reserved names, metadata.
    public let diagnostics: [ShaderDiagnostic]
    public let author: String?
    public let license: String?

    /// Names the GL Transitions wrapper declares; an author must not declare them at file scope.
    public static let reservedNames: Set<String> = ["main", "getFromColor", "getToColor", "progress", "ratio", "from", "to", "uv"]
    public static let acceptedLicenses: Set<String> = [
        "MIT", "EPL-1.0", "CDDL-1.0", "MPL-2.0", "LGPL", "GPLv2", "GPLv3", "Apache-2.0", "BSD 2 Clause", "BSD 3 Clause",
    ]

    /// The `shader` command program that runs this file; unique per path.
    public var programName: String { "user:" + path }

    /// The image a `sampler2D` parameter is bound to in the frame's `ImageSet`.
    public static func imageRef(forParameter name: String) -> ImageRef { .named("param:" + name) }

    public init(name: String, path: String, text: String) {
        self.name = name
        self.path = path
        let source = GLSLSource(text)
        self.source = source
        var format = Format.glTransition
        var author: String?, license: String?
        for token in source.tokens where token.kind == .lineComment {
            let body = Substring(token.commentBody).trimmingBlanks
            // `// Author: …`, `// license: …`: the key is matched without case, as gl-transition-utils does.
            if let colon = body.firstIndex(of: ":") {
                let key = body[..<colon].trimmingBlanks.lowercased()
                let value = String(body[body.index(after: colon)...].trimmingBlanks)
                if author == nil, key == "author" { author = value }
                if license == nil, key == "license" { license = value }
            }
            if case .glTransition = format, body.hasPrefix("segue:") {
                let words = body.dropFirst(6).split(separator: " ").map(String.init)
                if words.count >= 2, words[0] == "effect" {
                    let program = words.count >= 4 && words[2] == "program" ? words[3] : words[1]
                    format = .native(effect: words[1], program: program)
                }
            }
        }
        self.format = format
        self.author = author
        self.license = license
        var diagnostics: [ShaderDiagnostic] = []
        switch format {
        case .glTransition:
            let (parameters, notes) = ShaderParameter.parse(source, engineNames: ["progress", "ratio", "from", "to", "_fromR", "_toR"])
            self.parameters = parameters
            diagnostics = notes
            diagnostics += UserShader.transitionChecks(source, author: author, license: license)
            let allowed = name.utf8.allSatisfy { c in (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c == 45 || c == 95 }
            if !allowed || name.isEmpty || name.utf8.count > 40 || name == "new" {
                diagnostics.append(ShaderDiagnostic(.warning, "file-name",
                    "GL Transitions names are 1-40 characters of [a-zA-Z0-9-_] (not 'new'); '\(name)' is not", line: 1, column: 1))
            }
        case .native:
            // Uniforms without a `// = value` comment (and samplers) are the engine's to set.
            let (parameters, notes) = ShaderParameter.parse(source, engineNames: [])
            self.parameters = parameters.filter(\.hasDefault)
            diagnostics = notes.filter { $0.code != "no-default" }
        }
        self.diagnostics = diagnostics
    }

    static func transitionChecks(_ source: GLSLSource, author: String?, license: String?) -> [ShaderDiagnostic] {
        var notes: [ShaderDiagnostic] = []
        let transitions = source.functions.filter { $0.name.text == "transition" && $0.hasBody }
        if transitions.isEmpty {
            notes.append(ShaderDiagnostic(.error, "no-transition", "no `vec4 transition(vec2 uv)` function", line: 1, column: 1))
        }
        for f in transitions where f.returnType != "vec4" || f.parameterTypes != ["vec2"] {
            notes.append(ShaderDiagnostic(.error, "transition-signature",
                "transition must be `vec4 transition(vec2 uv)`, found \(f.returnType) transition(\(f.parameterTypes.joined(separator: ", ")))",
                line: f.name.line, column: f.name.column))
        }
        let globals = source.functions.map(\.name) + source.declarations.flatMap { $0.declarators.map(\.name) }
        for name in globals {
            if reservedNames.contains(name.text) {
                notes.append(ShaderDiagnostic(.error, "reserved-name", "'\(name.text)' is provided by the runtime; do not declare it",
                                              line: name.line, column: name.column))
            } else if name.text.hasPrefix("_") {
                notes.append(ShaderDiagnostic(.warning, "reserved-name", "names starting with '_' are reserved for the runtime ('\(name.text)')",
                                              line: name.line, column: name.column))
            }
        }
        // The runtime chooses how from/to are sampled (resize mode, orientation); direct reads bypass it.
        let code = source.tokens.filter { !$0.isComment && $0.kind != .directive }
        for i in code.indices.dropLast(2) where ["texture2D", "texture"].contains(code[i].text) && code[i + 1].text == "("
            && ["from", "to"].contains(code[i + 2].text) {
            notes.append(ShaderDiagnostic(.warning, "direct-sampling", "sample '\(code[i + 2].text)' with getFromColor/getToColor, not \(code[i].text)",
                                          line: code[i].line, column: code[i].column))
        }
        if author == nil { notes.append(ShaderDiagnostic(.warning, "no-author", "no `// Author:` comment", line: 1, column: 1)) }
        if let license {
            if !acceptedLicenses.contains(license) {
                notes.append(ShaderDiagnostic(.warning, "unknown-license", "license '\(license)' is not one GL Transitions accepts", line: 1, column: 1))
            }
        } else {
            notes.append(ShaderDiagnostic(.warning, "no-license", "no `// License:` comment", line: 1, column: 1))
        }
        return notes
    }

    /// Errors that stop the file from loading: the first, with the others as `related`.
    public func loadErrors() -> SegueError? {
        let errors = diagnostics.filter { $0.level == .error }.map { $0.error(in: path) }
        guard var first = errors.first else { return nil }
        first.related = Array(errors.dropFirst())
        return first
    }

}
