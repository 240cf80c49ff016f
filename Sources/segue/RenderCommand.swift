import ArgumentParser
import SegueCore
import SegueIO
import SeguePipeline

struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render a transition: a PNG sequence DIR/000000.png, 000001.png, …, or raw, y4m, mp4, webm, gif, contact (docs/BATCH.md).")

    @Argument(help: "Effect name (see `segue list`) or a shader file (.glsl).") var effect: String
    @OptionGroup var options: TransitionOptions
    @Option(name: .shortAndLong, help: "Output folder (png), file, or - for stdout (raw, y4m). Default: out/EFFECT[.EXT].") var output: String?
    @Option(help: "Output format. Default: from the output's extension, else png.")
    var format: OutputFormat?
    @OptionGroup var outputOptions: OutputOptions
    @Option(help: "Also write a contact sheet (a grid of frames) to this PNG file.") var contactSheet: String?
    @Option(help: "Frames on the contact sheet (at most 12).") var sheetFrames = ContactSheetSink.maxThumbnails
    @Option(help: "Contact sheet columns.") var sheetColumns = 4
    @Option(help: "Contact sheet thumbnail width in pixels.") var sheetWidth = 240

    func run() throws {
        try reportingErrors { () throws(SegueError) in
            let transition = try PreparedTransition(try options.request(effect: effect))
            // Default: out/EFFECT (a PNG folder), or out/EFFECT.mp4 etc. for a file format.
            let chosen = format ?? OutputFormat.inferred(from: output ?? "out")
            let destination = output ?? "out/\(transition.descriptor.name)" + (chosen.isFrameSplittable ? "" : ".\(chosen.fileExtension)")
            let session = try options.session()
            session.outputDirectories = [chosen.isFrameSplittable ? destination : parentDirectory(destination)]
                + (contactSheet.map { [parentDirectory($0)] } ?? [])
            let renderer = try session.renderer(for: transition)
            let spec = OutputSpec(format: chosen, path: destination, pngCompression: outputOptions.pngCompression)
            var extra: [any FrameSink] = []
            if let contactSheet {
                extra.append(ContactSheetSink(path: contactSheet, frameCount: transition.frameCount, thumbnails: sheetFrames,
                                              columns: sheetColumns, thumbnailWidth: sheetWidth))
            }
            let progress = ProgressReporter.forStderr(quiet: outputOptions.quiet, label: transition.descriptor.name)
            let outcome: JobOutcome
            do throws(SegueError) {
                outcome = try RenderJob.run(transition, renderer: renderer, output: spec, selection: try outputOptions.selection(),
                                            resume: outputOptions.resume, extraSinks: extra, version: Segue.version,
                                            progress: progress.update)
            } catch {
                progress.finish()
                throw error
            }
            progress.finish()
            if !outputOptions.quiet {
                printError(summary(transition, frames: outcome.frames, seconds: outcome.seconds, skippedFrames: outcome.skipped, renderer: renderer.backendName, destination: destination == "-" ? "stdout" : destination))
            }
        }
    }
}

/// The folder holding `path` ("." for a bare file name).
func parentDirectory(_ path: String) -> String {
    let parent = parentDirectory(of: path)
    return parent.isEmpty ? "." : parent
}

func summary(_ t: PreparedTransition, frames: Int, seconds: Double, skippedFrames: Int = 0, renderer: String, destination: String) -> String {
    let fps = seconds > 0 ? Double(frames) / seconds : 0
    let skipped = skippedFrames > 0 ? ", \(skippedFrames) complete frames skipped" : ""
    return "\(t.descriptor.name): \(frames) frames \(t.size) on \(renderer) in \(String(format: "%.2f", seconds)) s "
        + "(\(String(format: "%.1f", fps)) fps\(skipped)) → \(destination)"
}

struct StillCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "still", abstract: "Render one frame at a progress to a PNG file.")

    @Argument(help: "Effect name or a shader file (.glsl).") var effect: String
    @Option(help: "Time fraction 0…1, linear in time, before the timing curve (0 = from, 1 = to).") var at: Double
    @OptionGroup var options: TransitionOptions
    @Option(name: .shortAndLong, help: "Output PNG file.") var output: String
    @Option(help: "PNG compression.") var pngCompression: PNGCompression = .default

    func run() throws {
        try reportingErrors { () throws(SegueError) in
            guard at.isFinite, (0...1).contains(at) else { throw .usage("--at \(at): progress must be in [0, 1]") }
            let transition = try PreparedTransition(try options.request(effect: effect))
            let session = try options.session()
            session.outputDirectories = [parentDirectory(output)]
            let renderer = try session.renderer(for: transition)
            var frame = PixelBuffer(size: transition.size)
            try renderer.render(transition.plan(fraction: at), images: transition.images, into: &frame)
            try PNGCodec.write(frame, to: output, compression: pngCompression)
        }
    }
}
