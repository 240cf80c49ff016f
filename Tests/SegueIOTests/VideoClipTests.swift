import Foundation
import SegueCore
@testable import SegueIO
import SegueTestSupport
import Testing

/// Clips made by ffmpeg once per test process (a missing ffmpeg fails these tests, never skips
/// them): testsrc2, which changes every frame, so frames tell their timestamps apart.
private struct ClipFixtures: Sendable {
    let folder: String
    /// 320×240, 25 fps, 2 s, with a sine sound track.
    var withSound: String { folder + "/sound25.mp4" }
    /// 320×240, 30 fps, 2 s, no sound.
    var thirty: String { folder + "/silent30.mp4" }
    /// Variable rate: 10 frames at 10 fps, then 50 at 30 fps (2.67 s).
    var variable: String { folder + "/vfr.mp4" }
    /// `withSound` with rotation metadata of 90°.
    var rotated: String { folder + "/rotated.mp4" }
    /// 160×240 stored with 2:1 pixels: shown 320×240.
    var anamorphic: String { folder + "/anamorphic.mp4" }
    /// `thirty`'s samples tagged BT.709 (limited range), and tagged full range (FFmpeg reads
    /// it as `yuvj420p`): the same numbers, other colours.
    var bt709: String { folder + "/bt709.mp4" }
    var fullRange: String { folder + "/full.mp4" }
    /// 64×64, 10 fps, 1 s of red at half opacity, PNG in MOV (alpha kept).
    var translucent: String { folder + "/translucent.mov" }
    var png: String { folder + "/still.png" }
    /// A still only ffmpeg reads.
    var bmp: String { folder + "/still.bmp" }
    var soundOnly: String { folder + "/sound.wav" }
    var text: String { folder + "/notes.txt" }
    /// The first 3000 bytes of `withSound`: no `moov` box.
    var truncated: String { folder + "/truncated.mp4" }

    static let shared: Result<ClipFixtures, Failure> = Result { () throws(Failure) in try ClipFixtures() }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    private init() throws(Failure) {
        folder = TestFiles.temporaryDirectory("clips")
        let testsrc = "testsrc2=size=320x240:rate="
        try Self.ffmpeg(["-f", "lavfi", "-i", testsrc + "25", "-f", "lavfi", "-i", "sine=frequency=440", "-t", "2",
                         "-c:v", "libx264", "-pix_fmt", "yuv420p", "-c:a", "aac", withSound])
        try Self.ffmpeg(["-f", "lavfi", "-i", testsrc + "30", "-t", "2", "-c:v", "libx264", "-pix_fmt", "yuv420p", thirty])
        try Self.ffmpeg(["-t", "2", "-f", "lavfi", "-i", testsrc + "30", "-vf", "setpts='if(lt(N,10),N/10,1+(N-10)/30)/TB'",
                         "-fps_mode", "vfr", "-c:v", "libx264", "-pix_fmt", "yuv420p", variable])
        try Self.ffmpeg(["-i", withSound, "-c", "copy", "-metadata:s:v:0", "rotate=90", rotated])
        let tags = "h264_metadata=matrix_coefficients=1:colour_primaries=1:transfer_characteristics=1"
        try Self.ffmpeg(["-i", thirty, "-c", "copy", "-bsf:v", tags, bt709])
        try Self.ffmpeg(["-i", thirty, "-c", "copy", "-bsf:v", "h264_metadata=video_full_range_flag=1", fullRange])
        try Self.ffmpeg(["-i", withSound, "-an", "-vf", "scale=160:240,setsar=2", "-c:v", "libx264", anamorphic])
        try Self.ffmpeg(["-f", "lavfi", "-i", "color=c=0xFF000080:size=64x64:rate=10,format=rgba", "-t", "1", "-c:v", "png", translucent])
        try Self.ffmpeg(["-f", "lavfi", "-i", testsrc + "1", "-frames:v", "1", png])
        try Self.ffmpeg(["-f", "lavfi", "-i", "testsrc2=size=64x48", "-frames:v", "1", bmp])
        try Self.ffmpeg(["-f", "lavfi", "-i", "sine", "-t", "1", soundOnly])
        TestFiles.writeFile(Array("not a video\n".utf8), text)
        guard let whole = FileManager.default.contents(atPath: withSound) else { throw Failure(description: "cannot read \(withSound)") }
        TestFiles.writeFile([UInt8](whole.prefix(3000)), truncated)
    }

