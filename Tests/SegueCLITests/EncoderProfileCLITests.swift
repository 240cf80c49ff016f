import Foundation
import SegueTestSupport
import Testing

/// `--profile` (issue 27): `app-store` makes what App Store Connect takes for an app preview
/// and refuses, before rendering, whatever it would reject, naming the rule; `web` makes an MP4
/// every browser plays. Checked with ffprobe on the files written.
@Suite struct EncoderProfileCLITests {
    /// An app preview from two recordings with sound (mono tones, 30 fps, another size): H.264
    /// High at level 4.0, 4:2:0, 886×1920 at 30 fps, 15–30 s, stereo AAC at 48 kHz near 256 kb/s.
    @Test func appStorePreviewFromTwoRecordings() throws {
        let dir = try SegueProcess.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let a = dir.appendingPathComponent("a.mp4").path, b = dir.appendingPathComponent("b.mp4").path
        try FFmpegTool.clip(a, video: "testsrc2=s=222x480:r=30", seconds: 9, tone: 440)
        try FFmpegTool.clip(b, video: "mandelbrot=s=240x480:r=30", seconds: 9, tone: 660)
        let r = try SegueProcess.run(["render", "push", "--from", a, "--to", b, "--size", "886x1920", "--backend", "software",
                                      "--profile", "app-store", "--preset", "veryfast", "-o", "preview.mp4"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        let preview = dir.appendingPathComponent("preview.mp4").path
        let video = try FFmpegTool.probe(preview, stream: "v:0", entries: "stream=codec_name,profile,level,pix_fmt,width,height,r_frame_rate")
        #expect(video["codec_name"] == "h264" && video["profile"] == "High" && video["level"] == "40", "\(video)")
        #expect(video["pix_fmt"] == "yuv420p" && video["width"] == "886" && video["height"] == "1920" && video["r_frame_rate"] == "30/1", "\(video)")
        let audio = try FFmpegTool.probe(preview, stream: "a:0", entries: "stream=codec_name,channels,sample_rate,bit_rate")
        #expect(audio["codec_name"] == "aac" && audio["channels"] == "2" && audio["sample_rate"] == "48000", "\(audio)")
        #expect((Int(audio["bit_rate"] ?? "") ?? 0) > 200_000, "\(audio)")
        let format = try FFmpegTool.probe(preview, stream: "v:0", entries: "format=duration")
        let seconds = Double(format["duration"] ?? "") ?? 0
        #expect(seconds >= 15 && seconds <= 30, "\(format)")
    }

    /// Each of Apple's rules, broken alone, is one line naming it, exit 64, nothing written.
    @Test func appStoreRulesAreCheckedBeforeRendering() throws {
        let dir = try SegueProcess.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        for (arguments, message) in [
            (["--scale", "1", "--size", "390x844", "-o", "a.mp4"], "390x844 is not an app preview size: App Store Connect takes 886x1920"),
            (["--size", "886x1920", "--fps", "60", "--duration", "20", "-o", "a.mp4"], "60 fps: an app preview has at most 30 frames per second"),
            (["--size", "886x1920", "--fps", "30", "-o", "a.mp4"], "0.53 s (16 frames at 30 fps): an app preview lasts 15 to 30 seconds"),
            (["--size", "886x1920", "--fps", "30", "--duration", "31", "-o", "a.mp4"], "31.03 s (931 frames at 30 fps): an app preview lasts 15 to 30 seconds"),
            (["--size", "886x1920", "-o", "a.gif"], "--profile: app-store needs mp4 output (this output is gif)"),
            (["--size", "886x1920", "--crf", "20", "-o", "a.mp4"], "--crf: the app-store profile sets the rate itself"),
        ] {
            let r = try SegueProcess.run(["render", "fade", "--profile", "app-store"] + arguments, in: dir)
            #expect(r.status == 64 && r.stderr.contains(message) && r.stderr.split(separator: "\n").count == 1, "\(arguments): \(r.stderr)")
        }
        // Landscape and the iPad sizes pass the size rule (and meet the next one).
        for size in ["1920x886", "1200x1600", "1600x1200"] {
            let r = try SegueProcess.run(["render", "fade", "--profile", "app-store", "--size", size, "--fps", "30", "-o", "a.mp4"], in: dir)
            #expect(r.status == 64 && r.stderr.contains("lasts 15 to 30 seconds"), "\(size): \(r.stderr)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
    }

    /// `web`: H.264 High in MP4, from `render`, a spec and `sequence`; another format is refused.
    @Test func webIsHighProfileMP4Everywhere() throws {
        let dir = try SegueProcess.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try SegueProcess.run(["render", "fade", "--size", "64x36", "--profile", "web", "-o", "w.mp4"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try FFmpegTool.probe(dir.appendingPathComponent("w.mp4").path, stream: "v:0", entries: "stream=profile")["profile"] == "High")
        try #"{ jobs: [ { effect: "fade", size: "64x36", profile: "web", output: "s.mp4" } ] }"#.write(
            to: dir.appendingPathComponent("s.json5"), atomically: true, encoding: .utf8)
        let batch = try SegueProcess.run(["batch", "s.json5", "--quiet"], in: dir)
        #expect(batch.status == 0, "\(batch.stderr)")
        #expect(try FFmpegTool.probe(dir.appendingPathComponent("s.mp4").path, stream: "v:0", entries: "stream=profile")["profile"] == "High")
        for name in ["a.png", "b.png"] {
            let still = try SegueProcess.run(["still", "fade", "--at", name == "a.png" ? "0" : "1", "--size", "64x36", "-o", name], in: dir)
            #expect(still.status == 0, "\(still.stderr)")
        }
        try #"{ size: "64x36", fps: 10, clips: [ { file: "a.png", duration: 1 }, { file: "b.png", duration: 1 } ], transitions: [ { effect: "fade", duration: 0.5 } ] }"#.write(
            to: dir.appendingPathComponent("q.json5"), atomically: true, encoding: .utf8)
        let sequence = try SegueProcess.run(["sequence", "q.json5", "--profile", "web", "--quiet", "-o", "q.mp4"], in: dir)
        #expect(sequence.status == 0, "\(sequence.stderr)")
        #expect(try FFmpegTool.probe(dir.appendingPathComponent("q.mp4").path, stream: "v:0", entries: "stream=profile")["profile"] == "High")
        let webm = try SegueProcess.run(["render", "fade", "--size", "64x36", "--profile", "web", "-o", "w.webm"], in: dir)
        #expect(webm.status == 64 && webm.stderr.contains("--profile: web needs mp4 output (this output is webm)"), "\(webm.stderr)")
    }
}
