import Foundation
import SegueCore
import SegueIO
@testable import SeguePipeline
import SegueTestSupport
import Testing

/// Spec parsing: JSON5, defaults, relative paths, and every bad-input error naming the
/// file, the job and the key.
@Suite final class BatchSpecTests {
    let dir: String
    deinit { try? FileManager.default.removeItem(atPath: dir) }

    init() throws {
        dir = TestFiles.temporaryDirectory("batchspec")
        try FileManager.default.createDirectory(atPath: dir + "/img", withIntermediateDirectories: true)
        try PNGCodec.write(TestImages.photo(16, 9), to: dir + "/img/a.png")
        try PNGCodec.write(TestImages.photo(16, 9, seed: 1), to: dir + "/img/b.png")
        // A shader whose uniforms take each kind of spec value: a boolean, a number, an array.
        try """
        uniform bool flag; // = false
        uniform int n; // = 1
        uniform vec2 p; // = vec2(0.0)
        vec4 transition(vec2 uv) { return mix(getFromColor(uv), getToColor(uv), progress); }
        """.write(toFile: dir + "/kinds.glsl", atomically: true, encoding: .utf8)
    }

    func parse(_ text: String) throws(SegueError) -> [BatchJob] {
        try BatchSpec.parse(Data(text.utf8), file: "spec.json", baseDirectory: dir)
    }

    func error(_ text: String) -> SegueError? {
        do { _ = try parse(text); return nil } catch { return error }
    }

    @Test func parsesJSON5WithDefaultsAndRelativePaths() throws {
        let jobs = try parse("""
        // JSON5: comments, unquoted keys, single quotes, trailing commas
        { defaults: { size: '32x18', fps: 10, from: 'img/a.png', to: 'img/b.png', params: {} },
          jobs: [
            { name: 'one', effect: 'fade', output: 'out/one', pngCompression: 'best', seed: 7, colorspace: 'display-p3' },
            { effect: 'kinds.glsl', output: '/abs/two.mp4', fps: 24, params: { flag: true, n: 2, p: [0.5, 1] } },
            { effect: 'fade', output: '-', format: 'raw' },
          ], }
        """)
        #expect(jobs.count == 3)
        #expect(jobs[0].request.from == dir + "/img/a.png" && jobs[0].request.to == dir + "/img/b.png")
        #expect(jobs[0].output.path == dir + "/out/one" && jobs[0].output.format == .png && jobs[0].output.pngCompression == .best)
        #expect(jobs[0].request.size == PixelSize(width: 32, height: 18) && jobs[0].request.fps == 10 && jobs[0].request.seed == 7)
        #expect(jobs[0].label == "job 1 \"one\"")
        #expect(jobs[0].request.colorSpace == .displayP3 && jobs[1].request.colorSpace == .auto)
        #expect(jobs[1].output.path == "/abs/two.mp4" && jobs[1].output.format == .mp4 && jobs[1].request.fps == 24)
        #expect(jobs[1].request.effect == dir + "/kinds.glsl")
        #expect(jobs[1].request.parameters.map { "\($0.0)=\($0.1)" } == ["flag=true", "n=2", "p=0.5,1"])
        #expect(jobs[2].output.path == "-" && jobs[2].output.format == .raw && jobs[2].label == "job 3")
    }

    /// GStreamer's SMPTE wipes by name or number; an unknown number is the spec's error.
    @Test func takesSMPTEWipesByNameAndNumber() throws {
        let jobs = try parse("""
        { defaults: { size: '32x18', fps: 10, from: 'img/a.png', to: 'img/b.png' },
          jobs: [ { effect: 'smpte:44', output: 'out/a', params: { border: 4096, invert: 'true' } },
                  { effect: 'smpte:bowtie-h', output: 'out/b' } ] }
        """)
        #expect(jobs.map(\.request.effect) == ["smpte:44", "smpte:bowtie-h"])
        let bad = error("{ jobs: [ { effect: 'smpte:45000', output: 'out/c', from: 'img/a.png', to: 'img/b.png' } ] }")
        #expect(bad?.kind == .invalidInput && bad?.message.contains("smpte:45000") == true)
    }

