import Foundation
import SegueCore
import SegueIO
import SegueTestSupport
import Testing

/// Transitions between video clips, timed as ffmpeg's xfade times them, and sequences of clips
/// and stills, checked frame by frame against ffmpeg's own decoding of the clips (an outside
/// oracle) and by the sound's length and tones. The clips are made here by ffmpeg's `testsrc2`,
/// `mandelbrot` and `sine` sources at different sizes, rates and time bases. ffmpeg is required.
@Suite(.serialized) struct ClipTimelineCLITests {
    /// Made once for the suite: `a.mp4` 320x240 at 25 fps with a 440 Hz tone (time base
    /// 1/12800), `b.mp4` 640x360 at 30 fps with 1 kHz (time base 1/15360, another size and
    /// rate), `silent.mp4` with no sound, `vfr.mp4` whose frames are 1/50 s apart then 1/25 s, and
    /// a still.
    static let clips: String = {
        let dir = TestFiles.temporaryDirectory("clip-timeline-fixtures")
        do {
            try FFmpegTool.clip(dir + "/a.mp4", video: "testsrc2=s=320x240:r=25", seconds: 3, tone: 440)
            try FFmpegTool.clip(dir + "/b.mp4", video: "mandelbrot=s=640x360:r=30", seconds: 3, tone: 1000,
                                extra: ["-video_track_timescale", "15360"])
            try FFmpegTool.clip(dir + "/silent.mp4", video: "testsrc2=s=320x240:r=25", seconds: 2)
            try FFmpegTool.clip(dir + "/vfr.mp4", video: "testsrc2=s=160x120:r=50", seconds: 2,
                                extra: ["-vf", "setpts='if(lt(N,25),N/50,0.5+(N-25)/25)/TB'", "-fps_mode", "vfr"])
            var still = PixelBuffer(width: 320, height: 240)
            still.fill(Color(r: 0.2, g: 0.6, b: 0.3))
            try PNGCodec.write(still, to: dir + "/still.png", compression: .fast)
            try FFmpegTool.run(["-i", dir + "/still.png", "-c:v", "libwebp", "-lossless", "1", dir + "/still.webp"])
        } catch {
            Issue.record("cannot make the test clips: \(error)")
        }
        return dir
    }()

    let dir = TestFiles.temporaryDirectory("clip-timeline")
    let size = PixelSize(width: 320, height: 240)

    func clip(_ name: String) -> String { Self.clips + "/" + name }

    /// Frames of a raw RGBA file of `size`.
    func frames(_ path: String) throws -> [[UInt8]] {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let frame = size.pixelCount * 4
        #expect(bytes.count % frame == 0)
        return stride(from: 0, to: bytes.count, by: frame).map { Array(bytes[$0..<$0 + frame]) }
    }

    /// b.mp4 (640x360) covering the 320x240 canvas as Segue's decoder has ffmpeg fit it:
    /// cropped and scaled in YUV at 4:4:4, then converted.
    static let bOnCanvas = "fps=25,crop=480:360,scale=320:240:flags=area,format=yuv444p"

    /// ffmpeg's own frames of a clip at 25 fps on the canvas (`cover`): the oracle.
    func oracle(_ name: String, filter: String = "fps=25") throws -> [[UInt8]] {
        let bytes = try FFmpegDecode.rgba(clip(name), filter: filter)
        let frame = size.pixelCount * 4
        return stride(from: 0, to: bytes.count - frame + 1, by: frame).map { Array(bytes[$0..<$0 + frame]) }
    }

    func meanDifference(_ a: [UInt8], _ b: [UInt8]) -> Double {
        var sum = 0
        for i in a.indices { sum += abs(Int(a[i]) - Int(b[i])) }
        return Double(sum) / Double(a.count)
    }

