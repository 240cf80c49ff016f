import Foundation
import SegueTestSupport
import Testing
@testable import segue

/// Issue 11 "Its messages mislead": what the command line says and exits with when a help
/// topic is unknown, stdout closes early, a batch is quiet or meets a runaway shader, or a spec
/// value is wrong.
@Suite(.serialized) struct CLIMessageTests {
    static let runaway = TestShaders.runaway
    static let plain = "// Author: Segue tests\n// License: MIT\nvec4 transition(vec2 uv) { return mix(getFromColor(uv), getToColor(uv), progress); }\n"

    @Test func helpForAnUnknownCommandIsAUsageError() throws {
        let r = try CLI.run(["help", "nosuch"])
        #expect(r.status == 64)
        #expect(r.stderr.hasPrefix("segue: help: segue has no command named 'nosuch' (commands: list, render"), "\(r.stderr)")
        #expect(try CLI.run(["help", "render", "extra"]).status == 64)
        #expect(try CLI.run(["help", "render"]).status == 0)
    }

    /// `segue timing … --json | head -c 1`: a reader that is gone is exit 74 and one line, not SIGPIPE.
    @Test(arguments: [["list", "--json"], ["timing", "linear", "--at", "0,0.5,1", "--json"], ["plan", "fade", "--at", "0.5", "--scale", "1"]])
    func aClosedStdoutIsAnIOErrorNotASignal(arguments: [String]) throws {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: CLI.binary)
        p.arguments = arguments
        let pipe = Pipe(), err = Pipe()
        try pipe.fileHandleForReading.close()
        p.standardOutput = pipe
        p.standardError = err
        try p.run()
        try pipe.fileHandleForWriting.close()
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        #expect(p.terminationReason == .exit && p.terminationStatus == 74, "\(arguments): \(p.terminationReason) \(p.terminationStatus)")
        #expect(stderr == "segue: stdout: the reader closed the pipe\n")
    }

    @Test func quietBatchStillPrintsJobErrors() throws {
        let dir = CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        CLI.write("not a png", to: dir + "/broken.png")
        CLI.write(#"{"defaults": {"size": "16x10", "fps": 10}, "jobs": [{"name": "bad", "effect": "push", "from": "broken.png", "output": "b"}]}"#,
                  to: dir + "/spec.json")
        let r = try CLI.run(["batch", dir + "/spec.json", "--quiet"])
        #expect(r.status == 3)
        #expect(r.stderr == "segue: job 1 \"bad\": \(dir)/broken.png: not a PNG or JPEG image, nor a video FFmpeg reads "
                + "(ffprobe finds a picture of no size)\n", "\(r.stderr)")
    }

    /// The runaway job fails with 124 in the summary; the jobs before and after it render.
    @Test func aRunawayShaderFailsOnlyItsJob() throws {
        let dir = CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        CLI.write(Self.runaway, to: dir + "/slow.glsl")
        CLI.write(#"""
        {"defaults": {"size": "32x18", "fps": 10, "duration": 0.2, "scale": 1},
         "jobs": [{"effect": "fade", "output": "a"},
                  {"name": "slow", "effect": "slow.glsl", "output": "b"},
                  {"effect": "push", "output": "c.y4m"}]}
        """#, to: dir + "/spec.json")
        let start = Date()
        let r = try CLI.run(["batch", dir + "/spec.json", "--json", "--quiet", "--time-limit", "2"])
        #expect(Date().timeIntervalSince(start) < 90)
        #expect(r.status == BatchCommand.jobsFailedExitCode, "\(r.stderr)")
        let rows = try #require(try JSONSerialization.jsonObject(with: r.stdout) as? [[String: Any]], "\(r.stderr)")
        #expect(rows.map { $0["result"] as? String } == ["ok", "failed", "ok"])
        #expect(rows[1]["exitCode"] as? Int == 124)
        #expect((rows[1]["error"] as? String) == "a frame exceeded the per-frame time limit of 2 s")
        #expect(r.stderr.contains("\(dir)/slow.glsl: frame 0 exceeded the per-frame time limit of 2 s"), "\(r.stderr)")
        #expect(FileManager.default.fileExists(atPath: dir + "/c.y4m"))
        let left = (try? FileManager.default.contentsOfDirectory(atPath: dir + "/b")) ?? []
        #expect(left.filter { $0.contains(".tmp-") }.isEmpty, "\(left)")
    }

    /// What `render` refuses before its first frame, a spec refuses before any job renders.
    @Test(arguments: [
        (#""timing": "spring(bogus:1)""#, 65, "job 2: "),
        (#""params": {"nosuch": 1}"#, 65, "job 2: "),
        (#""params": {"direction": "sideways"}"#, 65, "job 2: "),
        (#""effect": "missing.glsl""#, 66, #"job 2: key "effect": "#),
        (#""gesture": "bad.json""#, 65, "job 2: "),
    ])
    func specErrorsAreFoundBeforeAnyJobRenders(key: String, status: Int32, mentions: String) throws {
        let dir = CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        CLI.write(#"{"samples": [{"t": 0, "percent": 0.5}, {"t": -1, "percent": 0.6}]}"#, to: dir + "/bad.json")
        CLI.write(#"{"defaults": {"size": "16x10", "fps": 10, "effect": "push"}, "jobs": [{"effect": "fade", "output": "a"}, {"output": "b", \#(key)}]}"#,
                  to: dir + "/spec.json")
        let r = try CLI.run(["batch", dir + "/spec.json"])
        #expect(r.status == status, "\(key): \(r.stderr)")
        #expect(r.stderr.hasPrefix("segue: \(dir)/spec.json: \(mentions)") && r.stderr.split(separator: "\n").count == 1, "\(key): \(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/a"), "job 1 rendered before the spec was checked")
    }

    /// `validate a b c` with b runaway: a and c are checked and reported, b is reported as timed out.
    @Test func validateReportsEveryFileWhenOneTimesOut() throws {
        let dir = CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        CLI.write(Self.plain, to: dir + "/a.glsl")
        CLI.write(Self.runaway, to: dir + "/b.glsl")
        CLI.write(Self.plain, to: dir + "/c.glsl")
        let r = try CLI.run(["validate", "--json", "--time-limit", "2", dir + "/a.glsl", dir + "/b.glsl", dir + "/c.glsl"])
        #expect(r.status == 124, "\(r.stderr)")
        let lines = String(decoding: r.stdout, as: UTF8.self).split(separator: "\n")
        let results = try lines.map { try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        #expect(results.map { $0["file"] as? String } == ["a", "b", "c"].map { "\(dir)/\($0).glsl" })
        #expect(results.map { $0["pass"] as? Bool } == [true, false, true])
        let codes = (results[1]["messages"] as? [[String: Any]])?.compactMap { $0["code"] as? String }
        #expect(codes == ["time-limit"])
    }
}
