import Foundation
import SegueCore
import SegueIO
import SegueTestSupport
import Testing

/// The outputs editors and motion designers exchange (ProRes 4444 `.mov`, `.apng`, animated
/// `.webp`, `.gif`), probed with ffprobe and read chunk by chunk: codec, alpha, duration and
/// frame delays. ffmpeg and ffprobe are required: without them these tests fail.
@Suite struct VideoOutputCLITests {
    let dir = CLI.temporaryDirectory("video-outputs")

    /// A `from` snapshot whose left half is transparent and a translucent `to`, so every
    /// format has alpha to keep.
    func snapshots() throws -> [String] {
        var from = PixelBuffer(width: 40, height: 24)
        from.fill(Color(r: 0.9, g: 0.3, b: 0.1))
        for y in 0..<24 { for x in 0..<20 { from.bytes.replaceSubrange((y * 40 + x) * 4..<(y * 40 + x) * 4 + 4, with: [0, 0, 0, 0]) } }
        var to = PixelBuffer(width: 40, height: 24)
        to.fill(Color(r: 0.1, g: 0.4, b: 0.9, a: 0.8))
        try PNGCodec.write(from, to: dir + "/from.png", compression: .fast)
        try PNGCodec.write(to, to: dir + "/to.png", compression: .fast)
        return ["--from", dir + "/from.png", "--to", dir + "/to.png", "--size", "40x24", "--backend", "software"]
    }

    /// Renders `fade` at `fps` for 0.5 s into `output`: the frame count from the summary line.
    func render(_ output: String, fps: Int, _ extra: [String] = []) throws -> (frames: Int, stderr: String) {
        let r = try CLI.run(["render", "fade", "--fps", "\(fps)", "--duration", "0.5", "-o", output] + (try snapshots()) + extra,
                            directory: dir)
        #expect(r.status == 0, "\(output): \(r.stderr)")
        let summary = r.stderr.split(separator: "\n").last { $0.hasPrefix("fade: ") } ?? ""
        let frames = summary.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? -1
        return (frames, r.stderr)
    }

    /// `ffprobe -show_entries ENTRIES -of default=nw=1` for `file`: `key=value` lines.
    func probe(_ file: String, _ entries: String, extra: [String] = []) throws -> [String: String] {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/ffprobe")
        p.arguments = ["-v", "error"] + extra + ["-show_entries", entries, "-of", "default=nw=1", dir + "/" + file]
        let out = Pipe()
        p.standardOutput = out
        try p.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        return Dictionary(text.split(separator: "\n").compactMap { line in
            line.firstIndex(of: "=").map { (String(line[..<$0]), String(line[line.index(after: $0)...])) }
        }, uniquingKeysWith: { a, _ in a })
    }

    /// The frames of `file` (the first `frames`, if given) decoded by ffmpeg as straight RGBA.
    func decoded(_ file: String, frames: Int? = nil) throws -> [UInt8] {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/ffmpeg")
        p.arguments = ["-v", "error", "-i", dir + "/" + file] + (frames.map { ["-frames:v", "\($0)"] } ?? [])
            + ["-f", "rawvideo", "-pix_fmt", "rgba", "-"]
        let out = Pipe()
        p.standardOutput = out
        try p.run()
        let bytes = [UInt8](out.fileHandleForReading.readDataToEndOfFile())
        p.waitUntilExit()
        return bytes
    }

    /// Alpha at (5, 12), in the transparent half of frame 0, and at (30, 12), in its opaque half.
    func firstFrameAlpha(_ file: String) throws -> (clear: UInt8, solid: UInt8) {
        let rgba = try decoded(file, frames: 1)
        #expect(rgba.count == 40 * 24 * 4, "\(file): \(rgba.count) bytes")
        guard rgba.count == 40 * 24 * 4 else { return (255, 0) }
        return (rgba[(12 * 40 + 5) * 4 + 3], rgba[(12 * 40 + 30) * 4 + 3])
    }