    /// xfade's custom expression in a spec: its text, or `@FILE` named from the spec's folder;
    /// a bad one is the spec's error, naming the column.
    @Test func takesCustomExpressionsAndTheirFiles() throws {
        try "if(gt(X,W*P),B,A)".write(toFile: dir + "/wipe.expr", atomically: true, encoding: .utf8)
        let jobs = try parse("""
        { defaults: { size: '32x18', fps: 10, from: 'img/a.png', to: 'img/b.png' },
          jobs: [ { effect: 'xfade:custom', output: 'out/a', params: { expr: 'A*P+B*(1-P)' } },
                  { effect: 'xfade:custom', output: 'out/b', params: { expr: '@wipe.expr' } } ] }
        """)
        #expect(jobs[0].request.parameters.map { "\($0.0)=\($0.1)" } == ["expr=A*P+B*(1-P)"])
        #expect(jobs[1].request.parameters.map { "\($0.0)=\($0.1)" } == ["expr=@" + dir + "/wipe.expr"])
        let bad = error("{ jobs: [ { effect: 'xfade:custom', output: 'out/c', from: 'img/a.png', to: 'img/b.png', params: { expr: 'A+foo(1)' } } ] }")
        #expect(bad?.kind == .invalidInput && bad?.message.contains("column 3: unknown function 'foo'") == true, "\(String(describing: bad))")
    }

    /// magic-move's element maps in a spec: `@FILE` named from the spec's folder, read when the
    /// spec is; a duplicate id is the spec's error, naming the map's file and the element.
    @Test func takesElementMapsFromTheSpecsFolder() throws {
        try #"[{"id": "a", "frame": [1, 1, 8, 6]}]"#.write(toFile: dir + "/from.json", atomically: true, encoding: .utf8)
        try #"[{"id": "a", "frame": [20, 9, 10, 8]}]"#.write(toFile: dir + "/to.json", atomically: true, encoding: .utf8)
        try #"[{"id": "a", "frame": [1, 1, 8, 6]}, {"id": "a", "frame": [2, 2, 3, 3]}]"#.write(toFile: dir + "/dup.json", atomically: true, encoding: .utf8)
        let jobs = try parse("""
        { defaults: { size: '32x18', fps: 10, from: 'img/a.png', to: 'img/b.png' },
          jobs: [ { effect: 'magic-move', output: 'out/a', params: { 'from-elements': '@from.json', 'to-elements': '@to.json' } } ] }
        """)
        #expect(jobs[0].request.parameters.map { "\($0.0)=\($0.1)" } == ["from-elements=@" + dir + "/from.json", "to-elements=@" + dir + "/to.json"])
        let bad = error("{ jobs: [ { effect: 'magic-move', output: 'out/c', from: 'img/a.png', to: 'img/b.png', params: { 'from-elements': '@dup.json', 'to-elements': '@to.json' } } ] }")
        #expect(bad?.kind == .invalidInput && bad?.message.contains(#"dup.json: element 2 "a": the same id as element 1"#) == true, "\(String(describing: bad))")
    }

