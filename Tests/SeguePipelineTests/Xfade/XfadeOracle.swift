import Foundation
import Testing
import SegueCore
import SegueEffects
import SegueGL
import SegueIO
import SeguePipeline
import SegueSoftware
import SegueTestSupport

/// The frame-equality harness of ffmpeg's xfade transitions (docs/XFADE.md, "How it is tested").
///
/// Two opaque inputs of each odd size are made by ffmpeg itself (`testsrc2`, sharp edges and
/// text, and `mandelbrot`, smooth colour fields), so Segue and ffmpeg read the same pixels. For
/// a transition and a size, one ffmpeg run renders every frame of a one-second xfade at 10 fps:
/// frame k has xfade's progress P = 1 − k/10, which is Segue's `--at k/10` with linear timing.
/// Segue renders the same fractions in process on the software and GL renderers; each frame must
/// hold `minimumPSNR` against ffmpeg's. The oracle is Debian's ffmpeg 5.1, what users have, for
/// every name it renders correctly, and ffmpeg 9 (`FFmpeg9`) for the names it lacks or renders
/// wrongly (`Oracle`).
///
/// `make test` samples `quickPoints`; `make test-full` (SEGUE_TEST_FULL=1) checks `fullPoints`.
/// Needs both ffmpegs and EGL: without them the checks fail, they never skip. Call it from a
/// suite inside `GLSuite` (GL renderers start one at a time).
enum XfadeOracle {
    static let sizes = [PixelSize(width: 101, height: 67), PixelSize(width: 319, height: 181)]
    /// The sizes of the names held against ffmpeg 9: those, an odd width one past the second's,
    /// and a larger frame, where rows and columns index further into xfade's noise.
    static let ffmpeg9Sizes = sizes + [PixelSize(width: 321, height: 181), PixelSize(width: 641, height: 361)]
    /// Segue fractions `make test` checks: one early, the middle, one late.
    static let quickPoints: [Double] = [0.2, 0.5, 0.8]
    /// Every frame of the ffmpeg run, ends included.
    static let fullPoints: [Double] = (0...framesPerSecond).map { Double($0) / Double(framesPerSecond) }
    static var points: [Double] { isFull ? fullPoints : quickPoints }
    /// Whether this run is `make test-full`.
    static var isFull: Bool { ProcessInfo.processInfo.environment["SEGUE_TEST_FULL"] == "1" }
    static let minimumPSNR = 40.0
    /// Names whose ffmpeg 5.1 frames cannot serve: its fadegrays reads uninitialised memory
    /// (its frames can change from run to run; FFmpeg fixed it later by zeroing the sums).
    static let unreliableInFFmpeg51: Set<XfadeTransition> = [.fadegrays]
    /// The ffmpeg run's frame rate over its one-second transition: frame k is fraction k/10.
    static let framesPerSecond = 10

    /// One frame compared.
    struct Outcome: CustomStringConvertible, Sendable {
        /// The xfade transition's name (`custom` with its expression for xfade:custom).
        var name: String
        var size: PixelSize
        var fraction: Double
        var backend: String
        var psnr: Double
        var maxDifference: Int
        var description: String {
            "xfade-oracle \(name) \(size.width)x\(size.height) p=\(fraction) \(backend): PSNR \(psnr) dB, max \(maxDifference)"
        }
    }

    /// Which ffmpeg renders the frames a transition is held against.
    enum Oracle: Sendable {
        /// Debian 12's, on PATH.
        case debian
        /// imageio-ffmpeg's (`FFmpeg9`).
        case ffmpeg9

        init(_ transition: XfadeTransition) {
            self = transition.isInFFmpeg51 && !unreliableInFFmpeg51.contains(transition) ? .debian : .ffmpeg9
        }

        /// The sizes its names are checked at.
        var sizes: [PixelSize] { self == .debian ? XfadeOracle.sizes : ffmpeg9Sizes }
    }

    /// Holds `transition` against its oracle's xfade of the same name, on both renderers, at
    /// `points` (Segue fractions k/10) and the oracle's sizes. `parameters` are Segue's extras
    /// (their defaults must stay frame-equal). Records an issue per frame below `minimumPSNR`;
    /// returns every comparison (the worst is printed).
    @discardableResult
    static func check(_ transition: XfadeTransition, points: [Double] = points,
                      parameters: [(String, String)] = []) throws -> [Outcome] {
        let oracle = Oracle(transition)
        return try compare(transition.rawValue, sizes: oracle.sizes, points: points, parameters: parameters) { inputs, size, fraction in
            try ffmpegFrame(transition.rawValue, size: size, inputs: inputs, frame: try frameIndex(of: fraction), oracle: oracle)
        }
    }

