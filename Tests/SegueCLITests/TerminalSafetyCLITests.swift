import Foundation
import SegueCore
import SegueIO
import SegueTestSupport
import Testing

/// Issue 26, item 5: names and paths that come from input reach the terminal escaped — an
/// escape sequence in a job's name cannot drive it, CR and LF cannot split a one-line error.
@Suite struct TerminalSafetyCLITests {
    let dir: URL
    init() throws { dir = try SegueProcess.scratchDirectory() }

    func expectClean(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let raw = text.unicodeScalars.filter { ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) || $0.value == 0x202E }
        #expect(raw.isEmpty, "raw control characters in: \(text.debugDescription)", sourceLocation: sourceLocation)
    }

    @Test func aJobsNameFromASpecIsEscaped() throws {
        let name = "evil\u{1B}]0;pwned\u{07}\u{1B}[2J\r\nsegue: all good\u{202E}"
        let spec: [String: Any] = ["jobs": [["name": name, "effect": "fade", "from": "missing.png", "output": "o.raw", "format": "raw"],
                                            ["name": name, "effect": "nosuch", "output": "p.raw"]]]
        try JSONSerialization.data(withJSONObject: ["jobs": [(spec["jobs"] as! [[String: Any]])[0]]]).write(to: dir.appendingPathComponent("one.json"))
        try JSONSerialization.data(withJSONObject: spec).write(to: dir.appendingPathComponent("two.json"))
        for file in ["one.json", "two.json"] {
            let run = try SegueProcess.run(["batch", file, "--backend", "software"], in: dir)
            #expect(run.status != 0)
            expectClean(run.stderr)
            #expect(run.stderr.contains("evil\\e]0;pwned\\x07\\e[2J\\r\\nsegue: all good\\u{202E}"), "\(run.stderr)")
            // Each message stays one line: no line of stderr starts with the forged text.
            #expect(!run.stderr.split(separator: "\n").contains { $0.hasPrefix("segue: all good") })
        }
    }

    @Test func aFileNameReachesStderrAndStdoutEscaped() throws {
        let name = "shot\u{1B}[1A\rX.png"
        let run = try SegueProcess.run(["still", "fade", "--at", "0.5", "--from", name, "-o", "o.png"], in: dir)
        #expect(run.status == 66)
        expectClean(run.stderr)
        #expect(run.stderr.contains("shot\\e[1A\\rX.png"), "\(run.stderr)")
        // A sequence's dry run lists its clips on stdout.
        var image = PixelBuffer(width: 16, height: 16)
        image.fill(Color(r: 1, g: 0, b: 0))
        try PNGCodec.write(image, to: dir.appendingPathComponent(name).path)
        try JSONSerialization.data(withJSONObject: ["clips": [["file": name, "duration": 1], ["file": name, "duration": 1]],
                                                    "transitions": [["effect": "fade"]]])
            .write(to: dir.appendingPathComponent("s.json"))
        let dry = try SegueProcess.run(["sequence", "s.json", "--dry-run"], in: dir)
        #expect(dry.status == 0, "\(dry.stderr)")
        expectClean(dry.stdout)
        #expect(dry.stdout.contains("shot\\e[1A\\rX.png"), "\(dry.stdout)")
    }
}
