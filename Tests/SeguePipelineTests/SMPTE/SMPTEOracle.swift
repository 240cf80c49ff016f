import Foundation
import Testing
import SegueCore
import SegueEffects
import SegueGL
import SeguePipeline
import SegueSoftware

/// The frame-equality harness of GStreamer's SMPTE wipes (docs/SMPTE.md, "How it is tested").
///
/// GStreamer's `smptealpha` turns an opaque white frame's alpha into the wipe's alpha: 255
/// where `from` still shows, 0 where `to` does. Segue renders the same wipe from an opaque white
/// `from` to a transparent `to`, so its output's alpha is the same quantity. For a wipe and a
/// size one `gst-launch-1.0` run (one branch per position and setting) writes every frame as
/// raw AYUV; Segue renders the same positions (linear timing: the fraction is GStreamer's
/// position) on the software and GL renderers, and each alpha plane must hold `minimumPSNR`
/// against GStreamer's over the pixels GStreamer itself draws (`SMPTEMask.isGStreamers`: not
/// the few it leaves undrawn or steps past the mask's range, which Segue deliberately fills
/// and clamps; at most `maximumUndrawnShare` of the frame).
///
/// `make test` samples `quickWipes` at `quickPoints`; `make test-full` (SEGUE_TEST_FULL=1)
/// checks all 70 at `fullPoints`. Needs gst-launch-1.0 with the smpte plugin (Debian's
/// gstreamer1.0-tools and gstreamer1.0-plugins-good) and EGL: without them the checks fail,
/// they never skip. Call it from a suite inside `GLSuite`.
enum SMPTEOracle {
    static let sizes = [PixelSize(width: 101, height: 67), PixelSize(width: 319, height: 181)]
    static let quickPoints: [Double] = [0.2, 0.5, 0.8]
    static let fullPoints: [Double] = [0.05, 0.2, 0.35, 0.5, 0.65, 0.8, 0.95]
    static var points: [Double] { XfadeOracle.isFull ? fullPoints : quickPoints }
    /// GStreamer's settings each position runs with: a hard edge, the same inverted, and a soft
    /// edge an eighth of the range wide (within the borders GStreamer's int arithmetic computes
    /// without overflow, 32896).
    static let settings: [(border: Int, invert: Bool)] = [(0, false), (0, true), (8192, false)]
    static let minimumPSNR = 38.0
    /// GStreamer leaves undrawn what its grid does not reach at odd sizes (four-box-wipe-co at
    /// 101×67: the column right of its 4×4 grid and the rows below it, 7.2 %).
    static let maximumUndrawnShare = 0.08
    /// One wipe of each table GStreamer draws from (bars, triangles on each grid, box sweeps on
    /// each grid, fans), the `make test` sample; `make test-full` checks every wipe.
    static let quickWipes = ["bar-wipe-tb", "barndoor-v", "box-wipe-br", "four-box-wipe-ci", "four-box-wipe-co", "box-wipe-rc",
                             "diagonal-tr", "bowtie-v", "iris-rect", "clock-cw9", "singlesweep-cwtl", "doublesweep-pv",
                             "windshield-u", "doublesweep-pdbl"]
    static var wipes: [SMPTETransition] {
        XfadeOracle.isFull ? SMPTETransition.all : quickWipes.compactMap { SMPTETransition($0) }
    }

    /// One frame compared.
    struct Outcome: CustomStringConvertible, Sendable {
        var transition: SMPTETransition
        var size: PixelSize
        var position: Double
        var border: Int
        var invert: Bool
        var backend: String
        var psnr: Double
        var description: String {
            "smpte-oracle \(transition.number) \(transition.name) \(size) position=\(position) border=\(border) invert=\(invert) \(backend): PSNR \(psnr) dB"
        }
    }

