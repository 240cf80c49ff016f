import ArgumentParser
import SegueCore
import SegueEffects
import SeguePipeline

struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List the effects and their parameters.")

    @Flag(help: "Print JSON.") var json = false
    @OptionGroup var shaders: ShaderOptions

    struct Row: Encodable {
        var name: String
        /// The draw commands its plans use (found by planning it).
        var commands: [String]
        var summary: String
        var backends: [String]
        var duration: Double
        var timing: String
        var parameters: [Parameter]
    }
    struct Parameter: Encodable {
        var name: String
        var type: String
        var `default`: String
        var summary: String
    }

    func run() throws {
        try reportingErrors { () throws(SegueError) in try list() }
    }

    /// Built-ins and the shader folder's files (user shaders are GL-only: they need a GLSL
    /// compiler); files that fail to load are reported on stderr and listed without them.
    private func list() throws(SegueError) {
        let (effects, problems) = try shaders.catalog().listing()
        for problem in problems { printError("segue: \(problem.message)") }
        var rows: [Row] = []
        for e in effects.map(\.entry) {
            let drawing = try e.drawing()
            rows.append(Row(name: e.name, commands: drawing.commands, summary: e.descriptor.summary,
                backends: drawing.needsGL ? ["gl"] : ["gl", "software"],
                duration: e.descriptor.defaultDuration, timing: e.descriptor.defaultTiming.description,
                parameters: e.descriptor.parameters.map {
                    Parameter(name: $0.name, type: Self.typeName($0.kind), default: $0.defaultValue.description, summary: $0.summary)
                }))
        }
        if json {
            print(jsonString(rows))
            return
        }
        for row in rows {
            let backends = row.backends == ["gl"] ? "GL only" : row.backends.joined(separator: ", ")
            print("\(row.name)  [\(row.commands.joined(separator: ", ")); \(backends); \(row.duration) s \(row.timing)]")
            print("    \(row.summary)")
            for p in row.parameters {
                print("    --param \(p.name)=\(p.default)  (\(p.type)) \(p.summary)")
            }
        }
        if rows.contains(where: { $0.backends == ["gl"] }) {
            print("GL only: user shaders need a GLSL compiler; the software renderer draws built-in effects only.")
        }
    }

    static func typeName(_ kind: ParameterKind) -> String {
        switch kind {
        case .number(let lo, let hi): return "number \(lo)…\(hi)"
        case .choice(let options): return options.joined(separator: "|")
        case .point: return "point x,y"
        case .color: return "color"
        case .rect: return "rect x,y,w,h"
        case .uniform(let type): return type == "sampler2D" ? "sampler2D image file" : type
        case .image: return "image file"
        }
    }
}
