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
    @Option(help: help("format")) var format: String?
    @OptionGroup var outputOptions: OutputOptions
    @Option(help: "Also write a contact sheet (a grid of frames) to this PNG file (- for stdout).") var contactSheet: String?
    @Option(help: help("sheet-frames")) var sheetFrames: String?
    @Option(help: help("sheet-columns")) var sheetColumns: String?
    @Option(help: help("sheet-width")) var sheetWidth: String?
    @OptionGroup var encoder: EncoderOptions
    @OptionGroup var clips: ClipOptions

    func run() throws {
        try reportingErrors { () throws(SegueError) in
            let own: [(String, String?)] = [("format", format), ("sheet-frames", sheetFrames), ("sheet-columns", sheetColumns),
                                            ("sheet-width", sheetWidth), ("offset", clips.offset), ("png-compression", outputOptions.pngCompression)]
            let request = try options.job(effect: effect, extra: own.compactMap { name, text in text.map { (name, $0) } } + encoder.given)
            var job = try Job(request, output: output, contactSheet: contactSheet, audioFile: clips.audio)
            job.audioCurve = clips.audioCurve
            job.transitionOnly = clips.transitionOnly
            try OutputConflicts.check(inputs: try request.transition.commandLineInputs(), outputs: job.writtenPaths)
            if contactSheet == "-" && job.output.path == "-" {
                throw .usage("--contact-sheet -: stdout already carries the frames (-o -)")
            }
            if let audio = clips.audio { try checkWAVFileName(audio) }
            if let contactSheet { try OutputFormat.checkPNGFileName(contactSheet, option: "--contact-sheet") }
            let selection = try outputOptions.selection()
            let prepared = try job.prepare()
            for parameter in prepared.offCanvasParameters { printError("segue: warning: --param \(parameter)") }
            if !outputOptions.quiet { for note in prepared.notes { printError("segue: \(note)") } }
            let renderer = try job.renderer(for: prepared, in: try options.session())
            let outcome = try ProgressReporter.forStderr(quiet: outputOptions.quiet, label: prepared.name).run { progress throws(SegueError) in
                try job.run(prepared, renderer: renderer, selection: selection, resume: outputOptions.resume, version: Segue.version,
                            progress: progress, notice: { if !outputOptions.quiet { printError("segue: \($0)") } })
            }
            if !outputOptions.quiet {
                printError(summary(prepared, outcome, output: job.output, alsoWritten: job.audioFile ?? job.contactSheet, renderer: renderer.backendName))
            }
        }
    }
}

/// The closing line of a job: what was drawn, how fast, where to.
func summary(_ job: PreparedJob, name: String? = nil, _ outcome: JobOutcome, output: OutputSpec, alsoWritten: String?,
             renderer: String) -> String {
    let fps = outcome.seconds > 0 ? Double(outcome.frames) / outcome.seconds : 0
    let skipped = outcome.skipped > 0 ? ", \(outcome.skipped) complete frames skipped" : ""
    let what: String
    switch job {
    case .transition(let t):
        what = "\(name ?? job.name): \(outcome.frames) frames \(t.size)"
    case .clips(let s):
        func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }
        let sound = s.audio != nil && output.format.videoContainer?.encoding.audio != nil ? ", with sound" : ""
        what = "\(name ?? job.name): \(count(s.clips.count, "clip")), \(count(s.cuts.count, "transition")), \(outcome.frames) frames "
            + "\(s.size) at \(readable(s.fps)) fps\(sound)"
    }
    let destination = (output.path == "-" ? "stdout" : output.path) + (alsoWritten.map { " + \($0)" } ?? "")
    return "\(what) on \(renderer) in \(String(format: "%.2f", outcome.seconds)) s (\(String(format: "%.1f", fps)) fps\(skipped)) → \(destination)"
}

struct StillCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "still", abstract: "Render one frame at a progress to a PNG file.")

    @Argument(help: "Effect name or a shader file (.glsl).") var effect: String
    @Option(help: "Time fraction 0…1, linear in time, before the timing curve (0 = from, 1 = to).") var at: Double
    @OptionGroup var options: TransitionOptions
    @Option(name: .shortAndLong, help: "Output PNG file, device or FIFO, or - for stdout.") var output: String
    @Option(help: help("png-compression")) var pngCompression: String?

    func run() throws {
        try reportingErrors { () throws(SegueError) in
            let (frame, compression, colorSpace) = try draw(session: try options.session())
            try PNGCodec.write(frame, to: output, compression: compression, colorSpace: colorSpace)
        }
    }

    /// The frame, checked and drawn as `run` writes it; `session` may serve many frames
    /// (`segue frame-child`).
    func draw(session: RenderSession) throws(SegueError) -> (PixelBuffer, PNGCompression, ColorSpace) {
        try Limits.fraction.check(at, option: "--at")
        try OutputFormat.checkPNGFileName(output, option: "-o")
        let job = try options.job(effect: effect, extra: pngCompression.map { [("png-compression", $0)] } ?? [])
        let request = job.transition
        try OutputConflicts.check(inputs: try request.commandLineInputs(), outputs: [NamedPath("-o", output)])
        for case let (option, path?) in [("--from", options.from), ("--to", options.to)] where try MediaProbe.kind(path) == .video {
            throw .usage("\(option) \(path): a video clip; `still` draws one frame between snapshots (`render` takes clips)")
        }
        let transition = try options.prepare(request)
        let renderer = try session.renderer(for: transition)
        let frame = try transition.frame(at: at, renderer: renderer)
        return (frame, job.pngCompression ?? .default, transition.colorSpace)
    }
}