    /// Holds `xfade:custom` with `expression` against the installed ffmpeg's
    /// `xfade=transition=custom:expr=…` on both renderers (planes GBRAP, as Segue evaluates
    /// them; one filter thread, as eval.c's variables are shared by its threads).
    @discardableResult
    static func checkCustom(_ expression: String, sizes: [PixelSize] = sizes, points: [Double] = points) throws -> [Outcome] {
        try compare("custom", sizes: sizes, points: points, parameters: [("expr", expression)]) { inputs, size, fraction in
            try ffmpegFrame("custom:expr='\(expression)'", size: size, inputs: inputs, frame: try frameIndex(of: fraction),
                            planes: "gbrap", threads: 1)
        }
    }

    /// Renders the transition named `name` at each fraction on both renderers and compares with `expected`.
    private static func compare(_ name: String, sizes: [PixelSize], points: [Double], parameters: [(String, String)],
                                expected: (Inputs, PixelSize, Double) throws -> PixelBuffer) throws -> [Outcome] {
        let gl = try GLRenderer(platform: .auto)
        let renderers: [(String, any FrameRenderer)] = [("software", SoftwareRenderer()), ("gl", gl)]
        var outcomes: [Outcome] = []
        for size in sizes {
            let inputs = try Inputs.shared(size)
            var request = TransitionRequest(effect: EffectTable.xfadePrefix + name)
            request.parameters = parameters
            request.fromImage = inputs.from
            request.toImage = inputs.to
            request.timing = "linear"
            request.duration = 1
            request.fps = Double(framesPerSecond)
            let prepared = try PreparedTransition(request)
            for fraction in points {
                let want = try expected(inputs, size, fraction)
                let plan = prepared.plan(fraction: fraction)
                for (backend, renderer) in renderers {
                    var got = PixelBuffer(size: size)
                    try renderer.render(plan, images: prepared.images, into: &got)
                    let comparison = try ImageComparison(got, want)
                    let outcome = Outcome(name: parameters.isEmpty ? name : "\(name) \(parameters.map { "\($0.0)=\($0.1)" }.joined(separator: " "))", size: size, fraction: fraction, backend: backend,
                                          psnr: comparison.psnr, maxDifference: comparison.maxDifference)
                    outcomes.append(outcome)
                    #expect(comparison.psnr >= minimumPSNR, "\(outcome)")
                }
            }
        }
        for backend in ["software", "gl"] {
            if let worst = outcomes.filter({ $0.backend == backend }).min(by: { $0.psnr < $1.psnr }) {
                print("worst \(worst)")
            }
        }
        return outcomes
    }

    /// Renders `transition` between translucent inputs (premultiplied noise) at `points` on both
    /// renderers and records an issue for any pixel with a colour channel above its alpha: the
    /// frames must stay valid premultiplied data.
    static func checkStaysPremultiplied(_ transition: XfadeTransition, size: PixelSize = PixelSize(width: 61, height: 37),
                                        points: [Double] = quickPoints, parameters: [(String, String)] = []) throws {
        let gl = try GLRenderer(platform: .auto)
        var request = TransitionRequest(effect: EffectTable.xfadePrefix + transition.rawValue)
        request.parameters = parameters
        request.fromImage = TestImages.noise(width: size.width, height: size.height, seed: 1)
        request.toImage = TestImages.noise(width: size.width, height: size.height, seed: 2)
        request.timing = "linear"
        let prepared = try PreparedTransition(request)
        for fraction in points {
            for (backend, renderer) in [("software", SoftwareRenderer()), ("gl", gl)] as [(String, any FrameRenderer)] {
                var frame = PixelBuffer(size: size)
                try renderer.render(prepared.plan(fraction: fraction), images: prepared.images, into: &frame)
                let invalid = stride(from: 0, to: frame.bytes.count, by: 4).filter { i in
                    (0..<3).contains { frame.bytes[i + $0] > frame.bytes[i + 3] }
                }
                #expect(invalid.isEmpty, "\(transition.rawValue) p=\(fraction) \(backend): \(invalid.count) pixels with colour above alpha")
            }
        }
    }

    /// The ffmpeg frame index of Segue fraction `fraction` (a multiple of 1/10).
    static func frameIndex(of fraction: Double) throws -> Int {
        let k = (fraction * Double(framesPerSecond)).rounded()
        guard abs(k - fraction * Double(framesPerSecond)) < 1e-9, (0...Double(framesPerSecond)).contains(k) else {
            throw SegueError(.invalidInput, "xfade oracle points are multiples of 1/\(framesPerSecond) in 0…1, not \(fraction)")
        }
        return Int(k)
    }

