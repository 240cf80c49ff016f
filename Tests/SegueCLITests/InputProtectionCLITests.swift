import Foundation
import SegueCore
import SegueIO
import SegueTestSupport
import Testing

/// Issue 26, item 1: an output never replaces an input. Every command refuses, before any
/// work, an output that is one of its inputs (through links, `..` and hard links too) or a
/// folder holding one, with exit 64 naming both — and the input is left byte for byte as it was.
@Suite struct InputProtectionCLITests {
    let dir: URL
    init() throws {
        dir = try SegueProcess.scratchDirectory()
        for (name, color) in [("s.png", Color.white), ("t.png", Color(r: 0.2, g: 0.4, b: 0.9))] {
            var image = PixelBuffer(width: 24, height: 16)
            image.fill(color)
            try PNGCodec.write(image, to: path(name), compression: .fast)
        }
        try Data(#"{"points": [[0, 0, 0], [0.1, 0, 100]]}"#.utf8).write(to: dir.appendingPathComponent("g.json"))
        try Data("vec4 transition(vec2 uv) { return mix(getFromColor(uv), getToColor(uv), progress); }\n".utf8)
            .write(to: dir.appendingPathComponent("mine.glsl"))
    }

    func path(_ name: String) -> String { dir.appendingPathComponent(name).path }
    func bytes(_ name: String) -> Data? { FileManager.default.contents(atPath: path(name)) }

    let pair = ["--from", "s.png", "--to", "t.png", "--backend", "software", "--duration", "0.05", "--fps", "20"]

    /// Runs segue in the scratch folder and checks the refusal: exit 64, one line naming both
    /// places, and every file of the folder unchanged.
    func expectRefused(_ arguments: [String], naming words: [String], sourceLocation: SourceLocation = #_sourceLocation) throws {
        let names = try FileManager.default.subpathsOfDirectory(atPath: dir.path).sorted()
        let before = names.map { bytes($0) }
        let run = try SegueProcess.run(arguments, in: dir)
        #expect(run.status == 64, "\(arguments): exit \(run.status): \(run.stderr)", sourceLocation: sourceLocation)
        let line = run.stderr.trimmingCharacters(in: .newlines)
        #expect(!line.contains("\n"), "\(arguments): \(run.stderr)", sourceLocation: sourceLocation)
        #expect(line.contains("an output never replaces an input") || line.contains("give each output its own place"),
                "\(arguments): \(run.stderr)", sourceLocation: sourceLocation)
        for word in words { #expect(line.contains(word), "\(arguments): '\(word)' not in: \(line)", sourceLocation: sourceLocation) }
        #expect(try FileManager.default.subpathsOfDirectory(atPath: dir.path).sorted() == names, "\(arguments) wrote files",
                sourceLocation: sourceLocation)
        #expect(names.map { bytes($0) } == before, "\(arguments) changed a file", sourceLocation: sourceLocation)
    }

    @Test func stillAndRenderRefuseTheirSnapshotsAsOutputs() throws {
        try expectRefused(["still", "fade", "--at", "0.5"] + pair + ["-o", "s.png"], naming: ["-o s.png", "--from s.png"])
        try FileManager.default.createDirectory(atPath: path("sub"), withIntermediateDirectories: true)
        try expectRefused(["still", "fade", "--at", "0.5"] + pair + ["-o", "./sub/../t.png"], naming: ["-o ./sub/../t.png", "--to t.png"])
        try expectRefused(["render", "fade"] + pair + ["--contact-sheet", "s.png", "-o", "frames"], naming: ["--contact-sheet s.png", "--from"])
        try expectRefused(["render", "fade"] + pair + ["--format", "contact", "-o", "t.png"], naming: ["-o t.png", "--to t.png"])
        try expectRefused(["render", "fade"] + pair + ["--gesture", "g.json", "--format", "raw", "-o", "g.json"], naming: ["--gesture g.json"])
        try expectRefused(["still", "mask", "--param", "mask=t.png", "--at", "0.5", "--backend", "software", "-o", "t.png"],
                          naming: ["--param mask t.png"])
    }

