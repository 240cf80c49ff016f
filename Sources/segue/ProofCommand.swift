import ArgumentParser
import Dispatch
import Foundation
import SegueAuthoring
import SegueCore
import SegueGL
import SegueIO
import SeguePipeline
import SegueSoftware

struct ProofCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "proof",
        abstract: "Prove this machine's GL path and measure it: every effect against the software renderer, the example shaders, benchmarks, a sustained render, memory (docs/GPU.md).",
        discussion: """
        Writes one JSON and one Markdown report, rewritten after each section, so a run cut \
        short still leaves what it found. Exit status 0 when every check passes; 1 when one \
        fails (an effect below parity, an example shader that fails validation, llvmpipe where \
        --require-gpu asks for a GPU); 69 when GL does not start at all.
        """)

    @Option(help: "Write the JSON report to this file.") var jsonReport: String?
    @Option(help: "Write the Markdown report to this file.") var markdownReport: String?
    @Flag(help: "Toy sizes and few frames: every section in about a minute on any machine (make test runs it on llvmpipe).")
    var quick = false
    @Flag(help: "Fail unless GL runs on a hardware GPU rather than a CPU rasteriser such as llvmpipe.") var requireGpu = false
    @Option(help: "A folder of shader files (*.glsl) to validate and time on GL.") var examples = "docs/examples/shaders"
    @OptionGroup var gl: GLOptions

    func run() throws {
        var failed = false
        try reportingErrors { () throws(SegueError) in
            try gl.apply()
            guard jsonReport != nil || markdownReport != nil else {
                throw .usage("proof: give --json-report FILE, --markdown-report FILE or both")
            }
            let exampleFiles = try Self.shaderFiles(in: examples)
            var run = ProofRun(plan: quick ? .quick : .full, report: ProofReport(
                segueVersion: Segue.version, date: ISO8601DateFormatter().string(from: Date()), mode: quick ? "quick" : "full",
                device: ProofDevice.describe(InfoCommand.report(platform: gl.eglPlatform), gpu: NvidiaGPU.query())),
                write: write)
            try run.all(platform: gl.eglPlatform, requireGPU: requireGpu, examples: exampleFiles)
            failed = !run.report.pass
        }
        if failed { throw ExitCode(1) }
    }

    /// Both reports, whole, in place of the last ones.
    private func write(_ report: ProofReport) throws(SegueError) {
        if let jsonReport { try ByteOutput.writeAll(Array((jsonString(report) + "\n").utf8), to: jsonReport) }
        if let markdownReport { try ByteOutput.writeAll(Array(ProofMarkdown.page(report).utf8), to: markdownReport) }
    }

    /// The `.glsl` files of `folder`, sorted.
    static func shaderFiles(in folder: String) throws(SegueError) -> [String] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else {
            throw .missingInput("--examples \(folder): no such folder")
        }
        return names.filter { $0.hasSuffix("." + EffectCatalog.fileExtension) }.sorted().map { folder + "/" + $0 }
    }
}

/// The sections of one proof, in order, each adding to `report` and writing it out.
private struct ProofRun {
    let plan: ProofPlan
    var report: ProofReport
    let write: (ProofReport) throws(SegueError) -> Void
    let start = DispatchTime.now().uptimeNanoseconds

    var elapsed: Double { Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 }

    mutating func all(platform: EGLPlatformChoice, requireGPU: Bool, examples: [String]) throws(SegueError) {
        guard let gl = report.device.info.gl else {
            report.fail("GL did not start: \(report.device.info.glError ?? "unknown")")
            try finish()
            throw .glUnavailable(report.device.info.glError ?? "GL did not start")
        }
        if requireGPU && !gl.isHardware { report.fail("--require-gpu: GL runs on \(gl.renderer), a CPU rasteriser") }
        let renderer = try GLRenderer(platform: platform)
        try section("parity") { (run: inout ProofRun) throws(SegueError) in try run.parity(gl: renderer) }
        try section("example shaders") { (run: inout ProofRun) throws(SegueError) in try run.exampleShaders(examples, platform: platform) }
        let plan = plan
        for size in plan.benchSizes {
            try section("bench \(size) render only") { (run: inout ProofRun) throws(SegueError) in
                try run.bench(plan.benchEffects, size: size, endToEnd: [], platform: platform)
            }
        }
        try section("sustained render") { (run: inout ProofRun) throws(SegueError) in try run.sustained(gl: renderer) }
        try section("readback ring depth") { (run: inout ProofRun) throws(SegueError) in try run.readbackDepths(platform: platform) }
        for size in plan.benchSizes {
            try section("bench \(size) end to end") { (run: inout ProofRun) throws(SegueError) in
                try run.bench(plan.endToEndEffects, size: size, endToEnd: ["raw", "png"], platform: platform)
            }
        }
        report.memory = ProofReport.Memory(peakResidentMiB: ProcessMemory.current()?.peakResidentMiB ?? 0,
                                           gpuMemoryUsedMiB: NvidiaGPU.query()?.memoryUsedMiB)
        try finish()
    }

    /// Runs `body` unless the time budget is spent (then the report says it was skipped).
    private mutating func section(_ name: String, _ body: (inout ProofRun) throws(SegueError) -> Void) throws(SegueError) {
        if let budget = plan.budgetSeconds, elapsed > budget {
            report.skipped.append("\(name): the \(Int(budget)) s budget was spent")
            return
        }
        printError("segue proof: \(name) (\(Int(elapsed)) s)")
        // A section that breaks (a shader the driver refuses) is a failed check, and the
        // sections after it still run: one call on a lent machine should say everything.
        do throws(SegueError) { try body(&self) } catch { report.fail("\(name): \(error.message)") }
        try finish()
    }

