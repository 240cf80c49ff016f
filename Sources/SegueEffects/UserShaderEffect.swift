import SegueCore
import SegueGLSL

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

extension UserShader {
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
            guard let base else { throw SegueError(.invalidInput, "`// segue: effect \(effect)` names no built-in effect", path: path) }
            let baseNames = Set(base.descriptor.parameters.map(\.name))
            if let clash = own.first(where: { baseNames.contains($0.name) }) {
                throw SegueError(.invalidInput, "uniform '\(clash.name)' has the name of a parameter of \(effect)", path: path)
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

extension ShaderParameter {
    /// As a row of the effect table: sampler2D values are image paths ("" = the built-in texture).
    public var spec: ParameterSpec {
        let value: ParameterValue = type == "sampler2D" ? .string("") : .uniform(defaultUniform)
        let summary = type == "sampler2D" ? "image file (default: built-in luma spiral)" : "shader uniform"
        return ParameterSpec(name, .uniform(type), default: value, summary)
    }
}