    @Test func aFadeBetweenTwoClipsIsXfadesTimeline() throws {
        let out = dir + "/fade.raw"
        let r = try CLI.run(["render", "fade", "--from", clip("a.mp4"), "--to", clip("b.mp4"), "--offset", "1", "--duration", "1",
                             "--timing", "linear", "--fps", "25", "--size", "320x240", "--backend", "software", "-o", out])
        #expect(r.status == 0, "\(r.stderr)")
        let output = try frames(out)
        // S + length(b) = 1 + 3 s.
        #expect(output.count == 100)
        let a = try oracle("a.mp4")
        // cover: the centre 4:3 of the 16:9 frame, scaled down by averaging (as Fit does).
        let b = try oracle("b.mp4", filter: Self.bOnCanvas)
        guard output.count == 100, a.count >= 50, b.count >= 75 else { return }
        // Before the offset: the from clip at the same time; the frame before the cut and the
        // cut's first frame are its own.
        for n in [0, 12, 24, 25] {
            let own = meanDifference(output[n], a[n]), next = meanDifference(output[n], a[n + 1])
            #expect(own < 1.5 && own * 4 < next, "frame \(n): \(own) from a's frame, \(next) from its next")
        }
        // After the transition: the to clip at t − S.
        for n in [50, 51, 70, 98] {
            let own = meanDifference(output[n], b[n - 25])
            #expect(own < 1.5 && own < meanDifference(output[n], b[n - 24]) && own < meanDifference(output[n], b[n - 26]),
                    "frame \(n): \(own) from b's frame at t − S")
        }
        // Inside: both clips moving, mixed by the fade's progress (step 12 of 25).
        let p = 12.0 / 25
        let mix = a[37].indices.map { UInt8((Double(a[37][$0]) * (1 - p) + Double(b[12][$0]) * p).rounded()) }
        #expect(meanDifference(output[37], mix) < 2.5)
        #expect(meanDifference(output[37], a[37]) > 10)
    }

    @Test func theSoundIsCrossfadedAndAsLongAsThePictures() throws {
        let out = dir + "/cut.mp4"
        let r = try CLI.run(["render", "push", "--from", clip("a.mp4"), "--to", clip("b.mp4"), "--duration", "0.4",
                             "--fps", "25", "--size", "320x240", "--backend", "software", "-o", out])
        #expect(r.status == 0, "\(r.stderr)")
        // The default offset: length(a) − D = 2.6 s; the output lasts 2.6 + 3 s.
        let video = try FFmpegTool.probe(out, stream: "v:0", entries: "stream=nb_frames,duration")
        let audio = try FFmpegTool.probe(out, stream: "a:0", entries: "stream=duration,sample_rate,codec_name")
        #expect(video["nb_frames"] == "140")
        #expect(audio["codec_name"] == "aac")
        let videoSeconds = Double(video["duration"] ?? "") ?? 0, audioSeconds = Double(audio["duration"] ?? "") ?? 0
        #expect(abs(videoSeconds - 5.6) < 0.04)
        #expect(abs(audioSeconds - videoSeconds) <= 1.0 / 25 + 1e-6, "audio \(audioSeconds) s, video \(videoSeconds) s")
        // a's tone before the cut, b's after it.
        let before = try FFmpegTool.samples(out, start: 0.5, seconds: 1.5)
        let after = try FFmpegTool.samples(out, start: 3.5, seconds: 1.5)
        #expect(FFmpegTool.power(of: 440, in: before) > 100 * FFmpegTool.power(of: 1000, in: before))
        #expect(FFmpegTool.power(of: 1000, in: after) > 100 * FFmpegTool.power(of: 440, in: after))
    }

    @Test func transitionOnlyWritesTheCutAndTheToClipsFrame() throws {
        let out = dir + "/only.raw"
        let r = try CLI.run(["render", "fade", "--from", clip("a.mp4"), "--to", clip("b.mp4"), "--offset", "1", "--duration", "0.4",
                             "--fps", "25", "--size", "320x240", "--backend", "software", "--transition-only", "-o", out])
        #expect(r.status == 0, "\(r.stderr)")
        let output = try frames(out)
        #expect(output.count == 11)
        let a = try oracle("a.mp4")
        if output.count == 11, a.count > 25 { #expect(meanDifference(output[0], a[25]) < 1.5) }
    }

    @Test func aSequencePlacesEveryClipAndCut() throws {
        let spec = dir + "/film.json5"
        CLI.write("""
        // A trimmed clip, a still held, a VFR clip, with no sound of its own beside the others.
        { size: "320x240", fps: 25,
          clips: [ {file: "\(clip("a.mp4"))", start: 0.5, end: 2.5},
                   {file: "\(clip("still.png"))", duration: 1},
                   {file: "\(clip("vfr.mp4"))"} ],
          transitions: [ {effect: "push", duration: 0.4}, {effect: "fade", duration: 0.5, timing: "linear"} ] }
        """, to: spec)
        let dry = try CLI.run(["sequence", spec, "--dry-run", "--json"])
        #expect(dry.status == 0, "\(dry.stderr)")
        let placements = try JSONSerialization.jsonObject(with: dry.stdout) as? [String: Any] ?? [:]
        let clips = placements["clips"] as? [[String: Any]] ?? []
        let cuts = placements["transitions"] as? [[String: Any]] ?? []
        // vfr.mp4 at 25 fps: as many frames as its length says; the total is Σ clips − Σ cuts.
        let vfrSeconds = Double(try FFmpegTool.probe(clip("vfr.mp4"), stream: "v:0", entries: "stream=duration")["duration"] ?? "") ?? 0
        let vfrFrames = Int((vfrSeconds * 25).rounded())
        let total = 50 + 25 + vfrFrames - 10 - 13
        #expect(placements["frames"] as? Int == total)
        #expect(clips.map { $0["frames"] as? Int } == [50, 25, vfrFrames])
        #expect(clips.map { $0["start"] as? Double } == [0, 1.6, 2.08])
        #expect(cuts.map { $0["start"] as? Double } == [1.6, 2.08])
        #expect(cuts.map { $0["effect"] as? String } == ["push", "fade"])
        #expect(placements["audio"] as? Bool == true)

        let out = dir + "/film.raw"
        let wav = dir + "/film.wav"
        let r = try CLI.run(["sequence", spec, "-o", out, "--audio", wav, "--backend", "software"])
        #expect(r.status == 0, "\(r.stderr)")
        let output = try frames(out)
        #expect(output.count == total)
        // Between the cuts the still itself (frames 50 and 51), as its file holds it.
        let still = try PNGCodec.decode(path: clip("still.png"))
        if output.count == total { #expect(output[50] == still.bytes && output[51] == still.bytes) }
        // The sound beside the frames: exactly the pictures' length, a's tone at the start.
        let header = try FFmpegTool.probe(wav, stream: "a:0", entries: "stream=duration_ts,sample_rate,channels")
        #expect(header["duration_ts"] == String(total * 48_000 / 25))
        let start = try FFmpegTool.samples(wav, start: 0.2, seconds: 1)
        #expect(FFmpegTool.power(of: 440, in: start) > 100 * FFmpegTool.power(of: 1000, in: start))
    }

    @Test func tooShortOrUndecodableClipsFailBeforeAnyOutput() throws {
        let out = dir + "/short.mp4"
        let short = try CLI.run(["render", "fade", "--from", clip("a.mp4"), "--to", clip("b.mp4"), "--offset", "2.8",
                                 "--duration", "0.5", "-o", out])
        #expect(short.status == 65)
        #expect(short.stderr.contains("a.mp4") && short.stderr.contains("too short"), "\(short.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out))

        CLI.write("not a video at all\n", to: dir + "/fake.mp4")
        let fake = try CLI.run(["render", "fade", "--from", dir + "/fake.mp4", "--to", clip("b.mp4"), "-o", out])
        #expect(fake.status == 65)
        #expect(fake.stderr.contains("fake.mp4"), "\(fake.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out))

        let spec = dir + "/bad.json5"
        CLI.write("{clips: [{file: \"\(clip("a.mp4"))\"}, {file: \"\(clip("b.mp4"))\", trim: 1}], transitions: [{effect: \"fade\"}]}", to: spec)
        let bad = try CLI.run(["sequence", spec, "-o", out])
        #expect(bad.status == 65)
        #expect(bad.stderr.contains("bad.json5: clip 2: unknown key \"trim\""), "\(bad.stderr)")

        CLI.write("{clips: [{file: \"still.png\", duration: 3000}, {file: \"still.png\", duration: 3000}], transitions: [{effect: \"fade\"}]}",
                  to: Self.clips + "/hours.json5")
        let hours = try CLI.run(["sequence", Self.clips + "/hours.json5", "--dry-run"])
        #expect(hours.status == 65 && hours.stderr.contains("longer than the 3600 s one output may last"), "\(hours.stderr)")

        CLI.write("{clips: [{file: \"a.mp4\"}], audio: {file: \"silent.mp4\"}}", to: Self.clips + "/mute.json5")
        let mute = try CLI.run(["sequence", Self.clips + "/mute.json5", "-o", out])
        #expect(mute.status == 65)
        #expect(mute.stderr.contains("mute.json5: audio: key \"file\": \(clip("silent.mp4")): has no sound"), "\(mute.stderr)")

        CLI.write("{clips: [{file: \"a.mp4\", end: 9}, {file: \"b.mp4\"}], transitions: [{effect: \"fade\"}]}", to: Self.clips + "/long.json5")
        let long = try CLI.run(["sequence", Self.clips + "/long.json5", "-o", out])
        #expect(long.status == 65)
        #expect(long.stderr.contains("clip 1") && long.stderr.contains("end at 9 s"), "\(long.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    /// An interrupted sequence leaves no output, no temporary and no decoder running.
    @Test func anInterruptStopsTheDecodersAndLeavesNothing() throws {
        let long = dir + "/long.mp4"
        try FFmpegTool.clip(long, video: "testsrc2=s=160x120:r=25", seconds: 60, tone: 440)
        let out = dir + "/long-out.mp4"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CLI.binary)
        process.arguments = ["render", "fade", "--from", long, "--to", clip("a.mp4"), "--size", "160x120", "-q", "-o", out]
        try process.run()
        // The decoder of the long clip is running once its ffmpeg shows up.
        func decoders() -> [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).filter { Int($0) != nil }.filter { pid in
                let cmdline = (try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(pid)/cmdline"))) ?? Data()
                return String(decoding: cmdline, as: UTF8.self).contains("file:" + long)
            }
        }
        let deadline = Date(timeIntervalSinceNow: 60)
        while decoders().isEmpty && Date() < deadline { usleep(20_000) }
        #expect(!decoders().isEmpty)
        usleep(200_000)
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        #expect(process.terminationStatus == 130)
        #expect(decoders().isEmpty)
        #expect(!FileManager.default.fileExists(atPath: out))
        let left = try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.hasPrefix(".long-out") }
        #expect(left.isEmpty, "left behind: \(left)")
    }

    /// Shards of a sequence's PNG frames make the whole sequence, as a transition's do; WebM
    /// carries the sound as Opus.
    @Test func shardsSplitASequenceAndWebMCarriesOpus() throws {
        let frames = dir + "/frames"
        let base = ["render", "fade", "--from", clip("a.mp4"), "--to", clip("silent.mp4"), "--duration", "0.4", "--fps", "10",
                    "--size", "160x120", "--backend", "software", "-q"]
        for shard in ["0/2", "1/2"] {
            let r = try CLI.run(base + ["-o", frames, "--shard", shard])
            #expect(r.status == 0, "\(r.stderr)")
        }
        // 3 s + 2 s − 0.4 s at 10 fps.
        let pngs = try FileManager.default.contentsOfDirectory(atPath: frames).filter { $0.hasSuffix(".png") }
        #expect(pngs.count == 46)
        let whole = try CLI.run(base + ["-o", dir + "/whole"])
        #expect(whole.status == 0, "\(whole.stderr)")
        for name in ["000000.png", "000027.png", "000045.png"] {
            #expect(try PNGCodec.decode(path: frames + "/" + name) == PNGCodec.decode(path: dir + "/whole/" + name), "\(name)")
        }
        let webm = dir + "/cut.webm"
        #expect(try CLI.run(base + ["-o", webm]).status == 0)
        #expect(try FFmpegTool.probe(webm, stream: "a:0", entries: "stream=codec_name")["codec_name"] == "opus")
    }

    /// A batch job whose sides are clips renders their timeline, as `render` does.
    @Test func aBatchJobBetweenClipsIsATimeline() throws {
        let spec = dir + "/jobs.json5"
        CLI.write("""
        {jobs: [{effect: "fade", from: "\(clip("a.mp4"))", to: "\(clip("silent.mp4"))", offset: 1, duration: 0.5,
                 size: "160x120", output: "\(dir)/job.y4m"}]}
        """, to: spec)
        let r = try CLI.run(["batch", spec, "--json"])
        #expect(r.status == 0, "\(r.stderr)")
        let rows = try JSONSerialization.jsonObject(with: r.stdout) as? [[String: Any]] ?? []
        // The from clip's 25 fps: 1 s + 2 s of silent.mp4.
        #expect(rows.first?["frames"] as? Int == 75)
    }

    /// A GL Transitions file that is not exact at progress 0 or 1 (it shows 30 % of the to side
    /// from the start) still cannot make a cut pop: the frames on either side of the transition
    /// are the clips' own. Rendered on GL (llvmpipe without a GPU).
    @Test func aShaderInexactAtItsEndsCannotMakeACutPop() throws {
        let shader = dir + "/early.glsl"
        CLI.write("vec4 transition(vec2 uv) { return mix(getFromColor(uv), getToColor(uv), clamp(progress + 0.3, 0.0, 1.0)); }\n", to: shader)
        let out = dir + "/early.raw"
        let r = try CLI.run(["render", shader, "--from", clip("a.mp4"), "--to", clip("b.mp4"), "--offset", "1", "--duration", "0.4",
                             "--fps", "25", "--size", "320x240", "--backend", "gl", "-o", out])
        #expect(r.status == 0, "\(r.stderr)")
        let output = try frames(out)
        let a = try oracle("a.mp4"), b = try oracle("b.mp4", filter: Self.bOnCanvas)
        // 1 s + 3 s at 25 fps; the cut is frames 25 ..< 35.
        #expect(output.count == 100)
        guard output.count == 100, a.count > 26, b.count > 10 else { return }
        #expect(meanDifference(output[24], a[24]) < 1.5)
        #expect(meanDifference(output[25], a[25]) < 1.5, "the cut's first frame is the from clip's own")
        #expect(meanDifference(output[26], a[26]) > 10, "inside the cut the shader draws")
        #expect(meanDifference(output[35], b[10]) < 1.5, "the frame after the cut is the to clip's own")
    }

    /// A still only ffmpeg reads (WebP) is held as a PNG still is.
    @Test func aStillFFmpegReadsIsHeld() throws {
        let spec = dir + "/webp.json5"
        CLI.write("{fps: 25, clips: [{file: \"\(clip("a.mp4"))\", end: 1}, {file: \"\(clip("still.webp"))\", duration: 1}], "
                  + "transitions: [{effect: \"fade\", duration: 0.2}]}", to: spec)
        let out = dir + "/webp.raw"
        let r = try CLI.run(["sequence", spec, "-o", out, "--backend", "software"])
        #expect(r.status == 0, "\(r.stderr)")
        let output = try frames(out)
        // 25 + 25 − 5 frames; the last is the still itself.
        #expect(output.count == 45)
        let still = try PNGCodec.decode(path: clip("still.png"))
        if let last = output.last { #expect(meanDifference(last, still.bytes) < 1) }
    }

    /// `segue bench --clips` times the whole pair against the ffmpeg command that does the same
    /// (`xfade` at the same offset and length), in the same run: the timeline's frames, both
    /// times, and ffmpeg's command as it ran.
    @Test func benchTimesAPairAgainstXfade() throws {
        let r = try CLI.run(["bench", "fade", "--clips", clip("a.mp4"), clip("silent.mp4"), "--size", "320x240",
                             "--end-to-end", "raw", "--compare-ffmpeg", "--runs", "1", "--json"], directory: dir)
        #expect(r.status == 0, "\(r.stderr)")
        let rows = try #require(try JSONSerialization.jsonObject(with: r.stdout) as? [[String: Any]])
        let row = try #require(rows.first)
        // 3 s and 2 s at a.mp4's 25 fps, overlapping by the 1 s fade.
        #expect(row["frames"] as? Int == 100)
        let seconds = try #require(row["seconds"] as? [String: Double])
        #expect((seconds["median"] ?? 0) > 0)
        let ffmpeg = try #require(row["ffmpeg"] as? [String: Any])
        let command = try #require(ffmpeg["command"] as? String)
        #expect(command.contains("xfade=transition=fade:duration=1:offset=2"), "\(command)")
        #expect((ffmpeg["speedup"] as? Double ?? 0) > 0)
    }
}
