import SegueCore
import SegueEffects

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