    @Test func badInputNamesFileJobAndKey() {
        let from = "from: 'img/a.png', to: 'img/b.png'"
        let cases: [(String, SegueError.Kind, String)] = [
            ("{jobs: [{effect: 'fade', output: 'o', fsp: 3}]}", .invalidInput, "spec.json: job 1: unknown key \"fsp\""),
            ("{jobs: [{name: 'x', effect: 'fade', output: 'o', fps: '30'}]}", .invalidInput,
             "spec.json: job 1 \"x\": key \"fps\": expected a number, got a string"),
            ("{jobs: [{effect: 'fade', output: 'o', seed: 1.5}]}", .invalidInput, "spec.json: job 1: key \"seed\": 1.5: must be a whole number in 0…18446744073709551615"),
            ("{jobs: [{effect: 'fade', output: 'o', params: {a: {b: 1}}}]}", .invalidInput, "spec.json: job 1: key \"params\": \"a\""),
            ("{jobs: [{effect: 'fade', output: 'o', size: '10by10'}]}", .invalidInput, "spec.json: job 1: key \"size\""),
            ("{jobs: [{effect: 'fade', output: 'o', format: 'avi'}]}", .invalidInput, "spec.json: job 1: key \"format\""),
            ("{jobs: [{effect: 'fade', output: 'o', colorspace: 'p3'}]}", .invalidInput,
             "spec.json: job 1: key \"colorspace\": p3: expected auto, srgb or display-p3"),
            ("{jobs: [{effect: 'fade', output: 'o', fps: 0}]}", .invalidInput, "spec.json: job 1: key \"fps\""),
            ("{jobs: [{effect: 'nope', output: 'o'}]}", .invalidInput, "spec.json: job 1: key \"effect\": unknown effect \"nope\""),
            ("{jobs: [{effect: 'fade'}]}", .invalidInput, "spec.json: job 1: missing key \"output\""),
            ("{jobs: [{effect: 'fade', output: '-', format: 'png'}]}", .invalidInput, "spec.json: job 1: key \"output\""),
            ("{defaults: {fps: true}, jobs: [{effect: 'fade', output: 'o'}]}", .invalidInput, "spec.json: defaults: key \"fps\""),
            ("{defaults: {output: 'x'}, jobs: [{effect: 'fade', output: 'o'}]}", .invalidInput, "spec.json: defaults: key \"output\""),
            ("{job: []}", .invalidInput, "spec.json: unknown top-level key \"job\""),
            ("{jobs: []}", .invalidInput, "spec.json: key \"jobs\""),
            ("{jobs: [1]}", .invalidInput, "spec.json: job 1: expected an object"),
            ("{jobs: [", .invalidInput, "spec.json: not valid JSON or JSON5"),
            ("{jobs: [{effect: 'fade', output: 'o', from: 'img/missing.png'}]}", .missingInput,
             "spec.json: job 1: key \"from\": \(dir)/img/missing.png: no such file"),
            ("{jobs: [{effect: 'fade', output: 'o'}, {name: 'dup', effect: 'push', output: './o'}]}", .usage,
             "spec.json: job 2 \"dup\": key \"output\" \(dir)/o: is also where job 1: key \"output\" \(dir)/o writes"),
            ("{jobs: [{effect: 'fade', output: '-', format: 'y4m'}, {effect: 'push', output: '-', format: 'raw'}]}", .usage,
             "spec.json: job 2: key \"output\": stdout is also the output of job 1"),
            ("{jobs: [{effect: 'fade', output: 'gen.png', format: 'contact'}, {effect: 'push', output: 'o', from: 'gen.png'}]}", .usage,
             "spec.json: job 1: key \"output\" \(dir)/gen.png: is job 2: key \"from\" \(dir)/gen.png, an input"),
            ("{jobs: [{effect: 'fade', output: 'frames', \(from)}, {effect: 'push', output: 'o', to: 'frames/000003.png'}]}", .usage,
             "spec.json: job 1: key \"output\" \(dir)/frames: is a folder holding job 2: key \"to\" \(dir)/frames/000003.png, an input"),
        ]
        for (text, kind, prefix) in cases {
            let e = error(text)
            #expect(e?.kind == kind && e?.message.hasPrefix(prefix) == true, "\(text) → \(e?.message ?? "accepted")")
            #expect(e.map { !$0.message.contains("\n") } ?? true)
        }
    }

    /// Found by `make fuzz` (batch-spec target): Foundation's JSON5 reader trapped on these bytes
    /// in an unquoted key.
    @Test func invalidUTF8IsRefusedNotCrashed() {
        let bytes: [UInt8] = Array("{jobs: [{".utf8) + [0xFF, 0xFE] + Array(": 1}]}".utf8)
        #expect(throws: SegueError.invalidInput("spec.json: not UTF-8 text")) {
            try BatchSpec.parse(Data(bytes), file: "spec.json", baseDirectory: dir)
        }
    }

    /// `scale` is a number or "auto" (the default, inferred from the snapshot).
    @Test func scaleIsANumberOrAuto() throws {
        let jobs = try parse("{jobs: [{effect: 'fade', output: 'a', scale: 2}, {effect: 'fade', output: 'b', scale: 'auto'}, {effect: 'fade', output: 'c'}]}")
        #expect(jobs.map(\.request.scale) == [2, nil, nil])
        let e = error("{jobs: [{effect: 'fade', output: 'o', scale: 'big'}]}")
        #expect(e?.message == "spec.json: job 1: key \"scale\": expected a number or \"auto\", got a string")
    }

    @Test func loadsRelativeToTheSpecFile() throws {
        let spec = dir + "/sub/spec.json"
        try FileManager.default.createDirectory(atPath: dir + "/sub", withIntermediateDirectories: true)
        TestFiles.writeFile(Array(#"{"jobs": [{"effect": "fade", "from": "../img/a.png", "output": "frames"}]}"#.utf8), spec)
        let jobs = try BatchSpec.load(path: spec)
        #expect(jobs[0].request.from == dir + "/img/a.png" && jobs[0].output.path == dir + "/sub/frames")
        #expect(throws: SegueError.missingInput("\(dir)/nope.json: no such file")) { try BatchSpec.load(path: dir + "/nope.json") }
    }
}
