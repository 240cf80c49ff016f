import Foundation
import SegueCore
import SegueIO
import SeguePipeline
import SegueTestSupport
import Testing

/// `segue sequence` spec files: keys, defaults, paths against the spec's folder, and errors that
/// name the file, the clip or transition and the key.
@Suite struct SequenceSpecTests {
    let dir: String = {
        let d = TestFiles.temporaryDirectory("sequence-spec")
        for name in ["a.mp4", "b.png", "c.mp4", "music.m4a"] { TestFiles.writeFile([0], d + "/" + name) }
        return d
    }()

    func parse(_ text: String) throws(SegueError) -> SequenceSpec {
        try SequenceSpec.parse(Data(text.utf8), file: "film.json5", baseDirectory: dir)
    }

    func message(_ text: String) -> String {
        do { _ = try parse(text); return "" } catch { return "\(error.exitCode) \(error.message)" }
    }

    @Test func theIssuesExampleReads() throws {
        let spec = try parse("""
        { size: "1280x720", fps: 30,
          clips: [ {file: "a.mp4", start: 1, end: 4},   // trim, seconds
                   {file: "b.png", duration: 2},        // a still, held
                   {file: "c.mp4"} ],
          transitions: [ {effect: "push", duration: 0.35},
                         {effect: "fade", duration: 1, timing: "easeInEaseOut", params: {}} ],
          audio: {file: "music.m4a", volume: 0.6, fadeOut: 1} }
        """)
        #expect(spec.size == PixelSize(width: 1280, height: 720))
        #expect(spec.fps == 30)
        #expect(spec.clips.map(\.file) == [dir + "/a.mp4", dir + "/b.png", dir + "/c.mp4"])
        #expect(spec.clips[0].start == 1 && spec.clips[0].end == 4 && spec.clips[1].duration == 2)
        #expect(spec.transitions.map(\.effect) == ["push", "fade"])
        #expect(spec.transitions[0].duration == 0.35 && spec.transitions[1].timing == "easeInEaseOut")
        #expect(spec.audio?.file == dir + "/music.m4a" && spec.audio?.volume == 0.6 && spec.audio?.fadeOut == 1)
        #expect(spec.audioCurve == .equalPower)
    }

    @Test func oneTransitionServesEveryCut() throws {
        let spec = try parse("{clips: [{file: 'a.mp4'}, {file: 'c.mp4'}, {file: 'a.mp4'}], transitions: [{effect: 'fade'}]}")
        #expect(spec.transitions.map(\.effect) == ["fade", "fade"])
        #expect(spec.fps == nil && spec.size == nil)
    }

