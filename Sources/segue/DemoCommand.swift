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

    func run() throws {
        let options = try TransitionOptions.parse(["--backend", backend.rawValue, "--fps=\(fps)"])
        try reportingErrors { () throws(SegueError) in
            let session = try options.session()
            for entry in EffectTable.all where xfade || !entry.name.hasPrefix(EffectTable.xfadePrefix) {
                let transition = try PreparedTransition(try options.request(effect: entry.name))
                let renderer = try session.renderer(for: transition)
                // xfade:NAME → xfade-NAME: no colon in file names.
                let name = entry.name.replacingOccurrences(of: ":", with: "-")
                let directory = "\(output)/\(name)"
                let sheet = "\(output)/\(name)-sheet.png"
                let sinks: [any FrameSink] = [
                    try PNGSequenceSink(directory: directory, compression: .fast, colorSpace: transition.colorSpace),
                    ContactSheetSink(path: sheet, frameCount: transition.frameCount, colorSpace: transition.colorSpace),
                ]
                let stats = try FrameLoop.run(transition, renderer: renderer, sinks: sinks)
                printError(summary(transition, frames: stats.frames, seconds: stats.seconds, renderer: renderer.backendName, destination: "\(directory), \(sheet)"))
            }
        }
    }
}