    /// The chunks of a PNG or RIFF file: (type, body).
    func chunks(_ file: String, riff: Bool) throws -> [(String, [UInt8])] {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: dir + "/" + file)))
        var result: [(String, [UInt8])] = []
        var at = riff ? 12 : 8
        while at + 8 <= bytes.count {
            let type = String(decoding: bytes[(riff ? at : at + 4)..<(riff ? at + 4 : at + 8)], as: UTF8.self)
            let sizeBytes = bytes[(riff ? at + 4 : at)..<(riff ? at + 8 : at + 4)]
            let size = riff ? sizeBytes.reversed().reduce(0) { $0 << 8 | Int($1) } : sizeBytes.reduce(0) { $0 << 8 | Int($1) }
            guard at + 8 + size <= bytes.count else { break }
            result.append((type, Array(bytes[(at + 8)..<(at + 8 + size)])))
            at += 8 + size + (riff ? size & 1 : 4)
        }
        return result
    }

    func bigEndian(_ b: [UInt8], _ at: Int, _ n: Int) -> Int { b[at..<(at + n)].reduce(0) { $0 << 8 | Int($1) } }

    @Test func proResMovKeepsAlphaAndDuration() throws {
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let (frames, _) = try render("v.mov", fps: 30)
        let info = try probe("v.mov", "stream=codec_name,profile,pix_fmt:format=duration")
        #expect(info["codec_name"] == "prores" && info["profile"] == "4444", "\(info)")
        // The decoder reports 12-bit; the encoder wrote 10-bit 4:4:4 with an alpha plane.
        #expect(info["pix_fmt"]?.hasPrefix("yuva444p") == true, "\(info)")
        #expect(abs((Double(info["duration"] ?? "") ?? 0) - Double(frames) / 30) < 0.01, "\(frames) frames: \(info)")
        let alpha = try firstFrameAlpha("v.mov")
        #expect(alpha.clear < 8 && alpha.solid > 247, "\(alpha)")
    }

    @Test func apngHasExactFrameDelaysAndAlpha() throws {
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let (frames, _) = try render("v.apng", fps: 60)
        let info = try probe("v.apng", "stream=codec_name,pix_fmt")
        #expect(info["codec_name"] == "apng" && info["pix_fmt"] == "rgba", "\(info)")
        let parts = try chunks("v.apng", riff: false)
        // IHDR colour type 6: RGBA. acTL: the frame count, plays 0 (loops).
        let header = parts.first { $0.0 == "IHDR" }?.1 ?? []
        #expect(header.count == 13 && header[9] == 6)
        let control = parts.first { $0.0 == "acTL" }?.1 ?? []
        #expect(control.count == 8 && bigEndian(control, 0, 4) == frames && bigEndian(control, 4, 4) == 0, "\(control)")
        // Every fcTL's delay is exactly 1/60 s (delay_num, delay_den at bytes 20 and 22).
        let delays = parts.filter { $0.0 == "fcTL" }.map { (bigEndian($0.1, 20, 2), bigEndian($0.1, 22, 2)) }
        #expect(delays.count == frames && delays.allSatisfy { $0.0 * 60 == $0.1 }, "\(delays)")
        let alpha = try firstFrameAlpha("v.apng")
        #expect(alpha.clear == 0 && alpha.solid == 255, "\(alpha)")
        // Every frame decodes to exactly the straight RGBA of `--format raw`.
        _ = try render("v.rgba", fps: 60)
        #expect(try decoded("v.apng") == [UInt8](Data(contentsOf: URL(fileURLWithPath: dir + "/v.rgba"))))
    }

    /// GIF delays are whole centiseconds: at 30 fps they add up to the duration; at 60 fps
    /// every other ... frame would be 1 cs (shown as 10 cs), so evenly spaced frames are kept
    /// at ≤ 50 fps, saying so, and the duration is still frames / fps.
    @Test func gifDurationIsFramesOverFPS() throws {
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for fps in [30, 60] {
            let name = "v\(fps).gif"
            let (frames, stderr) = try render(name, fps: fps)
            let duration = Double(try probe(name, "format=duration")["duration"] ?? "") ?? 0
            #expect(abs(duration - Double(frames) / Double(fps)) <= 0.01 + 1e-9, "\(fps) fps, \(frames) frames: \(duration) s")
            let p = Process()
            p.executableURL = URL(fileURLWithPath: "/usr/bin/ffprobe")
            p.arguments = ["-v", "error", "-show_entries", "packet=duration", "-of", "csv=p=0", dir + "/" + name]
            let out = Pipe()
            p.standardOutput = out
            try p.run()
            let delays = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).split(separator: "\n").compactMap { Int($0) }
            p.waitUntilExit()
            // ffprobe shows a 1 cs delay as 10, as browsers do: none may be below 2 or above 4.
            #expect(!delays.isEmpty && delays.allSatisfy { (2...4).contains($0) }, "\(fps) fps: \(delays)")
            let note = "segue: \(name): GIF frame delays are whole centiseconds"
            #expect(stderr.contains(note) == (fps > 50), "\(stderr)")
            if fps > 50 { #expect(stderr.contains("\(delays.count) of \(frames) frames kept"), "\(stderr)") }
        }
        let alpha = try firstFrameAlpha("v30.gif")
        #expect(alpha.clear == 0 && alpha.solid == 255, "\(alpha)")
    }

    @Test func webpIsAnimatedWithAlpha() throws {
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let (frames, _) = try render("v.webp", fps: 30)
        let parts = try chunks("v.webp", riff: true)
        // VP8X flags: animation (0x02) and alpha (0x10) (WebP container specification).
        let flags = parts.first { $0.0 == "VP8X" }?.1.first ?? 0
        #expect(flags & 0x02 != 0 && flags & 0x10 != 0, "flags \(flags)")
        // ANMF: frame duration, 24-bit little-endian milliseconds at byte 12.
        let durations = parts.filter { $0.0 == "ANMF" }.map { Int($0.1[12]) | Int($0.1[13]) << 8 | Int($0.1[14]) << 16 }
        #expect(durations.count == frames, "\(durations.count) frames of \(frames)")
        #expect(abs(durations.reduce(0, +) - frames * 1000 / 30) <= 1, "\(durations)")
    }

    /// Every new format streams to stdout (MOV fragmented; APNG knows its frame count up front).
    @Test func everyFormatStreamsToStdout() throws {
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let inputs = try snapshots()
        for (format, codec) in [("mov", "prores"), ("webp", nil), ("gif", "gif"), ("apng", "apng")] {
            let r = try CLI.run(["render", "fade", "--duration", "0.2", "--format", format, "-o", "-", "-q"] + inputs, directory: dir)
            #expect(r.status == 0 && !r.stdout.isEmpty, "\(format): \(r.stderr)")
            try r.stdout.write(to: URL(fileURLWithPath: dir + "/stream." + format))
            if format == "apng" {
                let file = try CLI.run(["render", "fade", "--duration", "0.2", "-o", "file.apng", "-q"] + inputs, directory: dir)
                #expect(file.status == 0, "\(file.stderr)")
            }
            if let codec { #expect(try probe("stream." + format, "stream=codec_name")["codec_name"] == codec, "\(format)") }
        }
        #expect(try chunks("stream.webp", riff: true).contains { $0.0 == "ANMF" })
        #expect(try Data(contentsOf: URL(fileURLWithPath: dir + "/stream.apng")) == Data(contentsOf: URL(fileURLWithPath: dir + "/file.apng")))
    }

    /// An ffmpeg without the container's encoder fails before rendering (69), naming it.
    @Test func aMissingEncoderIsNamedBeforeRendering() throws {
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let bin = dir + "/bin"
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        CLI.write("#!/bin/sh\necho 'Encoders:'\necho ' V..... = Video'\necho ' ------'\necho ' V....D apng   APNG'\n", to: bin + "/ffmpeg")
        chmod(bin + "/ffmpeg", 0o755)
        let r = try CLI.run(["render", "fade", "-o", "v.webp", "-q"] + (try snapshots()), directory: dir,
                            environment: ["PATH": bin + ":/usr/bin:/bin"])
        #expect(r.status == 69, "\(r.stderr)")
        #expect(r.stderr == "segue: v.webp: webp output needs ffmpeg's libwebp_anim encoder, which \(bin)/ffmpeg lacks "
            + "(Debian's ffmpeg package has it)\n")
        #expect(!FileManager.default.fileExists(atPath: dir + "/v.webp"))
    }
}