    /// `oracle`'s frame k of xfade `transition` (its option value) between the inputs; one
    /// ffmpeg run per oracle, transition and size renders every frame, kept for the rest of the
    /// test process.
    static func ffmpegFrame(_ transition: String, size: PixelSize, inputs: Inputs, frame k: Int, oracle: Oracle = .debian,
                            planes: String = "gbrp", threads: Int? = nil) throws -> PixelBuffer {
        let folder = try FFmpegRuns.shared.folder(for: transition, oracle: oracle, size: size) { folder in
            // gbrp: xfade works per plane in R, G and B, as Segue does per channel.
            let graph = "[0]format=\(planes)[a];[1]format=\(planes)[b];[a][b]xfade=transition=\(transition):duration=1:offset=0,format=rgba"
            let rate = String(framesPerSecond)
            try runFFmpeg((threads.map { ["-filter_complex_threads", String($0)] } ?? []) + [
                           "-loop", "1", "-framerate", rate, "-t", "2", "-i", inputs.fromPath,
                           "-loop", "1", "-framerate", rate, "-t", "2", "-i", inputs.toPath,
                           "-filter_complex", graph, "-frames:v", String(framesPerSecond + 1), folder + "/frame%02d.png"],
                          executable: oracle == .ffmpeg9 ? try FFmpeg9.executable() : nil)
        }
        // The image2 muxer numbers files from 1.
        return try ImageFile.load(folder + String(format: "/frame%02d.png", k + 1))
    }

    /// Runs ffmpeg quietly, the one on PATH unless `executable` is given; fails (never skips)
    /// when it is missing or fails.
    static func runFFmpeg(_ arguments: [String], executable: String? = nil) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable ?? "/usr/bin/env")
        process.arguments = (executable == nil ? ["ffmpeg"] : []) + ["-nostdin", "-v", "error", "-y"] + arguments
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        do { try process.run() } catch {
            throw SegueError(.missingInput, "cannot run ffmpeg (install it: make test-deps): \(error)")
        }
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw SegueError(.missingInput, "ffmpeg \(arguments.joined(separator: " ")) failed (\(process.terminationStatus)): \(message)")
        }
    }

    /// The two opaque inputs of one size, as files (for ffmpeg) and decoded (for Segue).
    struct Inputs: Sendable {
        var fromPath: String
        var toPath: String
        var from: PixelBuffer
        var to: PixelBuffer

        private static let cache = Cache<PixelSize, Inputs>()

        /// Made once per size and test process.
        static func shared(_ size: PixelSize) throws -> Inputs {
            try cache.value(for: size) {
                let folder = TestFiles.temporaryDirectory("xfadeinputs\(size.width)x\(size.height)")
                let fromPath = folder + "/from.png", toPath = folder + "/to.png"
                // Converted to rgb24 before cropping to the odd size: ffmpeg would round odd
                // sizes of its sources' native YUV 4:2:0 to even.
                try runFFmpeg(["-f", "lavfi", "-i", "testsrc2=s=\(size.width + 1)x\(size.height + 1)",
                               "-vf", "format=rgb24,crop=\(size.width):\(size.height):0:0", "-frames:v", "1", fromPath])
                try runFFmpeg(["-f", "lavfi", "-i", "mandelbrot=s=\(size.width)x\(size.height)",
                               "-vf", "format=rgb24", "-frames:v", "1", toPath])
                return Inputs(fromPath: fromPath, toPath: toPath, from: try ImageFile.load(fromPath), to: try ImageFile.load(toPath))
            }
        }
    }

    /// Folders of ffmpeg's frames, one per oracle, transition and size.
    final class FFmpegRuns: Sendable {
        static let shared = FFmpegRuns()
        private struct Key: Hashable { var transition: String; var oracle: Oracle; var size: PixelSize }
        private let cache = Cache<Key, String>()

        func folder(for transition: String, oracle: Oracle, size: PixelSize, render: (String) throws -> Void) throws -> String {
            try cache.value(for: Key(transition: transition, oracle: oracle, size: size)) {
                let folder = TestFiles.temporaryDirectory("xfade\(oracle)\(UInt32(truncatingIfNeeded: transition.hashValue))\(size.width)x\(size.height)")
                try render(folder)
                return folder
            }
        }
    }
}

/// A value per key made once, under a lock (tests run in parallel).
final class Cache<Key: Hashable & Sendable, Value: Sendable>: @unchecked Sendable {
    private var values: [Key: Value] = [:]
    private let lock = NSLock()

    func value(for key: Key, make: () throws -> Value) throws -> Value {
        lock.lock()
        defer { lock.unlock() }
        if let value = values[key] { return value }
        let value = try make()
        values[key] = value
        return value
    }
}