    /// Holds `transition` against the installed GStreamer on both renderers; records an issue per
    /// frame below `minimumPSNR`, returns every comparison.
    @discardableResult
    static func check(_ transition: SMPTETransition, sizes: [PixelSize] = sizes, points: [Double] = points) throws -> [Outcome] {
        let gl = try GLRenderer(platform: .auto)
        let renderers: [(String, any FrameRenderer)] = [("software", SoftwareRenderer()), ("gl", gl)]
        var outcomes: [Outcome] = []
        for size in sizes {
            let mask = SMPTEMask.shared(transition, size: size)
            let compared = mask.isGStreamers
            let undrawn = Double(compared.count { !$0 }) / Double(size.pixelCount)
            #expect(undrawn <= maximumUndrawnShare, "\(transition.name) \(size): \(undrawn) of the pixels are not GStreamer's own")
            let frames = try gstreamerAlpha(transition, size: size, points: points)
            for setting in settings {
                let prepared = try preparedWipe(transition, size: size, border: setting.border, invert: setting.invert)
                for position in points {
                    guard let want = frames[Key(position: position, border: setting.border, invert: setting.invert)] else {
                        throw SegueError(.internalError, "no GStreamer frame for \(position)")
                    }
                    let plan = prepared.plan(fraction: position)
                    for (backend, renderer) in renderers {
                        var got = PixelBuffer(size: size)
                        try renderer.render(plan, images: prepared.images, into: &got)
                        let psnr = alphaPSNR(got, want, where: compared)
                        let outcome = Outcome(transition: transition, size: size, position: position, border: setting.border,
                                              invert: setting.invert, backend: backend, psnr: psnr)
                        outcomes.append(outcome)
                        #expect(psnr >= minimumPSNR, "\(outcome)")
                    }
                }
            }
        }
        for backend in ["software", "gl"] {
            if let worst = outcomes.filter({ $0.backend == backend }).min(by: { $0.psnr < $1.psnr }) { print("worst \(worst)") }
        }
        return outcomes
    }

    /// The wipe from an opaque white `from` to a transparent `to`, linear over a second.
    static func preparedWipe(_ transition: SMPTETransition, size: PixelSize, border: Int, invert: Bool) throws -> PreparedTransition {
        var request = TransitionRequest(effect: EffectTable.smptePrefix + transition.name)
        request.parameters = [("border", String(border)), ("invert", String(invert))]
        request.fromImage = PixelBuffer(width: size.width, height: size.height,
                                        bytes: [UInt8](repeating: 255, count: size.pixelCount * 4))
        request.toImage = PixelBuffer(size: size)
        request.timing = "linear"
        request.duration = 1
        return try PreparedTransition(request)
    }

    /// PSNR of the alpha planes over the pixels `compared` marks (∞ when equal).
    static func alphaPSNR(_ got: PixelBuffer, _ want: [UInt8], where compared: [Bool]) -> Double {
        var squares = 0.0, count = 0
        for i in compared.indices where compared[i] {
            let d = Double(Int(got.bytes[i * 4 + 3]) - Int(want[i]))
            squares += d * d
            count += 1
        }
        guard squares > 0, count > 0 else { return .infinity }
        return 10 * log10(255 * 255 / (squares / Double(count)))
    }

    struct Key: Hashable {
        var position: Double
        var border: Int
        var invert: Bool
    }

    /// GStreamer's alpha plane of `transition` at every position and setting: one run, one
    /// branch per frame, each `videotestsrc pattern=white` through `smptealpha` into a raw file.
    static func gstreamerAlpha(_ transition: SMPTETransition, size: PixelSize, points: [Double]) throws -> [Key: [UInt8]] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("segue-smpte-oracle-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var arguments = ["-q"]
        var files: [Key: String] = [:]
        for setting in settings {
            for position in points {
                let key = Key(position: position, border: setting.border, invert: setting.invert)
                let file = "\(folder)/\(files.count).ayuv"
                files[key] = file
                arguments += ["videotestsrc", "num-buffers=1", "pattern=white", "!",
                              "video/x-raw,format=AYUV,width=\(size.width),height=\(size.height)", "!",
                              "smptealpha", "type=\(transition.number)", "position=\(position)", "border=\(setting.border)",
                              "invert=\(setting.invert)", "!", "video/x-raw,format=AYUV", "!", "filesink", "location=\(file)"]
            }
        }
        try runGStreamer(arguments)
        var frames: [Key: [UInt8]] = [:]
        for (key, file) in files {
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: file)))
            guard bytes.count == size.pixelCount * 4 else {
                throw SegueError(.missingInput, "gst-launch-1.0 wrote \(bytes.count) bytes for a \(size) AYUV frame")
            }
            // AYUV: alpha first in each pixel.
            frames[key] = stride(from: 0, to: bytes.count, by: 4).map { bytes[$0] }
        }
        return frames
    }

    /// Runs gst-launch-1.0 quietly; fails (never skips) when it is missing or fails.
    static func runGStreamer(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["gst-launch-1.0"] + arguments
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        do { try process.run() } catch {
            throw SegueError(.missingInput, "cannot run gst-launch-1.0 (install it: make test-deps): \(error)")
        }
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw SegueError(.missingInput, "gst-launch-1.0 failed (\(process.terminationStatus)): \(message)")
        }
    }
}
