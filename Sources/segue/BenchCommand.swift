import ArgumentParser
import Foundation
import SegueCBlend
import SegueCore
import SegueEffects
import SegueGL
import SegueIO
import SegueSoftware
import SeguePipeline

struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure frames per second per effect and backend (and against ffmpeg's xfade and a C blend with --compare-ffmpeg).")

    @Argument(help: "Effects to measure. Default: every built-in effect.") var effects: [String] = []
    @Option(help: "Frame size WxH.") var size: String = "1920x1080"
    @Option(help: "Frames per run.") var frames: Int = 60
    @Option(help: "Timed runs after the warm-up run; the median, min and max are reported.") var runs: Int = 5
    @Option(help: "Backends: all (software, and gl when it starts), or one.") var backend: Backends = .all
    @Option(help: "The 'from' snapshot. Default: the built-in list screen.") var from: String?
    @Option(help: "The 'to' snapshot. Default: the built-in detail screen.") var to: String?
    @Option(name: .customLong("param"), help: "Effect parameter name=value for every effect measured (repeatable), e.g. expr=… for xfade:custom, which ffmpeg's xfade then runs too.")
    var params: [String] = []
    @Option(help: "Also time each effect end to end, rendering and writing FORMAT as `segue render` does (raw and y4m to /dev/null, png and mp4 to the temporary folder); repeat for several formats; with --compare-ffmpeg, ffmpeg's xfade writes the same format.")
    var endToEnd: [EndToEndFormat] = []
    @Flag(help: "Also time ffmpeg's xfade on the equivalent transitions (same size, images and threads) and a plain C blend (gcc -O3 -march=native).")
    var compareFfmpeg = false
    @Option(parsing: .upToNextOption, help: "Two video clips (from, to): time the whole timeline as `render --from A --to B` writes it, with --end-to-end (and against ffmpeg's xfade + acrossfade with --compare-ffmpeg).")
    var clips: [String] = []
    @Flag(help: "Fail (exit 1) when an effect's GL frame costs more than 3× the software renderer's and more than 8× GL's fade frame: a GL path that no GPU can save (measures fade too).")
    var checkGlCost = false
    @OptionGroup var gl: GLOptions
    @Flag(help: "Print JSON.") var json = false

    /// `--backend`: every backend, or one `BackendChoice`.
    enum Backends: String, CaseIterable, ExpressibleByArgument {
        case all, software, gl, auto
    }

    /// `--end-to-end`: the output formats measured as a user gets them.
    enum EndToEndFormat: String, CaseIterable, ExpressibleByArgument {
        case raw, y4m, png, mp4
        var output: OutputFormat {
            switch self {
            case .raw: .raw
            case .y4m: .y4m
            case .png: .png
            case .mp4: .mp4
            }
        }
    }

    /// xfade transitions equivalent to Segue effects (those present at run time are measured):
    /// a few built-ins, and every `xfade:NAME` that Debian's ffmpeg 5.1 knows, timed against
    /// xfade NAME itself.
    static let xfadeEquivalents: [(effect: String, xfade: String)] = [
        ("fade", "fade"), ("push", "slideleft"), ("circle-reveal", "circleopen"), ("blur", "hblur"), ("dissolve", "dissolve"),
    ] + XfadeTransition.allCases.filter(\.isInFFmpeg51).map { (EffectTable.xfadePrefix + $0.rawValue, $0.rawValue) }

    /// A request for effect `name` with the `--param` values.
    func transitionRequest(effect name: String) throws(SegueError) -> TransitionRequest {
        var job = JobRequest(effect: name)
        try RequestOptions.readCommandLine(params.map { ("param", $0) }, into: &job)
        return job.transition
    }

    /// ffmpeg's xfade transition for effect `name`: its equivalent, or for `xfade:custom` the
    /// custom transition with the same expression (xfade's `expr`, quoted for the filter graph).
    static func xfadeEquivalent(of name: String, parameters: [(String, String)]) -> String? {
        guard name == EffectTable.xfadePrefix + "custom" else { return xfadeEquivalents.first(where: { $0.effect == name })?.xfade }
        let expression = parameters.last(where: { $0.0 == "expr" })?.1 ?? XfadeCustom.crossFade
        guard !expression.hasPrefix("@"), !expression.contains("'") else { return nil }
        return "custom:expr='\(expression)'"
    }

    struct Stat: Encodable {
        var median: Double, min: Double, max: Double
        init(_ samples: [Double]) {
            let s = samples.sorted()
            median = s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
            min = s.first ?? 0
            max = s.last ?? 0
        }
    }
    struct Row: Encodable {
        var effect: String
        var backend: String
        /// Render (GL: draw and read back, pipelined as in a job) per frame, ms.
        var renderMs: Stat
        var fps: Double
        /// PNG encode (fast) of one mid-transition frame on one core, ms.
        var pngFastEncodeMs: Stat
        var ffmpeg: FFmpegRow?
        /// One per `--end-to-end` format, in the order given.
        var endToEnd: [EndToEndRow] = []
    }
    /// Rendering and writing one format, as `segue render` does.
    struct EndToEndRow: Encodable {
        var format: String
        /// Where the output went: /dev/null (raw, y4m) or a temporary folder (png, mp4).
        var destination: String
        /// (median long run − median short run) / extra frames, ms.
        var msPerFrame: Double
        var fps: Double
        /// End-to-end time per frame / render-only time per frame, in this run.
        var overRenderOnly: Double
        /// ffmpeg's xfade writing the same format, measured the same way.
        var ffmpeg: FFmpegRow?
    }
    struct FFmpegRow: Encodable {
        var transition: String
        /// (median xfade graph − median baseline graph) / transition frames, ms.
        var msPerFrame: Double
        var fps: Double
        /// Segue fps / ffmpeg fps, both measured in this run.
        var ratio: Double
        var threads: Int
        var pixelFormat: String
        /// The ffmpeg output options end to end (nil: render-only, into `-f null`).
        var output: String?
    }
    /// A plain C blend of two RGBA frames (the bound a fade kernel can approach).
    struct CBlendRow: Encodable {
        var msPerFrame: Stat
        var fps: Double
        var threads: Int
        var compiler: String
        /// Segue software fade fps / C blend fps, measured in this run.
        var fadeRatio: Double?
    }
    struct Machine: Encodable {
        var cpu: String
        var cores: Int
        var glRenderer: String?
        var segueVersion: String
        var ffmpeg: String?
    }
    struct Report: Encodable {
        var machine: Machine
        var size: String
        var framesPerRun: Int
        var runs: Int
        var results: [Row]
        var cBlend: CBlendRow?
        var glCost: GLCostCheck?
    }

    func run() throws {
        var failed = false
        try reportingErrors { () throws(SegueError) in
            try gl.apply()
            guard let pixelSize = PixelSize(parsing: size) else { throw .usage("--size \(size): expected WxH") }
            if !clips.isEmpty {
                let rows = try benchClips(size: pixelSize, ffmpeg: try locateFFmpeg())
                if json { print(jsonString(rows)) } else { for row in rows { print(Self.line(row)) } }
                return
            }
            if !json {
                // Rows print as they are measured (a whole run takes minutes), each once.
                print("machine: \(Self.cpuModel()), \(SystemInfo.activeProcessorCount) cores; segue \(Segue.version)"
                      + (try locateFFmpeg().flatMap(Self.ffmpegVersion).map { "; \($0)" } ?? ""))
                print("\(size), \(frames) frames per run, median of \(runs) runs after a warm-up (min–max)")
                StandardOutput.flush()
            }
            let report = try measure(onRow: json ? nil : { row in
                print(Self.line(row))
                StandardOutput.flush()
            })
            defer { if let check = report.glCost, !check.pass { failed = true } }
            if json {
                print(jsonString(report))
            } else {
                if let gl = report.machine.glRenderer { print("GL: \(gl)") }
                if let c = report.cBlend {
                    print(String(format: "c blend (%@, %d threads) %.1f fps  %.2f ms/frame (%.2f–%.2f)", c.compiler, c.threads, c.fps,
                                 c.msPerFrame.median, c.msPerFrame.min, c.msPerFrame.max)
                          + (c.fadeRatio.map { String(format: "  → segue fade/C blend %.2f×", $0) } ?? ""))
                }
                if let check = report.glCost { print(check.summary) }
            }
        }
        if failed { throw ExitCode(1) }
    }

    /// ffmpeg's path when `--compare-ffmpeg` asks for it.
    private func locateFFmpeg() throws(SegueError) -> String? {
        guard compareFfmpeg else { return nil }
        guard let ffmpeg = FFmpegSink.locate() else {
            throw SegueError(.ffmpegMissing, "--compare-ffmpeg needs ffmpeg, which is not on PATH (Debian: apt-get install ffmpeg)")
        }
        return ffmpeg
    }

    /// Every effect on every backend asked for (`segue proof` measures through this too);
    /// `onRow` gets each row as soon as it is measured.
    func measure(onRow: ((Row) -> Void)?) throws(SegueError) -> Report {
        guard let pixelSize = PixelSize(parsing: size) else { throw .usage("--size \(size): expected WxH") }
        try PixelBuffer.checkSize(pixelSize, what: "--size")
        try Limits.benchFrames.check(frames, option: "--frames")
        try Limits.benchRuns.check(runs, option: "--runs")
        let backends: [BackendChoice] = BackendChoice(rawValue: backend.rawValue).map { [$0] } ?? [.software, .gl]
        var names = effects.isEmpty ? EffectTable.all.map(\.name) : effects
        if checkGlCost {
            guard backend == .all else { throw .usage("--check-gl-cost compares the renderers: use it with --backend all") }
            if !names.contains(GLCostCheck.floorEffect) { names.insert(GLCostCheck.floorEffect, at: 0) }
        }
        let ffmpeg = try locateFFmpeg()
        let session = RenderSession(backend: .auto, eglPlatform: gl.eglPlatform, notice: { printError("segue: \($0)") })
        var glRenderer: String?
        var rows: [Row] = []
        for name in names {
            var request = try transitionRequest(effect: name)
            request.from = from
            request.to = to
            request.size = pixelSize
            // Fixed, not `auto`: the measured work (sprite counts, blur radii) stays the same
            // whatever the size and snapshots, so figures taken at different sizes compare.
            request.scale = 3
            request.fps = 60
            request.duration = Double(frames - 1) / 60
            let transition = try PreparedTransition(request)
            for choice in backends {
                let renderer: any FrameRenderer
                do throws(SegueError) {
                    renderer = try session.renderer(for: transition, backend: choice)
                } catch {
                    // `all` measures GL only where it starts; an explicit backend must.
                    if backend == .all { continue }
                    throw error
                }
                if let gl = renderer as? GLRenderer { glRenderer = gl.info.renderer }
                var row = try measure(transition, renderer: renderer)
                let xfade = Self.xfadeEquivalent(of: name, parameters: request.parameters)
                if let ffmpeg, row.backend == "software", let xfade {
                    row.ffmpeg = try timeXfade(ffmpeg, xfade: xfade, transition: transition, segueFPS: row.fps)
                }
                if !endToEnd.isEmpty {
                    var shortRequest = request
                    shortRequest.duration = Double(Self.shortRunFrames(frames) - 1) / 60
                    let short = try PreparedTransition(shortRequest)
                    for format in endToEnd {
                        var e2e = try measureEndToEnd(request, long: transition, short: short, renderer: renderer, format: format,
                                                      renderMs: row.renderMs.median)
                        if let ffmpeg, row.backend == "software", let xfade {
                            e2e.ffmpeg = try timeXfadeEndToEnd(ffmpeg, xfade: xfade, transition: transition, format: format, segueFPS: e2e.fps)
                        }
                        row.endToEnd.append(e2e)
                    }
                }
                onRow?(row)
                rows.append(row)
            }
        }
        var cBlend: CBlendRow?
        if compareFfmpeg {
            cBlend = try timeCBlend(size: pixelSize)
            if let fade = rows.first(where: { $0.effect == "fade" && $0.backend == "software" }), let c = cBlend {
                cBlend?.fadeRatio = fade.fps / c.fps
            }
        }
        return Report(machine: Machine(cpu: Self.cpuModel(), cores: SystemInfo.activeProcessorCount, glRenderer: glRenderer,
                                       segueVersion: Segue.version, ffmpeg: ffmpeg.flatMap(Self.ffmpegVersion)),
                      size: pixelSize.description, framesPerRun: frames, runs: runs, results: rows, cBlend: cBlend,
                      glCost: checkGlCost ? try glCostCheck(rows) : nil)
    }

    /// `--check-gl-cost`'s verdict; GL must have started.
    private func glCostCheck(_ rows: [Row]) throws(SegueError) -> GLCostCheck {
        guard let check = GLCostCheck(rows) else { throw .glUnavailable("--check-gl-cost: GL did not start, so there is nothing to check") }
        return check
    }

    static func line(_ r: Row) -> String {
        var s = "\(r.effect.padding(toLength: 14, withPad: " ", startingAt: 0)) \(r.backend.padding(toLength: 8, withPad: " ", startingAt: 0)) "
            + String(format: "%7.1f fps  %6.2f ms/frame (%.2f–%.2f)  png fast encode %.1f ms",
                     r.fps, r.renderMs.median, r.renderMs.min, r.renderMs.max, r.pngFastEncodeMs.median)
        if let f = r.ffmpeg {
            s += String(format: "  | xfade %@ %.1f fps (%.2f ms) → segue/ffmpeg %.2f×", f.transition, f.fps, f.msPerFrame, f.ratio)
        }
        for e in r.endToEnd {
            s += String(format: "\n    end to end %@ → %@: %.1f fps (%.2f ms/frame, %.2f× the render-only time)",
                        e.format, e.destination, e.fps, e.msPerFrame, e.overRenderOnly)
            if let f = e.ffmpeg {
                s += String(format: "  | xfade %@ → %@ %.1f fps (%.2f ms) → segue/ffmpeg %.2f×", f.transition, e.format, f.fps, f.msPerFrame, f.ratio)
            }
        }
        return s
    }

    /// Frames of the short run an end-to-end figure subtracts (start-up, ffmpeg's start and
    /// flush cancel out): a quarter of the long run, at least 2.
    static func shortRunFrames(_ frames: Int) -> Int { max(2, frames / 4) }

    /// Per-frame cost of rendering and writing `format` as `segue render` does (`RenderJob`):
    /// (median of the long runs − median of the short runs) / the extra frames, the method of
    /// the README's end-to-end figures.
    private func measureEndToEnd(_ request: TransitionRequest, long: PreparedTransition, short: PreparedTransition, renderer: any FrameRenderer,
                                 format: EndToEndFormat, renderMs: Double) throws(SegueError) -> EndToEndRow {
        let dir = NSTemporaryDirectory() + "segue-bench-e2e-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path: String
        switch format {
        case .raw, .y4m: path = "/dev/null"
        case .png: path = dir + "/frames"
        case .mp4: path = dir + "/out.mp4"
        }
        var asked = JobRequest(effect: request.effect)
        asked.transition = request
        asked.format = format.output
        let job = try Job(asked, output: path)
        var times: [[Double]] = [[], []]
        for run in 0...runs {
            for (k, transition) in [long, short].enumerated() {
                let start = DispatchTime.now()
                _ = try job.run(.transition(transition), renderer: renderer, version: Segue.version)
                let seconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
                if path != "/dev/null" { try? FileManager.default.removeItem(atPath: path) }
                if run > 0 { times[k].append(seconds) }
            }
        }
        let extra = max(1, long.frameCount - short.frameCount)
        let perFrame = max(1e-9, (Stat(times[0]).median - Stat(times[1]).median) / Double(extra))
        return EndToEndRow(format: format.rawValue, destination: path == "/dev/null" ? path : "temporary folder",
                           msPerFrame: perFrame * 1000, fps: 1 / perFrame, overRenderOnly: perFrame * 1000 / max(1e-9, renderMs))
    }

    /// ffmpeg's xfade writing `format` end to end, measured like `measureEndToEnd`: both stills
    /// converted to gbrap once and repeated with `loop`, xfade over the whole run (offset 0) so
    /// every output frame is a transition frame, at the long and the short run's frame counts.
    /// Outputs: raw `rgba` and `yuv4mpegpipe` (`yuv444p`, as Segue's C444) to stdout on
    /// /dev/null, a PNG sequence at `-compression_level 1`, MP4 with `FFmpegSink`'s own filters
    /// and encoder and colour options.
    private func timeXfadeEndToEnd(_ ffmpeg: String, xfade: String, transition t: PreparedTransition,
                                   format: EndToEndFormat, segueFPS: Double) throws(SegueError) -> FFmpegRow {
        let dir = NSTemporaryDirectory() + "segue-bench-xfade-\(getpid())"
        try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try PNGCodec.write(t.images[.from]!, to: dir + "/from.png", compression: .fast)
        try PNGCodec.write(t.images[.to]!, to: dir + "/to.png", compression: .fast)
        let threads = SystemInfo.activeProcessorCount
        let output: [String]
        var finalFilter = ""
        switch format {
        case .raw: output = ["-f", "rawvideo", "-pix_fmt", "rgba", "-"]
        case .y4m: output = ["-f", "yuv4mpegpipe", "-pix_fmt", "yuv444p", "-"]
        case .png: output = ["-pix_fmt", "rgba", "-compression_level", "1", "-f", "image2", dir + "/frames/%06d.png"]
        case .mp4:
            finalFilter = FFmpegSink.filterGraph(.mp4, .srgb).map { "," + $0 } ?? ""
            output = FFmpegSink.encoderArguments(.mp4) + [dir + "/out.mp4"]
        }
        let counts = [frames, Self.shortRunFrames(frames)]
        var times: [[Double]] = [[], []]
        for run in 0...runs {
            for (k, n) in counts.enumerated() {
                try? FileManager.default.removeItem(atPath: dir + "/frames")
                try? FileManager.default.createDirectory(atPath: dir + "/frames", withIntermediateDirectories: true)
                let still = { (input: Int, label: String) in
                    "[\(input):v]format=gbrap,loop=loop=\(n - 1):size=1:start=0,setpts=N/60/TB[\(label)];"
                }
                let graph = still(0, "a") + still(1, "b")
                    + "[a][b]xfade=transition=\(xfade):duration=\(String(format: "%.6f", Double(n) / 60)):offset=0\(finalFilter)[o]"
                let seconds = try runFFmpeg(ffmpeg, ["-hide_banner", "-v", "error", "-nostdin", "-y", "-filter_complex_threads", "\(threads)",
                                                     "-framerate", "60", "-i", dir + "/from.png", "-framerate", "60", "-i", dir + "/to.png",
                                                     "-filter_complex", graph, "-map", "[o]"] + output)
                if run > 0 { times[k].append(seconds) }
            }
        }
        let perFrame = max(1e-9, (Stat(times[0]).median - Stat(times[1]).median) / Double(max(1, counts[0] - counts[1])))
        let fps = 1 / perFrame
        return FFmpegRow(transition: xfade, msPerFrame: perFrame * 1000, fps: fps, ratio: segueFPS / fps, threads: threads,
                         pixelFormat: "gbrap", output: output.filter { !$0.hasPrefix(dir) }.joined(separator: " "))
    }

    /// Every frame of the sequence per run, driven as a job drives the renderer: `submit` and
    /// `collect`, so GL reads frames back pipelined through its pixel buffers where it does
    /// in a render, and a run ends when its last frame is back.
    private func measure(_ t: PreparedTransition, renderer: any FrameRenderer) throws(SegueError) -> Row {
        var buffer = PixelBuffer(size: t.size)
        let plans = (0..<t.frameCount).map { t.plan(frame: $0) }
        var samples: [Double] = []
        var spare: [PixelBuffer] = []
        for run in 0...runs {
            let start = DispatchTime.now()
            for plan in plans {
                if let done = try renderer.submit(plan, images: t.images, into: spare.popLast() ?? PixelBuffer(size: t.size)) {
                    spare.append(done)
                }
            }
            while let done = try renderer.collect() { spare.append(done) }
            let ms = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e6 / Double(plans.count)
            if run > 0 { samples.append(ms) }
        }
        try renderer.render(t.plan(frame: t.frameCount / 2), images: t.images, into: &buffer)
        var encode: [Double] = []
        for _ in 0..<3 {
            let start = DispatchTime.now()
            _ = try PNGCodec.encode(buffer, compression: .fast)
            encode.append(Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e6)
        }
        let stat = Stat(samples)
        return Row(effect: t.descriptor.name, backend: renderer.backendName, renderMs: stat,
                   fps: stat.median > 0 ? 1000 / stat.median : 0, pngFastEncodeMs: Stat(encode))
    }

    /// ffmpeg xfade per transition frame, measured as docs/BATCH.md describes: both stills
    /// converted to gbrap once and repeated with `loop` (references, no copies); an identical
    /// graph with trim+concat in place of xfade is the baseline; (xfade − baseline) / 60.
    private func timeXfade(_ ffmpeg: String, xfade: String, transition t: PreparedTransition, segueFPS: Double) throws(SegueError) -> FFmpegRow {
        let dir = NSTemporaryDirectory() + "/segue-bench-\(getpid())"
        try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try PNGCodec.write(t.images[.from]!, to: dir + "/from.png", compression: .fast)
        try PNGCodec.write(t.images[.to]!, to: dir + "/to.png", compression: .fast)
        let threads = SystemInfo.activeProcessorCount
        // 30 fps: 15 frames before, 60 transition frames (2 s), 30 after = 105 frames out.
        let inputs = "[0:v]format=gbrap,loop=loop=89:size=1:start=0,setpts=N/30/TB[a];[1:v]format=gbrap,loop=loop=89:size=1:start=0,setpts=N/30/TB[b];"
        let graphs = [inputs + "[a][b]xfade=transition=\(xfade):duration=2:offset=0.5[o]",
                      inputs + "[a]trim=end_frame=15[a1];[a1][b]concat=n=2:v=1:a=0[o]"]
        var times: [[Double]] = [[], []]
        for run in 0...runs {
            for (g, graph) in graphs.enumerated() {
                let seconds = try runFFmpeg(ffmpeg, ["-hide_banner", "-v", "error", "-nostdin", "-filter_complex_threads", "\(threads)",
                                                     "-framerate", "30", "-i", dir + "/from.png", "-framerate", "30", "-i", dir + "/to.png",
                                                     "-filter_complex", graph, "-map", "[o]", "-f", "null", "-"])
                if run > 0 { times[g].append(seconds) }
            }
        }
        let perFrame = max(1e-9, (Stat(times[0]).median - Stat(times[1]).median) / 60)
        let fps = 1 / perFrame
        return FFmpegRow(transition: xfade, msPerFrame: perFrame * 1000, fps: fps, ratio: segueFPS / fps, threads: threads, pixelFormat: "gbrap")
    }

    /// The C reference (`CBlendSource`, Sources/SegueCBlend/cblend.c): `dst = (a·(256−t) + b·t +
    /// 128) >> 8` per byte over two frames of the bench size, one contiguous run per thread like
    /// the renderer's bands, `cc -O3 -march=native`. Built into a temporary folder each run;
    /// needs `cc` (Debian: gcc).
    private func timeCBlend(size: PixelSize) throws(SegueError) -> CBlendRow? {
        let compilers: [String] = ["/usr/bin/cc", "/usr/bin/gcc"]
        guard let cc = compilers.first(where: { access($0, X_OK) == 0 }) else {
            printError("segue: no C compiler (Debian: gcc); skipping the C blend reference")
            return nil
        }
        let dir = NSTemporaryDirectory() + "segue-cblend-\(getpid())"
        try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        guard FileManager.default.createFile(atPath: dir + "/blend.c", contents: Data(CBlendSource.text.utf8)) else {
            throw .io("\(dir)/blend.c: cannot write")
        }
        let (built, _, problem) = try runTool(cc, ["-O3", "-march=native", "-pthread", CBlendSource.timingMainDefine,
                                                  "-o", dir + "/blend", dir + "/blend.c"])
        guard built else { throw .io("C blend: \(cc) failed: \(problem ?? "")") }
        let threads = SystemInfo.activeProcessorCount
        let (ran, output, _) = try runTool(dir + "/blend", ["\(size.pixelCount)", "\(max(frames, 60))", "\(threads)"])
        let samples = output.split(whereSeparator: \.isNewline).compactMap { Double($0) }
        guard ran, samples.count == 5 else { throw SegueError(.internalError, "C blend printed \(output)") }
        let stat = Stat(samples)
        return CBlendRow(msPerFrame: stat, fps: 1000 / stat.median, threads: threads, compiler: "\(fileName(cc)) -O3 -march=native")
    }

    private func fileName(_ path: String) -> String { String(path.split(separator: "/").last ?? "") }

    /// Runs a tool to the end: whether it exited 0, its stdout, and its last line on stderr.
    private func runTool(_ path: String, _ arguments: [String]) throws(SegueError) -> (Bool, String, String?) {
        let child = try ChildProcess(path, arguments, stdout: .pipe)
        let (output, end) = child.readAllAndWait()
        return (end.succeeded, String(decoding: output, as: UTF8.self), child.lastErrorLine())
    }

    func runFFmpeg(_ path: String, _ arguments: [String]) throws(SegueError) -> Double {
        let start = DispatchTime.now()
        let child = try ChildProcess(path, arguments, name: "ffmpeg")
        let end = child.wait()
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
        guard end.succeeded else { throw .io("ffmpeg failed: \(child.lastErrorLine() ?? "exit status \(end.status)")") }
        return seconds
    }

    static func cpuModel() -> String {
        let info = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
        let line = info.split(separator: "\n").first { $0.hasPrefix("model name") }
        return line.flatMap { $0.split(separator: ":", maxSplits: 1).last }.map { $0.trimmingCharacters(in: .whitespaces) } ?? "unknown CPU"
    }

    static func ffmpegVersion(_ path: String) -> String? {
        guard let child = try? ChildProcess(path, ["-version"], stdout: .pipe, stderr: .null) else { return nil }
        let data = child.readAllAndWait().0
        return String(decoding: data, as: UTF8.self).split(separator: "\n").first.map { $0.split(separator: " ").prefix(3).joined(separator: " ") }
    }
}