/// Issue 26, item 6: a costly encode is announced, with its estimate, before the first frame.
@Suite struct CostNoteCLITests {
    @Test func aLongFullHDGIFSaysSoBeforeItStarts() throws {
        let dir = try SegueProcess.scratchDirectory()
        let process = Process()
        process.executableURL = SegueProcess.executable
        process.arguments = ["render", "fade", "--size", "1920x1080", "--fps", "50", "--duration", "3", "--backend", "software", "-o", "big.gif"]
        process.currentDirectoryURL = dir
        let err = Pipe()
        process.standardError = err
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        defer { if process.isRunning { process.terminate() }; process.waitUntilExit() }
        var text = ""
        let deadline = Date(timeIntervalSinceNow: 120)
        while !text.contains("\n"), Date() < deadline {
            let chunk = err.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            text += String(decoding: chunk, as: UTF8.self)
        }
        let first = text.split(separator: "\n").first.map(String.init) ?? ""
        #expect(first.hasPrefix("segue: big.gif: ffmpeg's palette for 151 GIF frames of 1920x1080 takes about 10 s for flat pictures and up to 1.6 min for noisy ones"),
                "\(text)")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("big.gif").path))
    }
}

/// Encoder control: `--crf`, `--preset`, `--bitrate`, `--keyint`, `--audio-bitrate` (and the
/// same keys in batch specs) reach the encoder, as its own record in the stream says; an option
/// the output has no use for, or out of its encoder's range, is refused before rendering.
@Suite struct EncoderOptionsCLITests {
    /// x264 writes its settings into the stream (an SEI message): `crf=30.0 … keyint=10`.
    private func x264Settings(_ path: String) throws -> String {
        String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
    }