    @Test func errorsNameTheFileThePlaceAndTheKey() {
        #expect(message("{clips: []}") == "65 film.json5: key \"clips\": expected a non-empty array of clips")
        #expect(message("{clips: [{file: 'a.mp4'}, {file: 'c.mp4'}]}") == "65 film.json5: missing key \"transitions\"")
        #expect(message("{clips: [{file: 'a.mp4'}, {start: 2}], transitions: [{effect: 'fade'}]}")
                == "65 film.json5: clip 2: missing key \"file\"")
        #expect(message("{clips: [{file: 'a.mp4', start: 3, end: 2}]}")
                == "65 film.json5: clip 1: key \"end\": 2: must be after start (3)")
        #expect(message("{clips: [{file: 'a.mp4', start: -1}]}").hasPrefix("65 film.json5: clip 1: key \"start\": -1: expected seconds"))
        #expect(message("{clips: [{file: 'nope.mp4'}]}") == "66 film.json5: clip 1: key \"file\": \(dir)/nope.mp4: no such file")
        #expect(message("{clips: [{file: 'a.mp4'}, {file: 'c.mp4'}], transitions: [{effect: 'warp-drive'}]}")
                .hasPrefix("65 film.json5: transition 1: key \"effect\": unknown effect \"warp-drive\""))
        #expect(message("{clips: [{file: 'a.mp4'}, {file: 'c.mp4'}], transitions: [{effect: 'fade', timing: 'wobbly'}]}")
                .hasPrefix("65 film.json5: transition 1: "))
        #expect(message("{clips: [{file: 'a.mp4'}, {file: 'c.mp4'}, {file: 'a.mp4'}, {file: 'c.mp4'}], transitions: [{effect: 'fade'}, {effect: 'push'}]}")
                == "65 film.json5: key \"transitions\": 2 given for 3 cuts: give one per cut, or one for every cut")
        #expect(message("{clips: [{file: 'a.mp4'}], fps: 0}").hasPrefix("65 film.json5: key \"fps\": 0"))
        #expect(message("{clips: [{file: 'a.mp4'}], music: 'x'}").hasPrefix("65 film.json5: unknown key \"music\""))
        #expect(message("{clips: [{file: 'a.mp4'}], audio: {file: 'music.m4a', volume: 99}}")
                == "65 film.json5: audio: key \"volume\": 99: must be in 0…16")
        #expect(message("{clips: [{file: 'a.mp4'}], audioCurve: 'loud'}")
                .hasPrefix("65 film.json5: key \"audioCurve\": \"loud\": expected "))
        #expect(message("[1]") == "65 film.json5: expected an object with \"clips\"")
    }

    /// Issue 26, item 4: what is at a path that cannot be read is said as it is, not as "no
    /// such file" for every case.
    @Test func aFileThatCannotBeReadSaysWhy() throws {
        try FileManager.default.createDirectory(atPath: dir + "/folder", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: dir + "/loop1", withDestinationPath: "loop2")
        try FileManager.default.createSymbolicLink(atPath: dir + "/loop2", withDestinationPath: "loop1")
        #expect(mkfifo(dir + "/fifo", 0o600) == 0)
        let cases = [("folder", "is a directory"), ("loop1", "a loop of symbolic links (or a chain of more than 40)"), ("fifo", "a FIFO, not a regular file"),
                     ("nope.mp4", "no such file")]
        for (name, why) in cases {
            #expect(message("{clips: [{file: 'a.mp4'}, {file: '\(name)'}], transitions: [{effect: 'fade'}]}")
                    == "66 film.json5: clip 2: key \"file\": \(dir)/\(name): \(why)")
        }
        #expect(message("{clips: [{file: 'a.mp4'}], audio: {file: 'folder'}}") == "66 film.json5: audio: key \"file\": \(dir)/folder: is a directory")
    }

    /// A string escape the reader refuses is reported as that, with its place, not as a number.
    @Test func badStringEscapesSayWhatIsWrongAndWhere() {
        let cases = [(#"{clips: [{file: "a\ud800.mp4"}]}"#, "half a UTF-16 surrogate pair"),
                     (#"{clips: [{file: "a\u0000.mp4"}]}"#, "a NUL character"),
                     (#"{clips: [{file: "a\q.mp4"}]}"#, "an unknown escape"),
                     (#"{clips: [{file: "a\u12.mp4"}]}"#, "four hex digits")]
        for (text, words) in cases {
            let said = message(text)
            #expect(said.hasPrefix("65 film.json5: not valid JSON or JSON5 (clips[0].file: ") && said.contains(words)
                    && said.contains("at line 1, column ") && !said.contains("1.8e308"), "\(text): \(said)")
        }
        #expect(message(#"{clips: [{file: "a.mp4", start: 1e999}]}"#).contains("a number beyond ±1.8e308"))
    }
}

/// `scale auto` in a sequence is inferred as `render` infers it: from the incoming side's own
/// size and the fit's magnification onto the canvas, not from the canvas (an App Store preview
/// canvas of 886×1920 is no screen size; a 1179×2556 iPhone screenshot fitted into it is 3 px
/// per point times 886/1179).
@Suite struct SequenceScaleTests {
    func sequence(sizes: [PixelSize], canvas: PixelSize) throws -> PreparedSequence {
        let folder = TestFiles.temporaryDirectory("sequence-scale")
        var spec = SequenceSpec(file: folder + "/film.json5")
        spec.size = canvas
        spec.fps = 10
        for (i, size) in sizes.enumerated() {
            try PNGCodec.write(TestImages.photo(size.width, size.height, seed: i), to: folder + "/\(i).png")
            var clip = SequenceSpec.Clip(file: folder + "/\(i).png")
            clip.duration = 1
            spec.clips.append(clip)
        }
        var cut = TransitionRequest(effect: "zoom")
        cut.duration = 0.5
        spec.transitions = [cut]
        return try PreparedSequence(spec)
    }

    @Test func aScreenshotIntoAnAppPreviewCanvas() throws {
        let s = try sequence(sizes: [PixelSize(width: 886, height: 1920), PixelSize(width: 1179, height: 2556)],
                             canvas: PixelSize(width: 886, height: 1920))
        #expect(abs(s.cuts[0].scale - 3 * 886 / 1179) < 1e-9)
        #expect(s.cuts[0].scaleNote == nil)
    }

    @Test func anUnknownSizeIsSaid() throws {
        let s = try sequence(sizes: [PixelSize(width: 1179, height: 2556), PixelSize(width: 886, height: 1920)],
                             canvas: PixelSize(width: 886, height: 1920))
        #expect(s.cuts[0].scale == 1)
        #expect(s.cuts[0].scaleNote?.contains("886x1920 is no iPhone or iPad screen size") == true)
    }
}
