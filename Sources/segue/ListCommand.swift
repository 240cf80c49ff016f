import ArgumentParser
import SegueCore
import SegueEffects
import SeguePipeline

struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List the effects and their parameters.")

    @Flag(help: "Print JSON.") var json = false
    @OptionGroup var shaders: ShaderOptions

    func run() throws {
        try reportingErrors { () throws(SegueError) in try list() }
    }

    /// Built-ins and the shader folder's files (user shaders are GL-only: they need a GLSL
    /// compiler); files that fail to load are reported on stderr and listed without them.
    private func list() throws(SegueError) {
        let (effects, problems) = try shaders.catalog().listing()
        for problem in problems { printError("segue: \(problem.message)") }
        let rows = try EffectListing(effects).rows
        if json {
            print(EffectListing(rows: rows).json)
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
}
