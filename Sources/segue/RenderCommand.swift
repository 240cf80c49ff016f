import ArgumentParser
import SegueCore
import SegueIO
import SeguePipeline

struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render a transition: a PNG sequence DIR/000000.png, 000001.png, …, or raw, y4m, mp4, webm, gif, mov, apng, webp, contact (docs/BATCH.md).")

    @Argument(help: "Effect name (see `segue list`) or a shader file (.glsl).") var effect: String
    @OptionGroup var options: TransitionOptions
    @Option(name: .shortAndLong, help: "Output folder (png), file, device or FIFO, or - for stdout (every format but png). Default: out/EFFECT[.EXT].") var output: String?
    @Option(help: "Output format. Default: from the output's extension (none: png); an unknown one is refused.")
    var format: OutputFormat?
    @OptionGroup var outputOptions: OutputOptions
    @Option(help: "Also write a contact sheet (a grid of frames) to this PNG file (- for stdout).") var contactSheet: String?
    @Option(help: "Frames on the contact sheet (1…12; --contact-sheet or --format contact; default 12).") var sheetFrames: Int?
    @Option(help: "Contact sheet columns (1…12; default 4).") var sheetColumns: Int?
    @Option(help: "Contact sheet thumbnail width in pixels (16…4096; default 240).") var sheetWidth: Int?
    @OptionGroup var clips: ClipOptions

    func run() throws {
        try reportingErrors { () throws(SegueError) in
            let request = try options.request(effect: effect)
            // The effect, its parameters and the timing are settled first, so a bad option is the
            // same usage error (64) whether the sides are snapshots or clips.
            let settings = try TransitionSettings(request)
            // Default: out/EFFECT (a PNG folder), or out/EFFECT.mp4 etc. for a file format.
            let chosen = if let format { format } else { try OutputFormat.inferred(from: output ?? "out") }
            let destination = output ?? "out/\(settings.entry.name)" + (chosen.isFrameSplittable ? "" : ".\(chosen.fileExtension)")
            let spec = OutputSpec(format: chosen, path: destination, pngCompression: outputOptions.pngCompression)
            try OutputConflicts.check(inputs: try request.commandLineInputs(),
                                      outputs: [spec.named("-o")] + [("--contact-sheet", contactSheet), ("--audio", clips.audio)]
                                          .compactMap { name, path in path.map { NamedPath(name, $0) } })
            if let timeline = try clipTimeline(request) {
                return try renderClips(timeline, output: spec)
            }
            try renderTransition(request, output: spec)
        }
    }

    /// Renders a transition between two snapshots: the progress, the contact sheet, the summary.
    private func renderTransition(_ request: TransitionRequest, output: OutputSpec) throws(SegueError) {
        var output = output
        let sheet = try sheetLayout(format: output.format)
        if let contactSheet { try OutputFormat.checkPNGFileName(contactSheet, option: "--contact-sheet") }
        let selection = try outputOptions.selection()
        let transition = try options.prepare(request)
        if let sheet, let problem = ContactSheetSink.sizeProblem(frameSize: transition.size, frameCount: transition.frameCount,
                                                                 layout: sheet) {
            let named = contactSheet.map { "--contact-sheet \($0)" } ?? "--format contact"
            throw .usage("\(named): \(problem) (use a smaller --sheet-width)")
        }
        if contactSheet == "-" && output.path == "-" {
            throw .usage("--contact-sheet -: stdout already carries the frames (-o -)")
        }
        let session = try options.session()
        let renderer = try session.renderer(for: transition)
        output.sheet = sheet ?? ContactSheetSink.Layout()
        var extra: [any FrameSink] = []
        if let contactSheet, let sheet {
            extra.append(ContactSheetSink(path: contactSheet, frameCount: transition.frameCount, layout: sheet,
                                          colorSpace: transition.colorSpace))
        }
        let outcome = try ProgressReporter.forStderr(quiet: outputOptions.quiet, label: transition.descriptor.name).run {
            progress throws(SegueError) in
            try RenderJob.run(transition, renderer: renderer, output: output, selection: selection,
                              resume: outputOptions.resume, extraSinks: extra, version: Segue.version, progress: progress,
                              notice: { if !outputOptions.quiet { printError("segue: \($0)") } })
        }
        if !outputOptions.quiet {
            printError(summary(transition, frames: outcome.frames, seconds: outcome.seconds, skippedFrames: outcome.skipped, renderer: renderer.backendName, destination: output.path == "-" ? "stdout" : output.path))
        }
    }
}

extension RenderCommand {
    /// The contact sheet's layout when one is written (`--contact-sheet` or `--format contact`),
    /// each option checked; a sheet option without a sheet is refused rather than ignored.
    func sheetLayout(format: OutputFormat) throws(SegueError) -> ContactSheetSink.Layout? {
        let given = [("--sheet-frames", sheetFrames), ("--sheet-columns", sheetColumns), ("--sheet-width", sheetWidth)]
        guard contactSheet != nil || format == .contact else {
            if let (option, _) = given.first(where: { $0.1 != nil }) {
                throw .usage("\(option): needs --contact-sheet FILE or --format contact")
            }
            return nil
        }
        var layout = ContactSheetSink.Layout()
        if let sheetFrames { try Limits.sheetFrames.check(sheetFrames, option: "--sheet-frames"); layout.frames = sheetFrames }
        if let sheetColumns { try Limits.sheetColumns.check(sheetColumns, option: "--sheet-columns"); layout.columns = sheetColumns }
        if let sheetWidth { try Limits.sheetWidth.check(sheetWidth, option: "--sheet-width"); layout.thumbnailWidth = sheetWidth }
        return layout
    }
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
    @Option(name: .shortAndLong, help: "Output PNG file, device or FIFO, or - for stdout.") var output: String
    @Option(help: "PNG compression.") var pngCompression: PNGCompression = .default

    func run() throws {
        try reportingErrors { () throws(SegueError) in
            try Limits.fraction.check(at, option: "--at")
            try OutputFormat.checkPNGFileName(output, option: "-o")
            let request = try options.request(effect: effect)
            try OutputConflicts.check(inputs: try request.commandLineInputs(), outputs: [NamedPath("-o", output)])
            for case let (option, path?) in [("--from", options.from), ("--to", options.to)] where try MediaProbe.kind(path) == .video {
                throw .usage("\(option) \(path): a video clip; `still` draws one frame between snapshots (`render` takes clips)")
            }
            let transition = try options.prepare(request)
            let session = try options.session()
            let renderer = try session.renderer(for: transition)
            var frame = PixelBuffer(size: transition.size)
            try renderer.render(transition.plan(fraction: at), images: transition.images, into: &frame)
            try PNGCodec.write(frame, to: output, compression: pngCompression, colorSpace: transition.colorSpace)
        }
    }
}
