import Foundation
import SegueTestSupport
import Testing

/// Issue 26, item 3: sound at a rate ffmpeg cannot resample faithfully is refused before any
/// output, naming the clip and its rate; sound at any usable rate ends with the pictures.
@Suite struct SoundRateCLITests {
    let dir: URL
    init() throws { dir = try SegueProcess.scratchDirectory() }
    func path(_ name: String) -> String { dir.appendingPathComponent(name).path }

    /// 1 s of pictures with PCM sound at `rate` in Matroska (which takes any rate).
    func clip(_ name: String, rate: Int) throws {
        try FFmpegTool.run(["-f", "lavfi", "-i", "testsrc2=s=64x48:r=30", "-f", "lavfi", "-i", "sine=f=1:sample_rate=\(rate)", "-t", "1",
                            "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "pcm_s16le", path(name)])
    }

    @Test func anAbsurdRateIsRefusedNamingTheClipAndItsRate() throws {
        try clip("low.mkv", rate: 7)
        try FFmpegTool.clip(path("b.mp4"), video: "testsrc2=s=64x48:r=30", seconds: 1, tone: 440)
        let render = try SegueProcess.run(["render", "fade", "--from", "b.mp4", "--to", "low.mkv", "--duration", "0.2", "--backend", "software",
                                           "-o", "o.mp4"], in: dir)
        #expect(render.status == 65 && render.stderr.contains("clip 2: low.mkv: its sound is sampled at 7 Hz"), "\(render.stderr)")
        try Data("{clips: [{file: 'b.mp4'}, {file: 'b.mp4'}], transitions: [{effect: 'fade', duration: 0.2}], audio: {file: 'low.mkv'}}".utf8)
            .write(to: dir.appendingPathComponent("s.json5"))
        let sequence = try SegueProcess.run(["sequence", "s.json5", "--backend", "software", "-o", "s.mp4"], in: dir)
        #expect(sequence.status == 65 && sequence.stderr.contains("audio: key \"file\": \(path("low.mkv")): its sound is sampled at 7 Hz"),
                "\(sequence.stderr)")
        #expect(!FileManager.default.fileExists(atPath: path("o.mp4")) && !FileManager.default.fileExists(atPath: path("s.mp4")))
    }

    @Test(arguments: [4000, 8000, 192_000])
    func usableRatesEndWithThePictures(rate: Int) throws {
        try clip("r.mkv", rate: rate)
        let run = try SegueProcess.run(["render", "fade", "--from", "r.mkv", "--to", "r.mkv", "--duration", "0.2", "--backend", "software",
                                        "-o", "o.mp4"], in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        let video = try FFmpegTool.probe(path("o.mp4"), stream: "v:0", entries: "stream=duration")
        let sound = try FFmpegTool.probe(path("o.mp4"), stream: "a:0", entries: "stream=start_time,duration")
        #expect(sound["start_time"] == "0.000000" && sound["duration"] == video["duration"], "\(sound) \(video)")
    }
}