    @Test func linksAndHardLinksLeadToTheSameFile() throws {
        try FileManager.default.createSymbolicLink(atPath: path("link.png"), withDestinationPath: "s.png")
        #expect(link(path("t.png"), path("hard.png")) == 0)
        try expectRefused(["still", "fade", "--at", "0.5"] + pair + ["-o", "link.png"], naming: ["-o link.png", "--from s.png", "through a link"])
        try expectRefused(["still", "fade", "--at", "0.5"] + pair + ["-o", "hard.png"], naming: ["-o hard.png", "--to t.png"])
        // A folder reached through a link holds its files too.
        try FileManager.default.createDirectory(atPath: path("real"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: path("s.png"), toPath: path("real/000000.png"))
        try FileManager.default.createSymbolicLink(atPath: path("ln"), withDestinationPath: "real")
        try expectRefused(["render", "fade", "--from", "real/000000.png", "--to", "t.png", "--backend", "software", "-o", "ln"],
                          naming: ["-o ln", "a folder holding --from real/000000.png"])
    }

    /// Frame 0 of a PNG folder would replace a snapshot inside it, and so would any file in a
    /// folder under it.
    @Test func aFolderOutputHoldingAnInputIsRefused() throws {
        try FileManager.default.createDirectory(atPath: path("d/deeper"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: path("s.png"), toPath: path("d/000000.png"))
        try FileManager.default.copyItem(atPath: path("t.png"), toPath: path("d/deeper/t.png"))
        try expectRefused(["render", "fade", "--from", "d/000000.png", "--to", "t.png", "--backend", "software", "-o", "d"],
                          naming: ["-o d", "--from d/000000.png"])
        try expectRefused(["render", "fade", "--from", "s.png", "--to", "d/deeper/t.png", "--backend", "software", "-o", "d/"],
                          naming: ["--to d/deeper/t.png"])
    }

    @Test func aShaderFileIsNotItsOwnOutput() throws {
        try expectRefused(["render", "mine.glsl"] + pair + ["--format", "raw", "-o", "mine.glsl"], naming: ["-o mine.glsl", "the shader file"])
        try expectRefused(["watch", "mine.glsl", "--once", "--from", "s.png", "-o", "s.png"], naming: ["-o s.png", "--from s.png"])
        // A built-in's name taken over by a file in --shaders reads that file.
        try FileManager.default.createDirectory(atPath: path("sh"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: path("mine.glsl"), toPath: path("sh/fade.glsl"))
        try expectRefused(["render", "fade", "--shaders", "sh"] + pair + ["--format", "raw", "-o", "sh/fade.glsl"], naming: ["sh/fade.glsl"])
    }

    @Test func twoOutputsOfOneJobAreTwoPlaces() throws {
        try expectRefused(["render", "fade"] + pair + ["--format", "contact", "-o", "sheet.png", "--contact-sheet", "./sheet.png"],
                          naming: ["--contact-sheet ./sheet.png", "-o sheet.png"])
        // A device keeps nothing: both streams may go to /dev/null.
        let run = try SegueProcess.run(["render", "fade"] + pair + ["--format", "raw", "-o", "/dev/null", "--contact-sheet", "/dev/null"], in: dir)
        #expect(run.status == 0, "\(run.stderr)")
    }

    @Test func clipsTheAudioBedAndTheSpecAreNotOutputs() throws {
        try FFmpegTool.clip(path("a.mp4"), video: "testsrc2=s=64x48:r=20", seconds: 0.5, tone: 440)
        try FFmpegTool.clip(path("b.mp4"), video: "mandelbrot=s=64x48:r=20", seconds: 0.5, tone: 880)
        try FileManager.default.createSymbolicLink(atPath: path("la.mp4"), withDestinationPath: "a.mp4")
        let clips = ["--from", "a.mp4", "--to", "b.mp4", "--backend", "software", "--duration", "0.1"]
        try expectRefused(["render", "fade"] + clips + ["-o", "a.mp4"], naming: ["-o a.mp4", "--from a.mp4"])
        try expectRefused(["render", "fade"] + clips + ["-o", "la.mp4"], naming: ["-o la.mp4", "--from a.mp4"])
        try expectRefused(["render", "fade"] + clips + ["-o", "o.raw", "--audio", "b.mp4"], naming: ["--audio b.mp4", "--to b.mp4"])
        try expectRefused(["render", "fade"] + clips + ["-o", "o.wav", "--format", "raw", "--audio", "o.wav"], naming: ["--audio o.wav", "-o o.wav"])

        try Data("{clips: [{file: 'a.mp4'}, {file: 'b.mp4'}], transitions: [{effect: 'fade', duration: 0.1}], audio: {file: 'bed.mp4'}}".utf8)
            .write(to: dir.appendingPathComponent("s.json5"))
        try FFmpegTool.clip(path("bed.mp4"), video: "testsrc2=s=64x48:r=20", seconds: 0.5, tone: 220)
        try expectRefused(["sequence", "s.json5", "--backend", "software", "-o", "a.mp4"], naming: ["-o a.mp4", "clip 1"])
        try expectRefused(["sequence", "s.json5", "--backend", "software", "-o", "bed.mp4"], naming: ["-o bed.mp4", "audio"])
        try expectRefused(["sequence", "s.json5", "--backend", "software", "--format", "mp4", "-o", "s.json5"], naming: ["the spec s.json5"])
        try expectRefused(["sequence", "s.json5", "--backend", "software", "-o", "o.mp4", "--audio", "la.mp4"], naming: ["--audio la.mp4", "clip 1"])
    }

    @Test func batchComparesEveryJobsOutputsWithEveryInputAndTheSpec() throws {
        try Data("{jobs: [{effect: 'fade', from: 's.png', to: 't.png', duration: 0.05, format: 'raw', output: 'b.json5'}]}".utf8)
            .write(to: dir.appendingPathComponent("b.json5"))
        try expectRefused(["batch", "b.json5"], naming: ["job 1: key \"output\"", "the spec b.json5"])
        try FileManager.default.createDirectory(atPath: path("real"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: path("ln"), withDestinationPath: "real")
        try Data("""
        {defaults: {effect: 'fade', from: 's.png', to: 't.png', duration: 0.05},
         jobs: [{output: 'real/o.raw'}, {output: 'ln/o.raw'}]}
        """.utf8).write(to: dir.appendingPathComponent("two.json5"))
        try expectRefused(["batch", "two.json5"], naming: ["job 2: key \"output\"", "real/o.raw", "ln/o.raw"])
        try Data("{jobs: [{effect: 'mask', params: {mask: 't.png'}, duration: 0.05, output: 't.png', format: 'contact'}]}".utf8)
            .write(to: dir.appendingPathComponent("mask.json5"))
        try expectRefused(["batch", "mask.json5"], naming: ["key \"params\" \"mask\""])
    }

    /// The check does not refuse what is fine: an output beside its inputs, in a folder next
    /// to theirs, or a new file in the snapshots' folder.
    @Test func outputsBesideInputsAreFine() throws {
        for arguments in [["still", "fade", "--at", "0.5"] + pair + ["-o", "new.png"],
                          ["render", "fade"] + pair + ["-o", "frames"],
                          ["render", "fade"] + pair + ["--format", "raw", "-o", "./o.raw", "--contact-sheet", "sheet.png"]] {
            let run = try SegueProcess.run(arguments, in: dir)
            #expect(run.status == 0, "\(arguments): \(run.stderr)")
        }
    }
}

/// Issue 26, item 4: one mistake, one message and one exit code, whether the two sides are
/// snapshots or clips.
@Suite struct OptionCodesCLITests {
    @Test func aBadOptionIsTheSameUsageErrorWithClipsAndStills() throws {
        let dir = try SegueProcess.scratchDirectory()
        var image = PixelBuffer(width: 24, height: 16)
        image.fill(Color.white)
        try PNGCodec.write(image, to: dir.appendingPathComponent("s.png").path)
        try FFmpegTool.clip(dir.appendingPathComponent("a.mp4").path, video: "testsrc2=s=24x16:r=10", seconds: 0.5)
        for option in [["--duration", "-1"], ["--duration", "nan"], ["--duration", "inf"], ["--duration", "1e309"], ["--duration", "3601"],
                       ["--fps", "0"], ["--size", "0x5"], ["--scale", "50"], ["--seed", "-1"], ["--offset", "-1"]] {
            let stills = try SegueProcess.run(["render", "fade", "--from", "s.png", "--to", "s.png", "-o", "o.raw"] + option, in: dir)
            let clips = try SegueProcess.run(["render", "fade", "--from", "a.mp4", "--to", "a.mp4", "-o", "o.raw"] + option, in: dir)
            #expect(stills.status == 64 && clips.status == 64, "\(option): \(stills.status) \(clips.status) \(clips.stderr)")
            #expect(stills.stderr == clips.stderr && clips.stderr.hasPrefix("segue: \(option[0]) "), "\(option): \(stills.stderr) / \(clips.stderr)")
        }
    }
}
