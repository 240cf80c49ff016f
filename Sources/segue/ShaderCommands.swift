import ArgumentParser
import Foundation
import SegueCore
import SegueAuthoring
import SegueGL
import SegueIO
import SeguePipeline

struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check shader files: signature, metadata, reserved names, defaults, compile, and the spec's endpoint rule (512x256, its five pick points).",
        discussion: """
        Exit status 0 when every file passes; 124 when a file's frame exceeded --time-limit (the \
        other files are still checked and reported; that file is reported as timed out); 65 \
        otherwise. --json prints one JSON object per file and line.
        """)

    @Argument(help: "Shader files (.glsl).") var files: [String]
    @Flag(help: "Print one JSON object per file.") var json = false
    @OptionGroup var gl: GLOptions
    @OptionGroup var shaders: ShaderOptions
    @Option(help: "Seconds one frame may take before the file fails as timed out (exit 124); 0 = no limit.") var timeLimit: Double = 10
    /// Set in the child process that checks one file (`ChildRun`): check only the N-th (0-based).
    @Option(help: .hidden) var onlyFile: Int?

    func run() throws {
        var failed = false, timedOut = false
        try reportingErrors { () throws(SegueError) in
            try gl.apply()
            let catalog = try shaders.catalog()
            let limit = try ShaderOptions.frameTimeLimit(timeLimit)
            let session = RenderSession(backend: .gl, eglPlatform: gl.eglPlatform, notice: { printError("segue: \($0)") })
            session.frameTimeLimit = limit
            for (index, file) in files.enumerated() where onlyFile == nil || onlyFile == index {
                // A runaway frame ends its process: with a limit, each file is checked in a child.
                if onlyFile == nil, limit > 0 {
                    let status = ChildRun.run(ChildRun.ownArguments + ["--only-file", "\(index)"])
                    if status == FrameWatchdog.exitCode {
                        timedOut = true
                        report(ShaderValidation.timedOut(path: file, limitSeconds: limit))
                    } else if status != 0 {
                        failed = true
                    }
                    continue
                }
                let result = ShaderValidator.validate(path: file, catalog: catalog, session: session)
                failed = failed || !result.pass
                report(result)
            }
        }
        if timedOut { throw ExitCode(FrameWatchdog.exitCode) }
        if failed { throw ExitCode(SegueError.Kind.invalidInput.exitCode) }
    }

    private func report(_ result: ShaderValidation) {
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            print(String(decoding: (try? encoder.encode(result)) ?? Data(), as: UTF8.self))
        } else {
            printText("\(result.file): \(result.pass ? "pass" : "FAIL") (\(result.format))")
            for m in result.messages {
                let place = m.line.map { ":\($0)" + (m.column.map { ":\($0)" } ?? "") } ?? ""
                printText("\(result.file)\(place): \(m.level.rawValue): \(m.message) [\(m.code)]")
            }
        }
        // The parent's lines and its children's share stdout: keep them in order.
        StandardOutput.flush()
    }
}

struct WatchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "watch",
        abstract: "Re-render a preview of a shader file whenever it changes.",
        discussion: """
        Polls the file's modification time. Compile errors are printed as FILE:LINE:COL: error: …; \
        the preview keeps the last good render (written atomically). The preview is the frame \
        `still --at P` renders, or with --strip N that many frames from 0 to 1 side by side.
        """)

    @Argument(help: "The shader file (.glsl).") var file: String
    @Option(help: "Time fraction 0…1 of the previewed frame, linear in time, before the timing curve.") var at: Double = 0.5
    @Option(help: "Preview N frames from progress 0 to 1 side by side instead.") var strip: Int?
    @Option(name: .shortAndLong, help: "Preview PNG file (- for stdout, with --once).") var output: String
    @Option(help: "Seconds between checks of the file.") var interval: Double = 0.2
    @Flag(help: "Render once and exit (status 0 when the preview was written).") var once = false
    @OptionGroup var options: TransitionOptions

    func run() throws {
        var session: RenderSession?
        try reportingErrors { () throws(SegueError) in
            try Limits.fraction.check(at, option: "--at")
            if let strip { try Limits.stripFrames.check(strip, option: "--strip") }
            try Limits.watchInterval.check(interval, option: "--interval")
            try OutputFormat.checkPNGFileName(output, option: "-o")
            // A pipe cannot take back a preview: only one render can go to stdout.
            guard output != "-" || once else { throw .usage("-o -: watch writes a new preview on every change; use --once for stdout, or a file") }
            // The shader may not compile yet (watch waits for a fix), so its own settings are not
            // asked: the files named on the command line are.
            let inputs = [NamedPath(RequestInput.shader.flag, file)]
                + [(RequestInput.from, options.from), (.to, options.to), (.gesture, options.gesture)].compactMap { input, path in
                    path.map { NamedPath(input.flag, $0) }
                }
            try OutputConflicts.check(inputs: inputs, outputs: [NamedPath("-o", output)])
            session = try options.session()
        }
        var seen: Date?? = .none
        while true {
            let stamp = (try? FileManager.default.attributesOfItem(atPath: file))?[.modificationDate] as? Date
            if seen == .none || seen! != stamp {
                seen = .some(stamp)
                let result = Result { () throws(SegueError) in try preview(session!) }
                switch result {
                case .success: printError("segue: \(file): preview written to \(output == "-" ? "stdout" : output)")
                case .failure(let error):
                    // Compile errors are FILE:LINE:COL lines already; keep them as compilers print them.
                    for problem in [error] + error.related {
                        let line = problem.placedDetail
                        printError(line.hasPrefix(file + ":") ? line : "segue: \(line)")
                    }
                }
                if once {
                    if case .failure(let error) = result { throw ExitCode(error.exitCode) }
                    return
                }
            }
            Thread.sleep(forTimeInterval: interval)
        }
    }

    private func preview(_ session: RenderSession) throws(SegueError) {
        let transition = try options.prepare(effect: file)
        let renderer = try session.renderer(for: transition)
        try PNGCodec.write(try ShaderPreview.render(transition, renderer: renderer, at: at, strip: strip), to: output)
    }
}