    private mutating func finish() throws(SegueError) {
        report.seconds = elapsed
        try write(report)
    }

    mutating func parity(gl: GLRenderer) throws(SegueError) {
        let software = SoftwareRenderer()
        var section = ProofReport.ParitySection(sizes: plan.paritySizes.map(\.description), progress: plan.parityProgress, checks: [])
        for variant in plan.parityVariants {
            let check: ParityCheck
            do throws(SegueError) {
                check = try ParityCheck.run(variant, sizes: plan.paritySizes, progress: plan.parityProgress, gl: gl, software: software)
            } catch {
                report.fail("parity: \(variant): \(error.message)")
                continue
            }
            if !check.pass {
                report.fail(String(format: "parity: %@ %.2f dB, %.2f %% within 3 at %@ p=%g", check.effect, check.worst.psnr,
                                   check.lowestWithin3 * 100, check.worstSize, check.worstProgress))
            }
            section.checks.append(check)
        }
        report.parity = section
    }

    mutating func exampleShaders(_ files: [String], platform: EGLPlatformChoice) throws(SegueError) {
        let session = RenderSession(backend: .gl, eglPlatform: platform, notice: { printError("segue: \($0)") })
        var shaders: [ProofReport.ExampleShader] = []
        for file in files {
            let validation = ShaderValidator.validate(path: file, catalog: EffectCatalog.builtinsOnly(), session: session)
            var shader = ProofReport.ExampleShader(file: file, validation: validation, size: plan.exampleSize.description)
            if validation.pass {
                var request = TransitionRequest(effect: file)
                request.catalog = .builtinsOnly()
                request.size = plan.exampleSize
                request.fps = 60
                request.duration = Double(plan.exampleFrames - 1) / 60
                let transition = try PreparedTransition(request)
                let renderer = try session.renderer(for: transition)
                var frame = PixelBuffer(size: transition.size)
                try renderer.render(transition.plan(frame: 0), images: transition.images, into: &frame)
                let t0 = DispatchTime.now().uptimeNanoseconds
                for n in 0..<transition.frameCount { try renderer.render(transition.plan(frame: n), images: transition.images, into: &frame) }
                shader.glFPS = Double(transition.frameCount) / (Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e9)
            } else {
                report.fail("example shader \(file) fails validation: \(validation.messages.first?.message ?? "")")
            }
            shaders.append(shader)
        }
        report.examples = shaders
    }

    /// One `segue bench --backend all` table; each effect is measured on its own, so one that
    /// fails is reported and the others still are.
    mutating func bench(_ effects: [String], size: PixelSize, endToEnd: [String], platform: EGLPlatformChoice) throws(SegueError) {
        var table: BenchCommand.Report?
        for effect in effects {
            let arguments = [effect, "--size", size.description, "--frames", "\(plan.benchFrames)", "--runs", "\(plan.benchRuns)",
                             "--backend", "all", "--egl-platform", platform.rawValue] + endToEnd.flatMap { ["--end-to-end", $0] }
            let command: BenchCommand
            do { command = try BenchCommand.parse(arguments) } catch {
                throw SegueError(.internalError, "bench \(arguments.joined(separator: " ")): \(BenchCommand.message(for: error))")
            }
            do throws(SegueError) {
                let measured = try command.measure(onRow: { row in
                    BenchCommand.line(row).split(separator: "\n").forEach { printError(String($0)) }
                })
                if table == nil { table = measured } else { table?.results += measured.results }
            } catch {
                report.fail("bench \(effect) at \(size): \(error.message)")
            }
        }
        if let table { report.bench.append(table) }
    }

    mutating func readbackDepths(platform: EGLPlatformChoice) throws(SegueError) {
        var rows: [ProofReport.ReadbackDepth] = []
        for (effect, size) in plan.readbackCases {
            var request = TransitionRequest(effect: effect)
            request.size = size
            request.scale = 3
            request.fps = 60
            request.duration = 1
            let transition = try PreparedTransition(request)
            for depth in plan.readbackDepths {
                for threads in depth == 0 ? [1] : plan.readbackCopyThreads {
                    let mode: GLReadbackMode = depth == 0 ? .direct : .pixelBuffers(depth: depth, copyThreads: threads)
                    let renderer = try GLRenderer(platform: platform, readback: mode)
                    let run = try SustainedRender.run(transition, renderer: renderer, seconds: plan.readbackSeconds)
                    rows.append(ProofReport.ReadbackDepth(effect: effect, size: size.description, depth: depth, copyThreads: threads, fps: run.fps))
                }
            }
        }
        report.readback = rows
    }

    mutating func sustained(gl: GLRenderer) throws(SegueError) {
        var request = TransitionRequest(effect: plan.sustainedEffect)
        request.size = plan.sustainedSize
        request.scale = 3
        request.fps = 60
        request.duration = 2
        let transition = try PreparedTransition(request)
        let result = try SustainedRender.run(transition, renderer: gl, seconds: plan.sustainedSeconds)
        report.sustained = result
        // Judged only over enough seconds for a trend; the quick run's two say nothing.
        guard result.samples.count >= ProofPlan.sustainedSamplesJudged else { return }
        if result.lastOverFirstFPS < ProofPlan.sustainedSlowdownLimit {
            report.fail(String(format: "sustained render: the last quarter ran at %.2f× the first quarter's fps", result.lastOverFirstFPS))
        }
        if result.residentGrowthMiB > ProofPlan.sustainedGrowthLimitMiB {
            report.fail(String(format: "sustained render: resident memory grew by %.0f MiB", result.residentGrowthMiB))
        }
    }
}
