import ArgumentParser
import Foundation
import SegueCore
import SegueIO
import SeguePipeline

struct SequenceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sequence",
        abstract: "Render a storyboard of video clips and stills with a transition at every cut, and their sound (docs/TIMELINES.md).")

    @Argument(help: "The sequence spec (JSON or JSON5).") var spec: String
    @Option(name: .shortAndLong, help: "Output file, folder (png), device or FIFO, or - for stdout. Default: out/SPEC.mp4.") var output: String?
    @Option(help: help("format")) var format: String?
    @Option(help: "Also write the sound to this WAV file (for png, raw and y4m outputs, which carry none).") var audio: String?
    @Flag(help: "Print where every clip and transition falls, and the total, without rendering.") var dryRun = false
    @Flag(help: "With --dry-run: print JSON.") var json = false
    @OptionGroup var rendering: RendererOptions
    @OptionGroup var outputOptions: OutputOptions
    @OptionGroup var encoder: EncoderOptions

    func run() throws {
        try reportingErrors { () throws(SegueError) in
            if json && !dryRun { throw .usage("--json: only with --dry-run") }
            let spec = try SequenceSpec.load(path: spec, catalog: try rendering.shaders.catalog())
            let destination = output ?? "out/\(PreparedSequence.name(ofSpec: spec.file)).mp4"
            let settings = try outputOptions.settings(format: format, encoder: encoder)
            let chosen = if let format = settings.format { format } else { try OutputFormat.inferred(from: destination) }
            if let (option, problem) = settings.encoder.problem(for: chosen.rawValue, container: chosen.videoContainer) {
                throw .usage("--\(option): \(problem)")
            }
            let written = OutputSpec(format: chosen, path: destination, pngCompression: settings.pngCompression ?? .fast, encoder: settings.encoder)
            if !dryRun {
                try OutputConflicts.check(inputs: try spec.inputFiles(),
                                          outputs: [written.named("-o")] + (audio.map { [NamedPath("--audio", $0)] } ?? []))
            }
            let sequence = try PreparedSequence(spec)
            if !outputOptions.quiet { for note in PreparedJob.clips(sequence).notes { printError("segue: \(spec.file): \(note)") } }
            if dryRun { return try printPlacements(sequence.placements) }
            if let audio { try checkWAVFileName(audio) }
            try renderSequence(sequence, rendering: rendering, output: written, outputOptions: outputOptions, audioFile: audio)
        }
    }

    private func printPlacements(_ p: SequencePlacements) throws(SegueError) {
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            guard let data = try? encoder.encode(p) else { throw SegueError(.internalError, "placements encoding failed") }
            return print(String(decoding: data, as: UTF8.self))
        }
        var lines = ["\(p.size) at \(readable(p.fps)) fps: \(p.frames) frames, \(readable(p.duration)) s\(p.audio ? ", with sound" : "")"]
        for clip in p.clips {
            lines.append("clip \(clip.index)        \(readable(clip.start))–\(readable(clip.end)) s (\(clip.frames) frames)  \(clip.file ?? "")")
        }
        for cut in p.transitions {
            lines.append("transition \(cut.index)  \(readable(cut.start))–\(readable(cut.end)) s (\(cut.frames) frames)  \(cut.effect ?? "")")
        }
        printText(lines.joined(separator: "\n"))
    }
}
