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
        // ffmpeg's xfade transitions are one family: one entry listing their names.
        let xfade = rows.filter { $0.name.hasPrefix(EffectTable.xfadePrefix) }
        let smpte = rows.filter { $0.name.hasPrefix(EffectTable.smptePrefix) }
        for row in rows where !row.name.hasPrefix(EffectTable.xfadePrefix) && !row.name.hasPrefix(EffectTable.smptePrefix) { printRow(row) }
        if let first = xfade.first {
            printText("\(EffectTable.xfadePrefix)NAME  [\(first.commands.joined(separator: ", ")); \(first.backends.joined(separator: ", ")); \(first.duration) s \(first.timing)]")
            printText("    ffmpeg's xfade transitions, frame-equal to ffmpeg with linear timing (docs/XFADE.md); plain NAME works where no built-in has that name:")
            printText("    " + xfade.map { String($0.name.dropFirst(EffectTable.xfadePrefix.count)) }.joined(separator: " "))
            for row in xfade {
                for p in row.parameters { printText("    \(row.name) --param \(p.name)=\(p.default)  (\(p.type)) \(p.summary)") }
            }
        }
        // GStreamer's SMPTE wipes likewise: their names and numbers, and their two parameters once.
        if let first = smpte.first {
            printText("\(EffectTable.smptePrefix)NAME or \(EffectTable.smptePrefix)NUMBER  [\(first.commands.joined(separator: ", ")); \(first.backends.joined(separator: ", ")); \(first.duration) s \(first.timing)]")
            printText("    GStreamer's SMPTE 258M wipes, frame-equal to its smptealpha at the same position (docs/SMPTE.md):")
            printText("    " + SMPTETransition.all.map { "\($0.number)=\($0.name)" }.joined(separator: " "))
            for p in first.parameters { printText("    --param \(p.name)=\(p.default)  (\(p.type)) \(p.summary)") }
        }
        if rows.contains(where: { $0.backends == ["gl"] }) {
            printText("GL only: user shaders need a GLSL compiler; the software renderer draws built-in effects only.")
        }
    }

    private func printRow(_ row: EffectListing.Row) {
        let backends = row.backends == ["gl"] ? "GL only" : row.backends.joined(separator: ", ")
        printText("\(row.name)  [\(row.commands.joined(separator: ", ")); \(backends); \(row.duration) s \(row.timing)]")
        printText("    \(row.summary)")
        for p in row.parameters {
            printText("    --param \(p.name)=\(p.default)  (\(p.type)) \(p.summary)")
        }
    }
}