    private static func ffmpeg(_ arguments: [String]) throws(Failure) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/ffmpeg")
        process.arguments = ["-v", "error", "-nostdin", "-y"] + arguments
        do { try process.run() } catch { throw Failure(description: "cannot run ffmpeg: \(error)") }
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw Failure(description: "ffmpeg failed: \(arguments.joined(separator: " "))") }
    }
}

@Suite struct VideoClipTests {
    private let clips: ClipFixtures

    init() throws { clips = try ClipFixtures.shared.get() }

    /// Every frame of the stretch, closing the decoder on every path.
    private func frames(_ path: String, start: Double = 0, length: Double, fps: Double, size: PixelSize,
                        fit: FitMode = .cover, source: MediaInfo? = nil) throws -> [PixelBuffer] {
        let decoder = try VideoClipDecoder(path: path, start: start, length: length, fps: fps, size: size, fit: fit, source: source)
        defer { decoder.close() }
        var all: [PixelBuffer] = []
        while let frame = try decoder.nextFrame() { all.append(frame) }
        return all
    }

    // MARK: Probing

    @Test func probeDescribesVideoSoundAndRate() throws {
        let info = try MediaProbe.probe(clips.withSound)
        #expect(info.kind == .video && info.size == PixelSize(width: 320, height: 240) && info.hasAudio)
        #expect(abs((info.duration ?? 0) - 2) <= 1.0 / 25 && info.frameRate == 25)
        let silent = try MediaProbe.probe(clips.thirty)
        #expect(silent.kind == .video && !silent.hasAudio && silent.frameRate == 30)
        #expect(abs((silent.duration ?? 0) - 2) <= 1.0 / 30)
    }

    @Test func probeReadsVariableRateDuration() throws {
        let info = try MediaProbe.probe(clips.variable)
        #expect(info.kind == .video)
        #expect(abs((info.duration ?? 0) - (1 + 50.0 / 30)) <= 1.0 / 10)
    }

    @Test func probeSwapsSidesOfQuarterTurn() throws {
        let info = try MediaProbe.probe(clips.rotated)
        #expect(info.kind == .video && info.size == PixelSize(width: 240, height: 320))
    }

    @Test func probeShowsNonSquarePixelsAsDisplayed() throws {
        #expect(try MediaProbe.probe(clips.anamorphic).size == PixelSize(width: 320, height: 240))
    }

    @Test func probeTellsStills() throws {
        #expect(try MediaProbe.probe(clips.png) == MediaInfo(kind: .still, width: 320, height: 240, duration: nil, frameRate: nil, hasAudio: false))
        #expect(try MediaProbe.probe(clips.bmp) == MediaInfo(kind: .still, width: 64, height: 48, duration: nil, frameRate: nil, hasAudio: false))
    }

