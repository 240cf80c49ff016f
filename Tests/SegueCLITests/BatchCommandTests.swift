import Foundation
import SegueTestSupport
import Testing
@testable import segue

/// The built `segue` binary, run as a user runs it.
enum CLI {
    static let binary: String = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return root.appendingPathComponent(".build/debug/segue").path
    }()

    struct Result { var status: Int32; var stdout: Data; var stderr: String }

    /// Runs segue with `arguments`; stdout is a pipe, stderr a file (neither a terminal).
    static func run(_ arguments: [String], directory: String? = nil, environment: [String: String] = [:]) throws -> Result {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: binary)
        p.arguments = arguments
        if let directory { p.currentDirectoryURL = URL(fileURLWithPath: directory) }
        p.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        // stderr goes to a file, so neither stream can fill up while the other is read.
        let errPath = TestFiles.scratchRoot + "/stderr-\(UUID().uuidString)"
        _ = FileManager.default.createFile(atPath: errPath, contents: nil)
        defer { unlink(errPath) }
        let out = Pipe()
        p.standardOutput = out
        p.standardError = FileHandle(forWritingAtPath: errPath)
        try p.run()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        let errData = FileManager.default.contents(atPath: errPath) ?? Data()
        return Result(status: p.terminationStatus, stdout: outData, stderr: String(decoding: errData, as: UTF8.self))
    }

    static func write(_ text: String, to path: String) {
        precondition(FileManager.default.createFile(atPath: path, contents: Data(text.utf8)), "cannot write \(path)")
    }

    static func temporaryDirectory(_ name: String = #function) -> String { TestFiles.temporaryDirectory(name) }
}

