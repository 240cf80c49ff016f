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
            let body = Substring(token.commentBody).trimmingSpaces
            // `// Author: …`, `// license: …`: the key is matched without case, as gl-transition-utils does.
            if let colon = body.firstIndex(of: ":") {
                let key = body[..<colon].trimmingSpaces.lowercased()
                let value = String(body[body.index(after: colon)...].trimmingSpaces)
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

    /// Errors that stop the file from loading, as one line.
    public func loadErrors() -> SegueError? {
        let errors = diagnostics.filter { $0.level == .error }
        guard !errors.isEmpty else { return nil }
        return .invalidInput(errors.map { $0.formatted(file: path) }.joined(separator: " | "))
    }

    /// The effect-table row of this file. A native file takes `base`'s plan, duration, timing
    /// and parameters, plus its own defaulted uniforms.
    public func entry(base: EffectEntry?) throws(SegueError) -> EffectEntry {
        if let error = loadErrors() { throw error }
        let own = parameters.map(\.spec)
        switch format {
        case .glTransition:
            let descriptor = EffectDescriptor(name: name, summary: "GL Transitions shader \(path)",
                                              parameters: own, defaultDuration: 1, defaultTiming: .linear)
            return EffectEntry(descriptor) { values throws(SegueError) in UserShaderEffect(shader: self, values: values, base: nil) }
        case .native(let effect, _):
            guard let base else { throw .invalidInput("\(path): `// segue: effect \(effect)` names no built-in effect") }
            let baseNames = Set(base.descriptor.parameters.map(\.name))
            if let clash = own.first(where: { baseNames.contains($0.name) }) {
                throw .invalidInput("\(path): uniform '\(clash.name)' has the name of a parameter of \(effect)")
            }
            var descriptor = base.descriptor
            descriptor.name = name
            descriptor.summary = "\(effect) with the shader \(path)"
            descriptor.parameters += own
            return EffectEntry(descriptor) { values throws(SegueError) in
                let baseValues = ParameterValues(values.values.filter { baseNames.contains($0.key) })
                return UserShaderEffect(shader: self, values: values, base: try base.make(baseValues))
            }
        }
    }
}

/// Plans a user shader: one `shader` command for a GL Transitions file (progress is the eased
/// progress, computed here on the CPU); for a native file, the base effect's plan with its
/// program's commands redirected to this file and the file's own parameters added.
public struct UserShaderEffect: Effect {
    public let shader: UserShader
    let values: ParameterValues
    let base: (any Effect)?

    private var parameterUniforms: [String: UniformValue] {
        var uniforms: [String: UniformValue] = [:]
        for p in shader.parameters where p.type != "sampler2D" {
            if case .uniform(let v)? = values[p.name] { uniforms[p.name] = v } else { uniforms[p.name] = p.defaultUniform }
        }
        return uniforms
    }

    public func plan(_ frame: FrameContext) -> FramePlan {
        // A native file always has its base effect (`UserShader.entry(base:)` requires one).
        if case .native(_, let program) = shader.format, let base {
            var plan = base.plan(frame)
            let own = parameterUniforms
            let replaced = CanvasProgram(named: program)
            plan.commands = plan.commands.map { command in
                // A command a built-in canvas program draws runs this file with that program's
                // uniforms and inputs; a test effect's own `shader` command is redirected.
                if let interface = command.programInterface, interface.program == replaced {
                    let call = ShaderCall(program: shader.programName, uniforms: interface.uniforms, inputs: interface.inputs)
                    return .shader(call.adding(own))
                }
                guard case .shader(var call) = command, call.program == program else { return command }
                call.program = shader.programName
                return .shader(call.adding(own))
            }
            return plan
        }
        let ratio = frame.width / frame.height
        var uniforms = parameterUniforms
        uniforms["progress"] = .float(frame.easedProgress)
        uniforms["ratio"] = .float(ratio)
        // Snapshots are fitted to the canvas (--fit) before the shader sees them.
        uniforms["_fromR"] = .float(ratio)
        uniforms["_toR"] = .float(ratio)
        var inputs: [String: ImageRef] = ["from": .from, "to": .to]
        for p in shader.parameters where p.type == "sampler2D" { inputs[p.name] = UserShader.imageRef(forParameter: p.name) }
        return FramePlan(size: frame.size, time: frame.time, progress: frame.easedProgress, commands: [
            .shader(ShaderCall(program: shader.programName, uniforms: uniforms, inputs: inputs)),
        ])
    }

    /// A GL Transitions shader draws its own end states (the spec's rule, which `validate`
    /// checks); a native one rests like its base effect.
    public func restingSnapshot(atEnd: Bool) -> ImageRef? { base?.restingSnapshot(atEnd: atEnd) }
}

private extension ShaderCall {
    /// The call with the file's own parameters added (they win over the effect's uniforms).
    func adding(_ uniforms: [String: UniformValue]) -> ShaderCall {
        var call = self
        call.uniforms.merge(uniforms) { _, mine in mine }
        return call
    }
}
