import Foundation
import ArgumentParser
import SegueCore
import SegueEffects
import SegueIO
import SeguePipeline

struct DemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Render every built-in effect between the built-in sample screens, with a contact sheet each.")

    @Option(name: .shortAndLong, help: "Output folder.") var output: String = "out"
    @Option(help: "Frames per second.") var fps: Double = 30
    @Option(help: "Renderer.") var backend: BackendChoice = .auto
    @Flag(help: "Also render ffmpeg's xfade transitions (xfade:NAME, docs/XFADE.md), left out by default to keep the demo short.")
    var xfade = false
    @Flag(help: "Also render GStreamer's SMPTE wipes (smpte:NAME, docs/SMPTE.md), left out by default to keep the demo short.")
    var smpte = false

    func run() throws {
        let options = try TransitionOptions.parse(["--backend", backend.rawValue, "--fps=\(Allowed<Double>.format(fps))"])
        try reportingErrors { () throws(SegueError) in
            let session = try options.session()
            for entry in EffectTable.all where (xfade || !entry.name.hasPrefix(EffectTable.xfadePrefix))
                && (smpte || !entry.name.hasPrefix(EffectTable.smptePrefix)) {
                // xfade:NAME → xfade-NAME: no colon in file names.
                let name = entry.name.replacingOccurrences(of: ":", with: "-")
                let job = try Job(try options.job(effect: entry.name), output: "\(output)/\(name)", contactSheet: "\(output)/\(name)-sheet.png")
                let prepared = try job.prepare()
                let renderer = try job.renderer(for: prepared, in: session)
                let outcome = try job.run(prepared, renderer: renderer, version: Segue.version)
                printError(summary(prepared, outcome, output: job.output, alsoWritten: job.contactSheet, renderer: renderer.backendName))
            }
        }
    }
}