    @Test func probeRefusesWhatIsNotAPicture() throws {
        #expect(throws: SegueError(.missingInput, "no such file", path: clips.folder + "/none.mp4")) {
            try MediaProbe.probe(clips.folder + "/none.mp4")
        }
        #expect(throws: SegueError(.missingInput, "is a directory", path: clips.folder)) { try MediaProbe.probe(clips.folder) }
        let fifo = clips.folder + "/fifo-probe"
        mkfifo(fifo, 0o644)
        #expect(throws: SegueError(.missingInput, "a FIFO, not a regular file", path: fifo)) { try MediaProbe.probe(fifo) }
        #expect(throws: SegueError(.invalidInput, "not a PNG or JPEG image, nor a video FFmpeg reads: Invalid data found when processing input", path: clips.text)) {
            try MediaProbe.probe(clips.text)
        }
        let truncated = #expect(throws: SegueError.self) { try MediaProbe.probe(clips.truncated) }
        #expect(truncated?.kind == .invalidInput && truncated?.exitCode == 65)
        #expect(truncated?.message.hasPrefix("\(clips.truncated): not a PNG or JPEG image, nor a video FFmpeg reads: ") == true)
        #expect(throws: SegueError(.invalidInput, "has no video stream (sound only); a clip or snapshot needs a picture", path: clips.soundOnly)) {
            try MediaProbe.probe(clips.soundOnly)
        }
    }

    /// ffprobe still reading after its time is killed, and the file refused: never waited on.
    @Test func probeOverTimeIsRefused() throws {
        let error = #expect(throws: SegueError.self) { try MediaProbe.runFFprobe(clips.withSound, timeLimit: 0.001) }
        #expect(error?.kind == .invalidInput)
        #expect(error?.message == "\(clips.withSound): ffprobe was still reading it after 0.001 s; not a file to wait on")
        #expect(try MediaProbe.runFFprobe(clips.withSound).count > 100)
    }

    /// A file is probed once while it stays the same, and again once it is replaced.
    @Test func probesAreRememberedUntilTheFileChanges() throws {
        let path = clips.folder + "/replaced.mp4"
        try? FileManager.default.removeItem(atPath: path)
        try FileManager.default.copyItem(atPath: clips.thirty, toPath: path)
        #expect(try MediaProbe.probe(path).size == PixelSize(width: 320, height: 240))
        #expect(ProbeCache.identity(path).flatMap(ProbeCache.report(for:)) != nil)
        try FileManager.default.removeItem(atPath: path)
        try FileManager.default.copyItem(atPath: clips.rotated, toPath: path)
        #expect(try MediaProbe.probe(path).size == PixelSize(width: 240, height: 320))
    }

    /// Descriptions ffprobe could give of hostile or unusual files: rotations either way and
    /// past a turn, a tag no number fits, unknown rates, cover art as the only picture.
    @Test func describesUnusualReports() throws {
        func describe(_ stream: String, format: String = #"{"format_name": "mov,mp4"}"#) throws(SegueError) -> MediaInfo {
            let json = #"{"streams": [{"codec_type": "video", "width": 40, "height": 30, \#(stream)}], "format": \#(format)}"#
            return try MediaProbe.describe(MediaProbe.decodeReport(Array(json.utf8), path: "x"), path: "x")
        }
        for (rotation, sideways) in [(-90, true), (270, true), (450, true), (180, false), (-360, false)] {
            let info = try describe(#""duration": "1.5", "side_data_list": [{"side_data_type": "Display Matrix", "rotation": \#(rotation)}]"#)
            #expect(info.size == (sideways ? PixelSize(width: 30, height: 40) : PixelSize(width: 40, height: 30)), "\(rotation)")
        }
        #expect(try describe(#""tags": {"rotate": "1e300"}"#).size == PixelSize(width: 40, height: 30))
        #expect(try describe(#""tags": {"rotate": "90"}"#).size == PixelSize(width: 30, height: 40))
        let unknown = try describe(#""avg_frame_rate": "0/0", "r_frame_rate": "0/0""#, format: #"{"format_name": "h264"}"#)
        #expect(unknown.kind == .video && unknown.duration == nil && unknown.frameRate == nil)
        #expect(try describe(#""nb_frames": "1", "duration": "0.04""#).kind == .still)
        #expect(try describe("\"sample_aspect_ratio\": \"0:1\"", format: #"{"format_name": "webp_pipe"}"#)
            == MediaInfo(kind: .still, width: 40, height: 30, duration: nil, frameRate: nil, hasAudio: false))
        #expect(throws: SegueError(.invalidInput, "has no video stream (no picture); a clip or snapshot needs a picture", path: "x")) {
            try describe(#""disposition": {"attached_pic": 1}"#)
        }
        #expect(throws: SegueError(.invalidInput, "ffprobe's description of it is not the JSON ffprobe writes", path: "x")) {
            try MediaProbe.decodeReport(Array("{\"streams\": 3}".utf8), path: "x")
        }
    }

    /// Recognising a clip reads its first bytes only, whatever its size.
    @Test func sniffingReadsTheHead() throws {
        let whole = try #require(FileManager.default.contents(atPath: clips.withSound))
        #expect(try InputFile.prefix(clips.withSound, count: 8) == Array(whole.prefix(8)))
        #expect(try InputFile.prefix(clips.text, count: 1000) == Array("not a video\n".utf8))
    }

    @Test func missingProgramNamesThePackage() {
        let error = #expect(throws: SegueError.self) { try FFmpegTools.required("ffprobe-not-installed", for: "clip.mp4") }
        #expect(error?.kind == .ffmpegMissing && error?.exitCode == 69)
        #expect(error?.message == "clip.mp4: video clips need ffprobe-not-installed, which is not on PATH (Debian: apt-get install ffmpeg)")
    }

    // MARK: Frame counts and timing

    @Test(arguments: ["sound25.mp4", "silent30.mp4", "vfr.mp4", "rotated.mp4"])
    func decodesRoundedLengthTimesRate(name: String) throws {
        let size = PixelSize(width: 48, height: 32)
        let all = try frames(clips.folder + "/" + name, start: 0.2, length: 1.5, fps: 30, size: size)
        #expect(all.count == VideoClipDecoder.frameCount(length: 1.5, fps: 30))
        #expect(all.count == 45)
        #expect(all.allSatisfy { $0.size == size && $0.isOpaque })
    }

    @Test func clipEndingEarlyEndsTheStream() throws {
        let all = try frames(clips.thirty, start: 1.5, length: 2, fps: 30, size: PixelSize(width: 32, height: 24))
        #expect((14...16).contains(all.count))
        #expect(try frames(clips.thirty, start: 5, length: 1, fps: 30, size: PixelSize(width: 32, height: 24)).isEmpty)
    }

    /// At the source's own rate every frame is new; at twice a 25 fps source's rate each
    /// source frame comes twice, and at the variable-rate clip's 10 fps start, three times.
    @Test func framesArePickedByTimestamp() throws {
        let size = PixelSize(width: 64, height: 48)
        let same = try frames(clips.thirty, length: 1, fps: 30, size: size)
        #expect(same.count == 30 && zip(same, same.dropFirst()).allSatisfy { $0 != $1 })
        let doubled = try frames(clips.withSound, length: 1, fps: 50, size: size)
        #expect(doubled.count == 50)
        #expect(stride(from: 0, to: 50, by: 2).allSatisfy { doubled[$0] == doubled[$0 + 1] })
        #expect(stride(from: 1, to: 49, by: 2).allSatisfy { doubled[$0] != doubled[$0 + 1] })
        let variable = try frames(clips.variable, length: 2, fps: 30, size: size)
        #expect(variable.count == 60)
        #expect(variable[0] == variable[1] && variable[1] == variable[2] && variable[2] != variable[3])
        #expect(zip(variable[30...], variable[31...]).allSatisfy { $0 != $1 })
    }

    /// Frame k of a stretch starting at `start` is the source frame at `start + k/fps`: the
    /// frames ffmpeg itself decodes from the file's beginning, unscaled.
    @Test func seekedFramesMatchFFmpegsOwnDecode() throws {
        let size = PixelSize(width: 320, height: 240)
        let reference = try FFmpegDecode.rgba(clips.withSound, frames: 20)
        let frameBytes = size.pixelCount * 4
        let decoded = try frames(clips.withSound, start: 0.4, length: 0.4, fps: 25, size: size)
        #expect(decoded.count == 10)
        for (k, frame) in decoded.enumerated() {
            let source = PixelBuffer(width: 320, height: 240, bytes: Array(reference[(10 + k) * frameBytes..<(11 + k) * frameBytes]))
            #expect(try ImageComparison(frame, source).meanAbsoluteDifference < 1, "frame \(k)")
        }
    }

    /// Samples that cross the pipe as YUV come out as ffmpeg's own RGBA decode of the file:
    /// the tags' matrix and range honoured (the first three clips hold the same samples), a
    /// rotation applied, chroma taken over its 2×2 block as swscale's converter takes it.
    /// swscale's SIMD converter rounds its coefficients coarser than Segue's, hence a level or
    /// two apart here and there.
    @Test func yuvFramesMatchFFmpegsOwnDecode() throws {
        let wide = PixelSize(width: 320, height: 240), upright = PixelSize(width: 240, height: 320)
        var firstFrames: [PixelBuffer] = []
        // The rotated clip (25 fps) is turned upright by ffmpeg (`transpose`, still 4:2:0) before it crosses.
        for (path, matrix, full, size, fps) in [(clips.thirty, YUVFormat.Matrix.bt601, false, wide, 30.0), (clips.bt709, .bt709, false, wide, 30),
                                                (clips.fullRange, .bt601, true, wide, 30), (clips.rotated, .bt601, false, upright, 25)] {
            let info = try MediaProbe.probe(path)
            #expect(info.yuv?.matrix == matrix && info.yuv?.fullRange == full, "\(path)")
            #expect(VideoClipDecoder.Transport.choose(source: info, size: size, fit: .cover) == .yuv(try #require(info.yuv), .subsampled))
            let decoded = try frames(path, length: 6 / fps, fps: fps, size: size, source: info)
            let reference = try FFmpegDecode.rgba(path, frames: 6)
            let frameBytes = size.pixelCount * 4
            #expect(decoded.count == 6 && reference.count == 6 * frameBytes)
            for (k, frame) in decoded.enumerated() {
                let own = PixelBuffer(width: size.width, height: size.height, bytes: Array(reference[k * frameBytes..<(k + 1) * frameBytes]))
                let comparison = try ImageComparison(frame, own)
                #expect(frame.isOpaque && comparison.meanAbsoluteDifference < 0.6 && comparison.maxDifference <= 4, "\(path) frame \(k): \(comparison)")
            }
            firstFrames.append(decoded[0])
        }
        #expect(firstFrames[0] != firstFrames[1] && firstFrames[0] != firstFrames[2])
        #expect(try MediaProbe.probe(clips.anamorphic).yuv == nil)
    }

    /// A clip resampled to fit crosses as swscale's 4:4:4 and comes out as Segue's own Fit
    /// makes it from the full-size frame, closer than swscale's one pass to RGBA (on testsrc2's
    /// sharp colour edges, a mean of 0.06–0.5 levels shrinking and 0.8–1.8 growing, where RGBA
    /// is 1.2–3.3), full range and rotation included. Contain with bars still crosses as RGBA.
    @Test(arguments: [FitMode.cover, .stretch, .contain])
    func resampledYUVFramesAreFittedAsSnapshotsAre(fit: FitMode) throws {
        for (path, size) in [(clips.thirty, PixelSize(width: 100, height: 100)), (clips.fullRange, PixelSize(width: 480, height: 200)),
                             (clips.rotated, PixelSize(width: 150, height: 200)), (clips.bt709, PixelSize(width: 160, height: 120))] {
            let info = try MediaProbe.probe(path)
            let bars = fit == .contain && info.width * size.height != info.height * size.width
            let transport = VideoClipDecoder.Transport.choose(source: info, size: size, fit: fit)
            #expect(transport == (bars ? .rgba : .yuv(try #require(info.yuv), .full)), "\(path) \(fit) \(size)")
            let yuv = try frames(path, length: 0.1, fps: 30, size: size, fit: fit, source: info)
            let rgba = try frames(path, length: 0.1, fps: 30, size: size, fit: fit)
            let full = try frames(path, length: 0.1, fps: 30, size: info.size, source: info)
            #expect(yuv.count == 3 && rgba.count == 3 && full.count == 3)
            for ((viaYUV, viaRGBA), whole) in zip(zip(yuv, rgba), full) where !bars {
                let fitted = whole.fitted(to: size, mode: fit)
                let (a, b) = (try ImageComparison(viaYUV, fitted), try ImageComparison(viaRGBA, fitted))
                #expect(a.meanAbsoluteDifference < 2 && a.meanAbsoluteDifference <= b.meanAbsoluteDifference,
                        "\(path) \(fit) \(size): \(a) against RGBA's \(b)")
            }
        }
    }

    // MARK: Fitting

    /// Each mode means what `PixelBuffer.fitted(to:mode:)` means: compared with Segue's own
    /// fit of the full-size frame. testsrc2's sharp edges keep resamplers a few levels apart:
    /// swscale's `area` comes within 3.3 on average when shrinking 2.4×, where `bilinear` is
    /// 4.3 and a crop off by half a pixel is over 4.
    @Test(arguments: FitMode.allCases)
    func fitsAsSnapshotsAre(mode: FitMode) throws {
        let full = try frames(clips.withSound, length: 0.04, fps: 25, size: PixelSize(width: 320, height: 240))
        for size in [PixelSize(width: 100, height: 100), PixelSize(width: 480, height: 200)] {
            let fitted = try frames(clips.withSound, length: 0.04, fps: 25, size: size, fit: mode)
            #expect(fitted.count == 1 && full.count == 1)
            let comparison = try ImageComparison(fitted[0], full[0].fitted(to: size, mode: mode))
            #expect(comparison.meanAbsoluteDifference < 3.5, "\(mode) \(size): \(comparison)")
        }
    }

    @Test func containLeavesTransparentBars() throws {
        let size = PixelSize(width: 100, height: 100)
        // 320×240 in 100×100: 100×75, bars of 12 and 13 rows above and below.
        let wide = try frames(clips.withSound, length: 0.04, fps: 25, size: size, fit: .contain)[0]
        #expect((0..<100).allSatisfy { y in (0..<100).allSatisfy { x in (wide[x, y].a == 255) == (12..<87).contains(y) } })
        #expect(wide[50, 5] == (0, 0, 0, 0))
        // Turned upright, 240×320: 75×100, bars of 12 and 13 columns left and right.
        let tall = try frames(clips.rotated, length: 0.04, fps: 25, size: size, fit: .contain)[0]
        #expect((0..<100).allSatisfy { y in (0..<100).allSatisfy { x in (tall[x, y].a == 255) == (12..<87).contains(x) } })
        // Stored 160×240 with 2:1 pixels: fitted as the 320×240 it shows.
        let wider = try frames(clips.anamorphic, length: 0.04, fps: 25, size: size, fit: .contain)[0]
        #expect((0..<100).allSatisfy { y in (0..<100).allSatisfy { x in (wider[x, y].a == 255) == (12..<87).contains(y) } })
    }

    @Test func translucentFramesArePremultiplied() throws {
        let frame = try frames(clips.translucent, length: 0.1, fps: 10, size: PixelSize(width: 16, height: 16))[0]
        // Straight (255, 0, 0, 128); swscale rounds the alpha it resamples to 129.
        let (r, g, b, a) = frame[8, 8]
        #expect(abs(Int(a) - 128) <= 1 && r == a && g == 0 && b == 0)
        #expect(!frame.isOpaque)
    }

    // MARK: Errors and clean-up

    @Test func undecodableFileFailsOnFirstFrame() throws {
        let decoder = try VideoClipDecoder(path: clips.text, start: 0, length: 1, fps: 30, size: PixelSize(width: 8, height: 8), fit: .cover)
        defer { decoder.close() }
        #expect(throws: SegueError(.invalidInput, "cannot be decoded: Invalid data found when processing input", path: clips.text)) {
            try decoder.nextFrame()
        }
        let truncated = try VideoClipDecoder(path: clips.truncated, start: 0, length: 1, fps: 30, size: PixelSize(width: 8, height: 8), fit: .cover)
        defer { truncated.close() }
        let error = #expect(throws: SegueError.self) { try truncated.nextFrame() }
        #expect(error?.kind == .invalidInput && error?.message.hasPrefix("\(clips.truncated): cannot be decoded: ") == true)
        let sound = try VideoClipDecoder(path: clips.soundOnly, start: 0, length: 1, fps: 30, size: PixelSize(width: 8, height: 8), fit: .cover)
        defer { sound.close() }
        let noPicture = #expect(throws: SegueError.self) { try sound.nextFrame() }
        #expect(noPicture?.kind == .invalidInput && noPicture?.message.hasPrefix("\(clips.soundOnly): cannot be decoded: ") == true)
    }

    @Test func refusesWhatFFmpegWouldWaitOn() throws {
        let fifo = clips.folder + "/fifo-decode"
        mkfifo(fifo, 0o644)
        #expect(throws: SegueError(.missingInput, "a FIFO, not a regular file", path: fifo)) {
            try VideoClipDecoder(path: fifo, start: 0, length: 1, fps: 30, size: PixelSize(width: 8, height: 8), fit: .cover)
        }
        #expect(throws: SegueError(.missingInput, "no such file", path: clips.folder + "/none.mp4")) {
            try VideoClipDecoder(path: clips.folder + "/none.mp4", start: 0, length: 1, fps: 30, size: PixelSize(width: 8, height: 8), fit: .cover)
        }
        let badRate = #expect(throws: SegueError.self) {
            try VideoClipDecoder(path: clips.thirty, start: 0, length: 1, fps: 0, size: PixelSize(width: 8, height: 8), fit: .cover)
        }
        #expect(badRate?.kind == .invalidInput)
    }

    @Test func closeMidStreamKillsTheChild() throws {
        let decoder = try VideoClipDecoder(path: clips.thirty, start: 0, length: 2, fps: 30, size: PixelSize(width: 320, height: 240), fit: .cover)
        #expect(try decoder.nextFrame() != nil)
        let pid = decoder.processIdentifier
        #expect(kill(pid, 0) == 0)
        decoder.close()
        #expect(kill(pid, 0) == -1 && errno == ESRCH)
        #expect(try decoder.nextFrame() == nil)
        decoder.close()
    }

    @Test func droppingTheDecoderKillsTheChild() throws {
        var decoder: VideoClipDecoder? = try VideoClipDecoder(path: clips.thirty, start: 0, length: 2, fps: 30,
                                                              size: PixelSize(width: 320, height: 240), fit: .contain)
        let pid = try #require(decoder).processIdentifier
        decoder = nil
        #expect(kill(pid, 0) == -1 && errno == ESRCH)
    }
}
