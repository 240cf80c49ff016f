import Foundation
import SegueCore
import SegueIO
import SegueTestSupport
import Testing

/// Colours end to end, as a colour-managed viewer or a video player sees Segue's outputs
/// (docs/IO.md "Colour"): sources and outputs are both converted by LittleCMS, called directly,
/// into a space wider than Display P3 (`TestColor.reference`) and compared there.
@Suite struct ColorCLITests {
    let screen = TestColor.screen()

    private func write(_ file: [UInt8], _ name: String, in dir: URL) -> String {
        let path = dir.appendingPathComponent(name).path
        TestFiles.writeFile(file, path)
        return path
    }

    /// The output PNG's numbers converted through the space its tags name (an ICC profile, or
    /// `sRGB`) into the reference space.
    private func colorManaged(png path: String) throws -> [UInt8] {
        let file = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let types = TestColor.chunks(ofPNG: file).map(\.type)
        let profile = try TestColor.iccProfile(ofPNG: file) ?? { () throws -> [UInt8] in
            try #require(types.contains("sRGB"), "\(path) is not tagged: \(types)")
            return TestColor.srgb
        }()
        return TestColor.convert(try ImageFile.load(path).bytes, from: profile, to: TestColor.reference)
    }

    @Test func aDisplayP3ScreenKeepsItsColoursThroughEveryPNGOutput() throws {
        let dir = try SegueProcess.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let source = write(TestColor.png(width: screen.width, height: screen.height, rgba: screen.rgba,
                                         chunks: TestColor.iccpChunk(TestColor.displayP3)), "p3.png", in: dir)
        let seen = TestColor.convert(screen.rgba, from: TestColor.displayP3, to: TestColor.reference)
        let common = ["--from", source, "--to", source, "--duration", "0.05"]
        for arguments in [["still", "fade", "--at", "0", "-o", "still.png"], ["render", "fade", "-o", "frames"] + ["--png-compression", "fast"],
                          ["render", "fade", "-o", "sheet.png", "--format", "contact"]] {
            let r = try SegueProcess.run(arguments + common, in: dir)
            #expect(r.status == 0, "\(arguments): \(r.stderr)")
        }
        for output in ["still.png", "frames/000000.png", "frames/000002.png"] {
            let difference = TestColor.difference(try colorManaged(png: dir.appendingPathComponent(output).path), seen)
            #expect(difference.mean <= 1.5 && difference.max <= 4, "\(output): \(difference)")
        }
        let sheet = [UInt8](try Data(contentsOf: dir.appendingPathComponent("sheet.png")))
        #expect(TestColor.chunks(ofPNG: sheet).first { $0.type == "cICP" }?.data == [12, 13, 0, 1])

        // In sRGB the colours inside it survive; those outside it (the green band) are clipped.
        let r = try SegueProcess.run(["still", "fade", "--at", "0", "-o", "srgb.png", "--colorspace", "srgb"] + common, in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        let inSRGB = try colorManaged(png: dir.appendingPathComponent("srgb.png").path)
        let clipped = TestColor.convert(screen.rgba, from: TestColor.displayP3, to: TestColor.srgb)
        let inside = stride(from: 0, to: clipped.count, by: 4).filter { i in (0..<3).allSatisfy { (1...254).contains(clipped[i + $0]) } }
        let pick = { (rgba: [UInt8], pixels: [Int]) in pixels.flatMap { rgba[$0..<($0 + 4)] } }
        let outside = Array(Set(stride(from: 0, to: clipped.count, by: 4)).subtracting(inside)).sorted()
        #expect(inside.count > 0 && outside.count > 0)
        let kept = TestColor.difference(pick(inSRGB, inside), pick(seen, inside))
        #expect(kept.mean <= 1.5 && kept.max <= 4, "\(kept)")
        #expect(TestColor.difference(pick(inSRGB, outside), pick(seen, outside)).max > 10)
    }

    /// GIF and WebP carry no colour profile, so every viewer takes their numbers as sRGB:
    /// Display P3 frames are converted to sRGB for them (and stderr says so), rather than sent
    /// as P3 numbers that would show as other colours (a sky of 251,100,68 for 255,84,48).
    @Test func formatsWithoutAProfileGetSRGBNumbers() throws {
        let dir = try SegueProcess.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let source = write(TestColor.png(width: screen.width, height: screen.height, rgba: screen.rgba,
                                         chunks: TestColor.iccpChunk(TestColor.displayP3)), "p3.png", in: dir)
        let inSRGB = TestColor.convert(screen.rgba, from: TestColor.displayP3, to: TestColor.srgb)
        // The patch rows, inside sRGB's gamut (the green band above them is clipped either way).
        let patches = Array(inSRGB[(16 * 64 * 4)..<(32 * 64 * 4)]), raw = Array(screen.rgba[(16 * 64 * 4)..<(32 * 64 * 4)])
        for (name, tolerance) in [("out.gif", 3.0), ("out.webp", 6.0)] {
            let r = try SegueProcess.run(["render", "fade", "--from", source, "--to", source, "--duration", "0.1", "-o", name], in: dir)
            #expect(r.status == 0, "\(name): \(r.stderr)")
            #expect(r.stderr.contains("carries no colour profile: frames converted from display-p3 to sRGB"), "\(name): \(r.stderr)")
            let frame = try ffmpegFrame(dir.appendingPathComponent(name).path)
            let shown = Array(frame[(16 * 64 * 4)..<(32 * 64 * 4)])
            let converted = TestColor.difference(shown, patches), unconverted = TestColor.difference(shown, raw)
            #expect(converted.mean <= tolerance && unconverted.mean > converted.mean + 5, "\(name): \(converted) vs P3 numbers \(unconverted)")
        }
    }

    @Test func anUntaggedScreenComesOutWithItsNumbersTaggedSRGB() throws {
        let dir = try SegueProcess.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let source = write(TestColor.png(width: screen.width, height: screen.height, rgba: screen.rgba), "plain.png", in: dir)
        let r = try SegueProcess.run(["still", "fade", "--at", "0", "--from", source, "--to", source, "-o", "out.png"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        let out = dir.appendingPathComponent("out.png").path
        #expect(try ImageFile.load(out).bytes == screen.rgba)
        #expect(TestColor.chunks(ofPNG: [UInt8](try Data(contentsOf: URL(fileURLWithPath: out)))).map(\.type).contains("sRGB"))
        let bad = try SegueProcess.run(["still", "fade", "--at", "0", "--colorspace", "adobe-rgb", "-o", "x.png"], in: dir)
        #expect(bad.status == 64 && bad.stderr.contains("--colorspace"), "\(bad.stderr)")
    }

    /// ffmpeg's decode of the first frame to RGBA, through the scale filter with `matrix`
    /// (`auto`: the stream's own tag).
    private func ffmpegFrame(_ path: String, matrix: String = "auto") throws -> [UInt8] {
        try FFmpegDecode.rgba(path, frames: 1, filter: "scale=in_color_matrix=\(matrix)")
    }

    private func colorTags(_ path: String) throws -> String {
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: "/usr/bin/ffprobe")
        probe.arguments = ["-v", "error", "-select_streams", "v:0", "-show_entries",
                           "stream=color_space,color_primaries,color_transfer,color_range", "-of", "csv=p=0", path]
        let out = Pipe()
        probe.standardOutput = out
        try probe.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        probe.waitUntilExit()
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test func videoIsBT709AndTaggedSoDecodersAgree() throws {
        let dir = try SegueProcess.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let source = write(TestColor.png(width: screen.width, height: screen.height, rgba: screen.rgba), "plain.png", in: dir)
        for name in ["v.mp4", "v.webm", "v.mov"] {
            let r = try SegueProcess.run(["render", "fade", "--from", source, "--to", source, "--duration", "0.05", "-o", name], in: dir)
            #expect(r.status == 0, "\(r.stderr)")
            let path = dir.appendingPathComponent(name).path
            #expect(try colorTags(path) == "tv,bt709,iec61966-2-1,bt709", "\(name)")
            let decoded = TestColor.difference(try ffmpegFrame(path), screen.rgba)
            #expect(decoded.mean <= 3, "\(name): \(decoded)")
            // Read with BT.601 (swscale's default, what Segue wrote before) the colours shift.
            #expect(TestColor.difference(try ffmpegFrame(path, matrix: "bt601"), screen.rgba).mean > 3 + decoded.mean, "\(name)")
        }
        let p3 = write(TestColor.png(width: screen.width, height: screen.height, rgba: screen.rgba,
                                     chunks: TestColor.iccpChunk(TestColor.displayP3)), "p3.png", in: dir)
        let r = try SegueProcess.run(["render", "fade", "--from", p3, "--to", p3, "--duration", "0.05", "-o", "p3.mp4"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try colorTags(dir.appendingPathComponent("p3.mp4").path) == "tv,bt709,iec61966-2-1,smpte432")
    }

    /// An animated PNG says what its numbers are as every PNG Segue writes does: right after
    /// IHDR, `sRGB` in the sRGB working space, `cICP` and `iCCP` in Display P3.
    @Test func animatedPNGCarriesTheColourChunks() throws {
        let dir = try SegueProcess.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let plain = write(TestColor.png(width: screen.width, height: screen.height, rgba: screen.rgba), "plain.png", in: dir)
        let p3 = write(TestColor.png(width: screen.width, height: screen.height, rgba: screen.rgba,
                                     chunks: TestColor.iccpChunk(TestColor.displayP3)), "p3.png", in: dir)
        for (source, expected) in [(plain, ["IHDR", "sRGB", "acTL"]), (p3, ["IHDR", "cICP", "iCCP", "acTL"])] {
            let r = try SegueProcess.run(["render", "fade", "--from", source, "--to", source, "--duration", "0.05", "-o", "a.apng"], in: dir)
            #expect(r.status == 0, "\(r.stderr)")
            let bytes = [UInt8](try Data(contentsOf: dir.appendingPathComponent("a.apng")))
            var types: [String] = [], offset = 8
            while offset + 8 <= bytes.count, types.count < expected.count {
                let length = bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) }
                types.append(String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self))
                offset += 12 + length
            }
            #expect(types == expected, "\(source): \(types)")
        }
    }
}
