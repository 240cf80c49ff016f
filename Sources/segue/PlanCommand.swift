import ArgumentParser
import SegueCore
import SeguePipeline

struct PlanCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plan",
        abstract: "Print the FramePlan of one frame: the draw commands, layer geometry and uniforms a renderer receives.")

    @Argument(help: "Effect name or a shader file (.glsl).") var effect: String
    @Option(help: "Time fraction 0…1, linear in time, before the timing curve.") var at: Double
    @OptionGroup var options: TransitionOptions
    @Flag(help: "Print JSON.") var json = false

    func run() throws {
        try reportingErrors { () throws(SegueError) in
            try Limits.fraction.check(at, option: "--at")
            let transition = try options.prepare(effect: effect)
            let plan = transition.plan(fraction: at)
            printText(json ? jsonString(plan) : Self.describe(plan, scale: transition.scale, inferred: options.scaleIsAuto))
        }
    }

    /// The plan in text; the first line names the frame and the scale parameters in points
    /// were converted at (`auto` when inferred from the snapshot).
    static func describe(_ plan: FramePlan, scale: Double, inferred: Bool) -> String {
        let scaleNote = "scale=\(readable(scale))" + (inferred ? " (auto)" : "")
        var lines = ["frame \(plan.size) t=\(readable(plan.time)) s progress=\(readable(plan.progress)) \(scaleNote)"]
        for (i, command) in plan.commands.enumerated() {
            switch command {
            case .clear(let c):
                lines.append("\(i). clear \(c)")
            case .fill(let f):
                lines.append("\(i). fill \(f.shape) \(f.color) blend=\(f.blend.rawValue)")
            case .layer(let l):
                lines.append("\(i). layer \(describe(l))")
            case .pair(let p):
                lines.append("\(i). pair \(p.name)")
                lines.append("     + \(describe(p.first))")
                lines.append("     + \(describe(p.second))")
            case .reveal(let r):
                let shape: String
                switch r.shape {
                case .circle(let c, let radius, let feather): shape = "circle \(c) radius \(readable(radius)) feather \(readable(feather))"
                case .roundedRect(let rect, let radii): shape = radii.isZero ? "rect \(rect)" : "rect \(rect) corners \(radii)"
                }
                lines.append("\(i). reveal \(r.inside) inside \(shape) over \(r.outside)")
            case .lumaWipe(let w):
                lines.append("\(i). lumaWipe \(w.from) -> \(w.to) mask=\(w.mask) progress=\(readable(w.progress)) softness=\(readable(w.softness))")
            case .shader(let call):
                lines.append("\(i). shader \(call.program)")
                for (name, value) in call.uniforms.sorted(by: { $0.key < $1.key }) { lines.append("     uniform \(name) = \(value)") }
                for (name, image) in call.inputs.sorted(by: { $0.key < $1.key }) { lines.append("     input \(name) = \(image)") }
            case .xfade(let x):
                lines.append("\(i). xfade \(x.transition.rawValue) \(x.from) -> \(x.to) progress=\(readable(x.progress))")
            case .xfadeExpression(let x):
                lines.append("\(i). xfade custom \(x.from) -> \(x.to) progress=\(readable(x.progress)) expr=\(x.expression)")
            case .smpteWipe(let w):
                let name = SMPTETransition(number: w.code)?.name ?? "unknown"
                lines.append("\(i). smpteWipe \(w.code) \(name) \(w.from) -> \(w.to) position=\(readable(w.position)) border=\(w.border) invert=\(w.invert)")
            case .blur(let b):
                lines.append("\(i). blur \(b.input) -> \(b.output) sigma=\(readable(b.sigma)) saturation=\(readable(b.saturation))")
            case .sprites(let f):
                let (columns, rows) = f.grid
                var s = "\(i). sprites \(f.source) \(columns)x\(rows) tile=\(f.tile) px seed=\(f.seed) t=\(f.time) s"
                s += " v=[\(f.velocityMin), \(f.velocityMax)) push=\(f.push) a=\(f.acceleration)"
                lines.append(s)
            }
        }
        return lines.joined(separator: "\n")
    }

    private static func describe(_ l: Layer) -> String {
        var s = "\(l.source) frame=\(l.frame) opacity=\(readable(l.opacity)) blend=\(l.blend.rawValue)"
        if let r = l.sourceRect { s += " sourceRect=\(r)" }
        if !l.cornerRadii.isZero { s += " corners=\(l.cornerRadii)" }
        if let sh = l.shadow { s += " shadow(\(sh.color), sigma \(readable(sh.sigma)), offset \(sh.offset))" }
        return s
    }
}
