import ArgumentParser
import Foundation
import SegueAuthoring
import SegueCore
import SegueGL
import SegueIO
import SeguePipeline

struct BatchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "batch",
        abstract: "Render every job of a spec file (JSON or JSON5; docs/BATCH.md).",
        discussion: """
        Exit status: 0 all jobs succeeded; 3 some jobs failed (the others ran; a shader job that \
        exceeded --time-limit is a failed job with exit code 124); 74 an output could not be \
        written (disk full, closed pipe: the batch stops); 64–66 a bad spec or flag.
        """)

    /// Some jobs failed, the rest succeeded or were not attempted for other reasons.
    static let jobsFailedExitCode: Int32 = 3

    @Argument(help: "The spec file.") var spec: String
    @OptionGroup var outputOptions: OutputOptions
    @OptionGroup var shaders: ShaderOptions
    @Flag(help: "Print the summary as JSON on stdout instead of a table on stderr.") var json = false
    @Option(help: "Renderer for jobs that do not name one.") var backend: BackendChoice = .auto
    @OptionGroup var gl: GLOptions
    @Option(help: "Seconds one frame of a user shader may take before its job fails (exit code 124); 0 = no limit.")
    var timeLimit: Double = 10
    /// Set in the child process that runs one shader job (`ChildRun`): run only job N and
    /// write its summary row as JSON to `--job-report`.
    @Option(help: .hidden) var onlyJob: Int?
    @Option(help: .hidden) var jobReport: String?

    struct Row: Codable {
        var job: Int
        var name: String?
        var effect: String
        var format: String
        var output: String
        /// `ok`, `failed`, `kept` (--resume: the output file is already complete), `other shard`
        /// (run by another shard), `not run` (after an I/O error).
        var result: String
        var error: String?
        var exitCode: Int32?
        var frames: Int
        var skipped: Int
        var seconds: Double
        var backend: String?
    }

    func run() throws {
        var rows: [Row] = []
        var stopError: SegueError?
        try reportingErrors { () throws(SegueError) in
            try gl.apply()
            if outputOptions.frames != nil { throw .usage("--frames applies to one transition; use it with `segue render`") }
            let jobs = try BatchSpec.load(path: spec, catalog: try shaders.catalog(),
                                          pngCompression: try outputOptions.settings(format: nil).pngCompression ?? .fast)
            if json, jobs.contains(where: { $0.output.path == "-" }) {
                throw .usage("--json prints to stdout, which a job of \(spec) writes to")
            }
            let shard = try outputOptions.selection().shard
            let limit = try ShaderOptions.frameTimeLimit(timeLimit)
            // One session for every job: at most one GL context, its programs kept throughout.
            let session = RenderSession(backend: backend, eglPlatform: gl.eglPlatform, notice: { printError("segue: \($0)") })
            session.frameTimeLimit = limit
            for (position, job) in jobs.enumerated() where onlyJob == nil || onlyJob == job.index {
                var row = Row(job: job.index, name: job.name, effect: job.request.effect, format: job.output.format.rawValue,
                              output: job.output.path, result: "ok", frames: 0, skipped: 0, seconds: 0)
                var selection = FrameSelection()
                if let shard {
                    // PNG jobs are split by frames across all shards; a stream goes whole to one.
                    if job.output.format.isFrameSplittable {
                        selection.shard = shard
                    } else if position % shard.count != shard.index {
                        row.result = "other shard"
                        rows.append(row)
                        continue
                    }
                }
                if stopError != nil {
                    row.result = "not run"
                    rows.append(row)
                    continue
                }
                // A runaway frame ends its process: a shader job runs in a child, so it ends only that job.
                if onlyJob == nil, limit > 0, job.runsUserShader {
                    let status = runInChild(job, row: &row)
                    if status == SegueError.Kind.io.exitCode { stopError = SegueError(.io, row.error ?? "output failed") }
                    rows.append(row)
                    continue
                }
                var progress: ProgressReporter?
                do throws(SegueError) {
                    let notice = { (message: String) in if !outputOptions.quiet { printError("segue: \(job.label): \(message)") } }
                    let resume = outputOptions.resume && job.output.format == .png
                    let prepared = try job.job.prepare()
                    for parameter in prepared.offCanvasParameters { printError("segue: warning: \(job.label): params: \(parameter)") }
                    for note in prepared.notes { notice(note) }
                    let renderer = try job.job.renderer(for: prepared, in: session)
                    row.backend = renderer.backendName
                    // A file output gets its final name only once complete, and its record
                    // beside it says which job made it: on --resume it is kept when that is
                    // this job as the spec now asks for it (a device or FIFO is streamed every
                    // time; PNG folders resume frame by frame, through their manifests).
                    let file: String? = if job.output.format != .png, case .file(let target)? = try? OutputDestination(job.output.path) {
                        target
                    } else { nil }
                    let record = file.map { _ in
                        OutputRecord(job: prepared.identity(backend: renderer.backendName, version: Segue.version), writing: job.job.writing)
                    }
                    if outputOptions.resume, let file, FileManager.default.fileExists(atPath: file), OutputRecord.read(beside: file) == record {
                        row.result = "kept"
                        rows.append(row)
                        continue
                    }
                    let reporter = ProgressReporter.forStderr(quiet: outputOptions.quiet, label: "\(job.label) \(prepared.name)")
                    progress = reporter
                    let outcome = try job.job.run(prepared, renderer: renderer, selection: selection, resume: resume, version: Segue.version,
                                                  progress: reporter.update, notice: notice)
                    row.frames = outcome.frames
                    row.skipped = outcome.skipped
                    row.seconds = outcome.seconds
                    reporter.finish()
                    if let file, let record { try record.write(beside: file) }
                } catch {
                    progress?.finish()
                    row.result = "failed"
                    row.error = error.message
                    row.exitCode = error.exitCode
                    printError("segue: \(job.label): \(error.message)")  // also with --quiet: it drops progress only
                    // Disk full or a closed pipe: the next jobs would fail the same way.
                    if ByteOutput.isFatal(error) { stopError = error }
                }
                rows.append(row)
            }
        }
        if let jobReport {
            try? Data(jsonString(rows).utf8).write(to: URL(fileURLWithPath: jobReport))
        } else if json {
            print(jsonString(rows))
        } else if !outputOptions.quiet {
            Self.table(rows).forEach(printError)
        }
        if stopError != nil { throw ExitCode(SegueError.Kind.io.exitCode) }
        if rows.contains(where: { $0.result == "failed" }) { throw ExitCode(Self.jobsFailedExitCode) }
    }

    /// Runs `job` in a child `segue batch` with this command's arguments (`ChildRun`) and
    /// fills `row` from the child's report; a child the watchdog ended leaves none, and its
    /// exit status (124) is the job's. Returns the child's status.
    private func runInChild(_ job: BatchJob, row: inout Row) -> Int32 {
        let report = FileManager.default.temporaryDirectory.appendingPathComponent("segue-job-\(getpid())-\(job.index).json").path
        defer { unlink(report) }
        let status = ChildRun.run(ChildRun.ownArguments + ["--only-job", "\(job.index)", "--job-report", report])
        if let data = FileManager.default.contents(atPath: report),
           let reported = try? JSONDecoder().decode([Row].self, from: data).first {
            row = reported
        } else {
            row.result = "failed"
            row.exitCode = status
            // The watchdog printed its own line; any other end of the child is news.
            if status == FrameWatchdog.exitCode {
                row.error = "a frame exceeded the per-frame time limit of \(Allowed<Double>.format(timeLimit)) s"
            } else {
                let message = "ended with exit status \(status)"
                row.error = message
                printError("segue: \(job.label): \(message)")
            }
        }
        return status
    }

    /// The summary: one line per job, columns aligned, then the count. Job names and paths are
    /// escaped first (`TerminalText`), so the columns line up as printed.
    static func table(_ rows: [Row]) -> [String] {
        let header = ["job", "name", "effect", "format", "result", "frames", "time", "fps", "output"]
        let cells = rows.map { r -> [String] in
            let fps = r.seconds > 0 ? String(format: "%.1f", Double(r.frames) / r.seconds) : "-"
            let frames = r.skipped > 0 ? "\(r.frames) (+\(r.skipped) kept)" : "\(r.frames)"
            return ["\(r.job)", r.name.map(TerminalText.escaped) ?? "-", TerminalText.escaped(r.effect), r.format,
                    r.result + (r.exitCode.map { " (\($0))" } ?? ""), frames, String(format: "%.2fs", r.seconds), fps,
                    r.output == "-" ? "stdout" : TerminalText.escaped(r.output)]
        }
        let widths = header.indices.map { i in ([header[i]] + cells.map { $0[i] }).map(\.count).max()! }
        func line(_ c: [String]) -> String {
            c.enumerated().map { i, s in i == c.count - 1 ? s : s.padding(toLength: widths[i], withPad: " ", startingAt: 0) }
                .joined(separator: "  ")
        }
        let ok = rows.filter { $0.result == "ok" || $0.result == "kept" }.count
        return [line(header)] + cells.map(line) + ["\(ok) of \(rows.count) jobs ok"]
    }
}