    @Test func theEncoderGetsTheSettings() throws {
        let dir = try SegueProcess.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try SegueProcess.run(["render", "fade", "--size", "64x36", "--crf", "30", "--preset", "fast", "--keyint", "10", "-o", "a.mp4"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        let settings = try x264Settings(dir.appendingPathComponent("a.mp4").path)
        #expect(settings.contains("crf=30.0") && settings.contains("keyint=10"))
        let average = try SegueProcess.run(["render", "fade", "--size", "64x36", "--bitrate", "300k", "-o", "b.mp4"], in: dir)
        #expect(average.status == 0, "\(average.stderr)")
        let b = try x264Settings(dir.appendingPathComponent("b.mp4").path)
        #expect(b.contains("rc=abr") && b.contains("bitrate=300"))
    }

    /// `--encoder-option NAME=VALUE` passes the encoder's own options through (x264's tune and
    /// keyint_min show in its record; libvpx's cpu-used runs); anything else — an option that
    /// is not the encoder's, one of the other container's, one the app-store profile sets — is
    /// refused before rendering.
    @Test func encoderOptionsPassThroughOnlyWhatTunesTheEncoder() throws {
        let dir = try SegueProcess.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try SegueProcess.run(["render", "fade", "--size", "64x36", "--encoder-option", "tune=animation",
                                      "--encoder-option", "keyint_min=5", "-o", "a.mp4"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        let settings = try x264Settings(dir.appendingPathComponent("a.mp4").path)
        #expect(settings.contains("deblock=1:1:1") && settings.contains("keyint_min=5"), "tune=animation sets deblock 1:1")
        try #"{ jobs: [ { effect: "fade", size: "64x36", encoderOptions: { keyint_min: 4 }, output: "s.mp4" } ] }"#.write(
            to: dir.appendingPathComponent("s.json5"), atomically: true, encoding: .utf8)
        let batch = try SegueProcess.run(["batch", "s.json5", "--quiet"], in: dir)
        #expect(batch.status == 0, "\(batch.stderr)")
        #expect(try x264Settings(dir.appendingPathComponent("s.mp4").path).contains("keyint_min=4"))
        let webm = try SegueProcess.run(["render", "fade", "--size", "64x36", "--encoder-option", "cpu-used=8", "-o", "b.webm"], in: dir)
        #expect(webm.status == 0, "\(webm.stderr)")
        for (arguments, message) in [(["--encoder-option", "f=null", "-o", "c.mp4"], "f is not an encoder option Segue passes"),
                                     (["--encoder-option", "tune", "-o", "c.mp4"], "expected NAME=VALUE"),
                                     (["--encoder-option", "cpu-used=8", "-o", "c.mp4"], "cpu-used: only for webm output (this output is mp4)"),
                                     (["--encoder-option", "tune=film", "-o", "c.gif"], "tune: only for mp4 output (this output is gif)"),
                                     (["--size", "886x1920", "--profile", "app-store", "--encoder-option", "maxrate=20M", "-o", "c.mp4"],
                                      "maxrate: the app-store profile sets it")] {
            let bad = try SegueProcess.run(["render", "fade", "--size", "64x36"] + arguments, in: dir)
            #expect(bad.status == 64 && bad.stderr.contains(message), "\(arguments): \(bad.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("c.mp4").path))
    }

    @Test func aSpecTakesTheSameKeys() throws {
        let dir = try SegueProcess.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try #"{ jobs: [ { effect: "fade", size: "64x36", crf: 28, keyint: 5, output: "a.mp4" } ] }"#.write(
            to: dir.appendingPathComponent("s.json5"), atomically: true, encoding: .utf8)
        let r = try SegueProcess.run(["batch", "s.json5", "--quiet"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        let settings = try x264Settings(dir.appendingPathComponent("a.mp4").path)
        #expect(settings.contains("crf=28.0") && settings.contains("keyint=5"))
    }

    @Test func unusableSettingsAreRefusedBeforeRendering() throws {
        let dir = try SegueProcess.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        for (arguments, message) in [(["--crf", "52", "-o", "a.mp4"], "--crf: libx264 takes 0…51, not 52"),
                                     (["--crf", "20", "-o", "a.gif"], "--crf: only for mp4 and webm output (this output is gif)"),
                                     (["--preset", "fast", "-o", "a.webm"], "--preset: only for mp4 output (this output is webm)"),
                                     (["--preset", "quick", "-o", "a.mp4"], "--preset quick: expected ultrafast"),
                                     (["--bitrate", "lots", "-o", "a.mp4"], "--bitrate lots: expected a bitrate such as 2500k or 8M"),
                                     (["--crf", "20", "--bitrate", "1M", "-o", "a.mp4"], "do not go together")] {
            let r = try SegueProcess.run(["render", "fade", "--size", "64x36"] + arguments, in: dir)
            #expect(r.status == 64 && r.stderr.contains(message), "\(arguments): \(r.stderr)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
    }
}
