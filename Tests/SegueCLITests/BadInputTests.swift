import Foundation
import Testing
import SegueCore
import SegueIO

/// Issue 2 "Bad input": one clear line on stderr naming the file and the problem, the
/// documented exit code, and no frame left behind under its final name.
@Suite final class BadInputTests {
    let dir: URL
    init() throws { dir = try SegueProcess.scratchDirectory() }
    deinit { try? FileManager.default.removeItem(at: dir) }

    func path(_ name: String) -> String { dir.appendingPathComponent(name).path }

    func write(_ name: String, _ bytes: [UInt8]) throws -> String {
        try Data(bytes).write(to: dir.appendingPathComponent(name))
        return path(name)
    }

    /// A tiny valid PNG to pair with a bad one.
    func goodImage() throws -> String {
        var image = PixelBuffer(width: 8, height: 8)
        image.fill(.white)
        try PNGCodec.write(image, to: path("good.png"), compression: .fast)
        return path("good.png")
    }

    func expectFailure(_ args: [String], code: Int32, mentions: String) throws {
        let result = try SegueProcess.run(args, in: dir)
        #expect(result.status == code, "\(args): exit \(result.status), stderr \(result.stderr)")
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(args): stderr should be one line, got \(result.stderr)")
        #expect(result.stderr.contains(mentions), "\(args): \(result.stderr)")
    }

    /// GStreamer's SMPTE wipes: an unknown name or number, a border past the mask's range and
    /// an invert that is not a boolean each get one line and exit 65.
    @Test func smpteWipeMistakes() throws {
        try expectFailure(["still", "smpte:bar-wipe", "--at", "0.5", "-o", path("a.png")], code: 65, mentions: "unknown SMPTE wipe 'smpte:bar-wipe'")
        try expectFailure(["still", "smpte:9", "--at", "0.5", "-o", path("a.png")], code: 65, mentions: "unknown SMPTE wipe 'smpte:9'")
        try expectFailure(["still", "smpte:1", "--param", "border=70000", "--at", "0.5", "-o", path("a.png")], code: 65, mentions: "border=70000")
        try expectFailure(["still", "smpte:iris-rect", "--param", "invert=yes", "--at", "0.5", "-o", path("a.png")], code: 65, mentions: "false, true")
        #expect(!FileManager.default.fileExists(atPath: path("a.png")))
    }

    /// Issue 30: a bad xfade custom expression is one line naming the problem (and the column),
    /// exit 65, no output; hostile ones (1 MB of text, nesting 10 000 deep, a loop that never
    /// ends) are refused or stopped, never hung on.
    @Test func xfadeCustomExpressionMistakes() throws {
        func still(_ expression: String, _ extra: [String] = [], size: String = "64x40") -> [String] {
            ["still", "xfade:custom", "--param", "expr=\(expression)", "--at", "0.5", "--size", size, "-o", path("a.png")] + extra
        }
        try expectFailure(still("A*P+foo(X)"), code: 65, mentions: "column 5: unknown function 'foo'")
        try expectFailure(still("A*P+Q"), code: 65, mentions: "unknown name 'Q'")
        try expectFailure(still("lerp(A,B)"), code: 65, mentions: "lerp takes 3 arguments, not 2")
        try expectFailure(still(String(repeating: "(", count: 10_000) + "1" + String(repeating: ")", count: 10_000)),
                          code: 65, mentions: "nested more than 100 levels deep")
        let huge = try write("huge.expr", Array(String(repeating: "1+", count: 512 * 1024).utf8) + [UInt8(ascii: "1")])
        try expectFailure(still("@" + huge), code: 65, mentions: "huge.expr: file too large")
        try expectFailure(still("while(1,A)", ["--backend", "software"]), code: 65, mentions: "ran more than 100000 iterations")
        // A shader cannot be stopped: on GL the frame time limit ends it (a body the compiler
        // cannot fold away, 100 000 sines a value: half a minute of llvmpipe at this size).
        try expectFailure(still("st(0,X);while(1,st(0,sin(ld(0)+Y)))", ["--backend", "gl", "--time-limit", "1"], size: "320x200"),
                          code: 124, mentions: "exceeded the per-frame time limit")
        #expect(!FileManager.default.fileExists(atPath: path("a.png")))
    }