@Suite struct BatchCommandTests {
    @Test func aFailingJobDoesNotStopTheOthers() throws {
        let dir = CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        CLI.write("not a png", to: dir + "/broken.png")
        let spec = """
        {"defaults": {"size": "32x18", "fps": 10},
         "jobs": [{"name": "first", "effect": "fade", "output": "a"},
                  {"name": "bad", "effect": "push", "from": "broken.png", "output": "b"},
                  {"effect": "push", "output": "c.y4m"}]}
        """
        CLI.write(spec, to: dir + "/spec.json")
        let r = try CLI.run(["batch", dir + "/spec.json"], directory: "/")
        #expect(r.status == BatchCommand.jobsFailedExitCode, "\(r.stderr)")
        #expect(r.stderr.contains("segue: job 2 \"bad\": \(dir)/broken.png: not a PNG or JPEG image"))
        #expect(r.stderr.contains("2 of 3 jobs ok"))
        #expect(FileManager.default.fileExists(atPath: dir + "/a/000005.png") && FileManager.default.fileExists(atPath: dir + "/c.y4m"))

        let j = try CLI.run(["batch", dir + "/spec.json", "--json", "--quiet"])
        let rows = try JSONSerialization.jsonObject(with: j.stdout) as! [[String: Any]]
        // --quiet drops progress and the table, never an error.
        #expect(j.status == 3 && j.stderr.hasPrefix("segue: job 2 \"bad\": \(dir)/broken.png: not a PNG or JPEG image")
                && j.stderr.split(separator: "\n").count == 1, "\(j.stderr)")
        #expect(rows.map { $0["result"] as! String } == ["ok", "failed", "ok"])
        #expect(rows.map { $0["frames"] as! Int } == [6, 0, 5] && rows[1]["exitCode"] as? Int == 65)
    }

    @Test func resumeKeepsFinishedOutputs() throws {
        let dir = CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        CLI.write(#"{"defaults": {"size": "16x10", "fps": 10}, "jobs": [{"effect": "fade", "output": "a"}, {"effect": "push", "output": "b.y4m"}]}"#,
                  to: dir + "/s.json")
        let first = try CLI.run(["batch", dir + "/s.json", "--resume", "--json", "-q"])
        unlink(dir + "/a/000002.png")
        let second = try CLI.run(["batch", dir + "/s.json", "--resume", "--json", "-q"])
        let a = try JSONSerialization.jsonObject(with: first.stdout) as! [[String: Any]]
        let b = try JSONSerialization.jsonObject(with: second.stdout) as! [[String: Any]]
        #expect(first.status == 0 && second.status == 0)
        #expect(a.map { $0["result"] as! String } == ["ok", "ok"] && b.map { $0["result"] as! String } == ["ok", "kept"])
        #expect(b[0]["frames"] as? Int == 1 && b[0]["skipped"] as? Int == 5)
    }

    /// A finished file is kept only while its record names the job the spec now asks for: a
    /// changed job, a lost or foreign record, renders it again (issue: a stale MP4 was kept).
    @Test func resumeRendersAChangedJobAgain() throws {
        let dir = CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        func spec(_ duration: Double) {
            CLI.write(#"{"defaults": {"size": "16x10", "fps": 10}, "jobs": [{"effect": "fade", "duration": \#(duration), "output": "a.y4m"}, {"effect": "push", "output": "b.y4m"}]}"#,
                      to: dir + "/s.json")
        }
        func results() throws -> [String] {
            let run = try CLI.run(["batch", dir + "/s.json", "--resume", "--json", "-q"])
            #expect(run.status == 0)
            return (try JSONSerialization.jsonObject(with: run.stdout) as! [[String: Any]]).map { $0["result"] as! String }
        }
        spec(0.5)
        #expect(try results() == ["ok", "ok"])
        #expect(FileManager.default.fileExists(atPath: dir + "/.a.y4m.segue-job"))
        #expect(try results() == ["kept", "kept"])
        spec(0.3)
        #expect(try results() == ["ok", "kept"])
        #expect(try results() == ["kept", "kept"])
        unlink(dir + "/.b.y4m.segue-job")
        CLI.write("not a record", to: dir + "/.a.y4m.segue-job")
        #expect(try results() == ["ok", "ok"])
    }

    @Test func badSpecNamesFileJobAndKey() throws {
        let dir = CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        CLI.write(#"{"jobs": [{"effect": "fade", "output": "o", "colour": 1}]}"#, to: dir + "/s.json")
        let r = try CLI.run(["batch", dir + "/s.json"])
        #expect(r.status == 65 && r.stderr.hasPrefix("segue: \(dir)/s.json: job 1: unknown key \"colour\""))
    }

    @Test func closedPipeExits74WithoutAPartialFrame() throws {
        // The reader takes 10 bytes of a 1 MB-per-frame raw stream, then closes the pipe.
        let sh = Process()
        sh.executableURL = URL(fileURLWithPath: "/bin/bash")
        sh.arguments = ["-c", "'\(CLI.binary)' render fade --size 640x400 --fps 30 -o - --format raw 2>/tmp/segue-epipe-\(getpid()).txt | head -c 10 > /dev/null; echo ${PIPESTATUS[0]}"]
        let out = Pipe()
        sh.standardOutput = out
        try sh.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        sh.waitUntilExit()
        let stderr = (try? String(contentsOfFile: "/tmp/segue-epipe-\(getpid()).txt", encoding: .utf8)) ?? ""
        unlink("/tmp/segue-epipe-\(getpid()).txt")
        #expect(text.trimmingCharacters(in: .whitespacesAndNewlines) == "74")
        #expect(stderr == "segue: stdout: the reader closed the pipe\n")
    }

    @Test func aFullDiskStopsTheBatchWith74() throws {
        guard FileManager.default.fileExists(atPath: "/dev/full") else { return }
        let dir = CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        CLI.write(#"""
        {"defaults": {"size": "16x10", "fps": 10},
         "jobs": [{"effect": "fade", "output": "-", "format": "raw"}, {"effect": "push", "output": "later"}]}
        """#, to: dir + "/s.json")
        let p = Process()
        p.executableURL = URL(fileURLWithPath: CLI.binary)
        p.arguments = ["batch", dir + "/s.json"]
        p.standardOutput = FileHandle(forWritingAtPath: "/dev/full")
        let err = Pipe()
        p.standardError = err
        try p.run()
        let text = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        #expect(p.terminationStatus == 74, "\(text)")
        #expect(text.contains("stdout: No space left on device") && text.contains("not run"))
        #expect(!FileManager.default.fileExists(atPath: dir + "/later"))
    }

    @Test func y4mToStdoutAndProgressModes() throws {
        let r = try CLI.run(["render", "fade", "--size", "8x6", "--fps", "10", "-o", "-"])
        #expect(r.status == 0)
        let header = "YUV4MPEG2 W8 H6 F10:1 Ip A1:1 C444\n"
        #expect(r.stdout.starts(with: Data((header + "FRAME\n").utf8)))
        #expect(r.stdout.count == header.utf8.count + 6 * (6 + 8 * 6 * 3))
        // Not a terminal: plain lines (here just the summary), never a redrawn bar.
        #expect(!r.stderr.contains("\r") && r.stderr.hasPrefix("fade: 6 frames 8x6 on software"))
        let q = try CLI.run(["render", "fade", "--size", "8x6", "--fps", "10", "-o", "-", "--quiet"])
        #expect(q.status == 0 && q.stderr.isEmpty && q.stdout == r.stdout)
    }

    @Test func progressReporterModes() {
        var out: [String] = []
        let bar = ProgressReporter(mode: .bar, label: "fade", color: true) { out.append($0) }
        bar.update(done: 10, total: 10)
        bar.finish()
        #expect(out.count == 2 && out[0].hasPrefix("\r\u{1B}[2Kfade \u{1B}[32m") && out[0].contains("10/10") && out[1] == "\n")

        out = []
        let plain = ProgressReporter(mode: .bar, label: "fade", color: false) { out.append($0) }
        plain.update(done: 5, total: 10)
        #expect(out.count == 1 && !out[0].contains("[32m") && out[0].contains("█" + String(repeating: "█", count: 14) + "░"))

        out = []
        let lines = ProgressReporter(mode: .lines, label: "job 1 fade", color: true, interval: 0) { out.append($0) }
        lines.update(done: 1, total: 4)
        lines.update(done: 2, total: 4)
        lines.finish()
        #expect(out.count == 2 && out.allSatisfy { $0.hasPrefix("job 1 fade: ") && $0.hasSuffix("\n") && !$0.contains("\u{1B}") })
        #expect(out[1].contains("2/4 frames"))

        out = []
        let quiet = ProgressReporter(mode: .quiet, label: "x", color: true) { out.append($0) }
        quiet.update(done: 1, total: 1)
        quiet.finish()
        #expect(out.isEmpty)
        #expect(ProgressReporter.eta(1, 3, 2) == "4s" && ProgressReporter.eta(1, 100, 2) == "3m18s" && ProgressReporter.eta(0, 3, 0) == "?")
    }
}