    /// Issue 28: a bad element map is one line naming the file and the element, exit 65 (a
    /// missing file 66, half a pair of maps 64), and nothing is written.
    @Test func magicMoveElementMapMistakes() throws {
        func still(_ from: String, _ to: String? = nil) -> [String] {
            ["still", "magic-move", "--param", "from-elements=\(from)"] + (to.map { ["--param", "to-elements=\($0)"] } ?? [])
                + ["--at", "0.5", "--size", "120x200", "-o", path("a.png")]
        }
        let good = try write("good.json", Array(#"[{"id": "a", "frame": [1, 2, 30, 40]}]"#.utf8))
        let duplicate = try write("dup.json", Array(#"[{"id": "a", "frame": [1, 2, 3, 4]}, {"id": "a", "frame": [5, 6, 7, 8]}]"#.utf8))
        let empty = try write("empty.json", Array(#"[{"id": "a", "frame": [1, 2, 0, 4]}]"#.utf8))
        let off = try write("off.json", Array(#"{"units": "pixels", "elements": [{"id": "far", "frame": [500, 2, 3, 4]}]}"#.utf8))
        let malformed = try write("bad.xml", Array(#"<hierarchy><node resource-id="a" bounds="[0,0][9"#.utf8))
        let huge = try write("huge.json", [UInt8](repeating: 0x20, count: Limits.elementMapBytes + 1))
        try expectFailure(still("@" + duplicate, "@" + good), code: 65, mentions: #"dup.json: element 2 "a": the same id as element 1"#)
        try expectFailure(still("@" + good, "@" + empty), code: 65, mentions: #"empty.json: element 1 "a": width and height must be positive"#)
        try expectFailure(still("@" + off, "@" + good), code: 65, mentions: #"off.json: from-elements: element 1 "far""#)
        try expectFailure(still("@" + malformed, "@" + good), code: 65, mentions: "bad.xml")
        try expectFailure(still("@" + huge, "@" + good), code: 65, mentions: "huge.json")
        try expectFailure(still("@" + path("missing.json"), "@" + good), code: 66, mentions: "missing.json")
        try expectFailure(still("@" + good), code: 64, mentions: "give both from-elements and to-elements")
        try expectFailure(still("good.json", "@" + good), code: 65, mentions: "expected @FILE")
        try expectFailure(still("@" + good, "@" + good) + ["--param", "stagger=0.3"], code: 64, mentions: "stagger=0.3 needs style=hero")
        #expect(!FileManager.default.fileExists(atPath: path("a.png")))
    }

    @Test func truncatedPNG() throws {
        var png = try PNGCodec.encode(TestPattern.small, compression: .fast)
        png.removeLast(png.count / 2)
        let bad = try write("truncated.png", png)
        try expectFailure(["render", "fade", "--from", bad, "--to", try goodImage(), "-o", path("frames"), "--backend", "software"],
                          code: 65, mentions: "truncated.png")
        #expect(!FileManager.default.fileExists(atPath: path("frames/000000.png")))
    }

    @Test func notAnImage() throws {
        let bad = try write("notes.png", Array("hello, not a picture".utf8))
        try expectFailure(["still", "fade", "--at", "0.5", "--from", bad, "-o", path("a.png")], code: 65, mentions: "notes.png")
    }

    @Test func zeroSizeFile() throws {
        let bad = try write("empty.png", [])
        try expectFailure(["still", "fade", "--at", "0.5", "--to", bad, "-o", path("a.png")], code: 65, mentions: "empty.png")
    }

    @Test func hugeImageHeaderIsRejectedBeforeDecoding() throws {
        // A PNG signature and an IHDR chunk claiming 50000×50000 pixels.
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]
        bytes += [0, 0, 0xC3, 0x50, 0, 0, 0xC3, 0x50, 8, 6, 0, 0, 0]
        bytes += [0x5B, 0x9E, 0x1D, 0x2E]   // CRC, not checked before the size
        let bad = try write("huge.png", bytes)
        try expectFailure(["still", "fade", "--at", "0.5", "--from", bad, "-o", path("a.png")], code: 65, mentions: "huge.png")
    }

    @Test func missingFile() throws {
        try expectFailure(["still", "fade", "--at", "0.5", "--from", path("nowhere.png"), "-o", path("a.png")],
                          code: 66, mentions: "nowhere.png")
    }

    @Test func unknownEffect() throws {
        try expectFailure(["render", "wobble", "-o", path("frames")], code: 65, mentions: "wobble")
    }

    @Test func unknownAndOutOfRangeParameters() throws {
        try expectFailure(["still", "push", "--at", "0.5", "--param", "speed=2", "-o", path("a.png")], code: 65, mentions: "speed")
        try expectFailure(["still", "push", "--at", "0.5", "--param", "dim=7", "-o", path("a.png")], code: 65, mentions: "dim=7")
        try expectFailure(["still", "push", "--at", "0.5", "--param", "direction=sideways", "-o", path("a.png")],
                          code: 65, mentions: "direction")
    }

    @Test func unwritableOutputFolder() throws {
        // A regular file where the output folder should be: no frame can be written there.
        let blocker = try write("blocker", [1, 2, 3])
        try expectFailure(["render", "fade", "--from", try goodImage(), "--to", try goodImage(), "-o", blocker + "/frames",
                           "--backend", "software"], code: 74, mentions: "blocker")
    }

    @Test func badUsageIs64() throws {
        let result = try SegueProcess.run(["still", "fade", "--at", "2", "-o", path("a.png")])
        #expect(result.status == 64)
        let size = try SegueProcess.run(["still", "fade", "--at", "0.5", "--size", "wide", "-o", path("a.png")])
        #expect(size.status == 64 && size.stderr.contains("--size"))
    }

    @Test func glBackendUnavailableIs69() throws {
        // No EGL vendor library: `--backend gl` must fail with 69 and name the package.
        let process = Process()
        process.executableURL = SegueProcess.executable
        process.arguments = ["still", "fade", "--at", "0.5", "--backend", "gl", "-o", path("a.png")]
        var environment = ProcessInfo.processInfo.environment
        environment["__EGL_VENDOR_LIBRARY_DIRS"] = "/nonexistent"
        process.environment = environment
        let err = Pipe()
        process.standardError = err
        process.standardOutput = Pipe()
        try process.run()
        let text = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 69, "\(text)")
        #expect(text.contains("libegl-mesa0"))
        #expect(!FileManager.default.fileExists(atPath: path("a.png")))

        // `auto` falls back to software with a one-line notice when GL would have been used.
        let auto = Process()
        auto.executableURL = SegueProcess.executable
        auto.arguments = ["still", "fade", "--at", "0.5", "--backend", "auto", "--size", "64x64", "-o", path("b.png")]
        auto.environment = environment
        auto.standardError = Pipe()
        auto.standardOutput = Pipe()
        try auto.run()
        auto.waitUntilExit()
        #expect(auto.terminationStatus == 0)
        #expect(FileManager.default.fileExists(atPath: path("b.png")))
    }
}

enum TestPattern {
    static var small: PixelBuffer {
        var b = PixelBuffer(width: 32, height: 32)
        for i in stride(from: 0, to: b.bytes.count, by: 4) {
            b.bytes[i] = UInt8(i % 251); b.bytes[i + 1] = UInt8(i / 4 % 256); b.bytes[i + 2] = 90; b.bytes[i + 3] = 255
        }
        return b
    }
}
