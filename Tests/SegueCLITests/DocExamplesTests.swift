import Foundation
import Testing

/// Every command example of README.md and docs/*.md, read from the Markdown at test time and
/// run with the built `segue` first on PATH: a doc that shows a command that fails fails here.
///
/// The convention (CONTRIBUTING.md "Command examples in the docs"):
/// * ```` ```sh ```` blocks are run, one command per line (`\` continues a line; `#` lines and
///   blank lines are skipped), in order, each with `bash -o pipefail -c`, and must exit 0.
/// * A block right after `<!-- not run: REASON -->` is skipped (a Docker engine, a build…).
/// * A block right after `<!-- file: NAME -->` (any language) is written to NAME first, so a
///   doc can show a spec or shader and then run it.
/// * Other blocks (```` ```text ````, ```` ```json ````, plain ```` ``` ````) are never run.
///
/// Each doc runs in its own scratch folder holding docs/examples/ and three snapshots: the
/// built-in list and detail screens at 390×844 (`list.png`, `detail.png`, `detail.jpg`).
@Suite struct DocExamplesTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    /// Longer than any example takes on a loaded 2-core machine; a hanging one still ends.
    static let commandTimeLimit = 180.0

    struct Command { var doc: String; var line: Int; var text: String }
    struct FileBlock { var doc: String; var line: Int; var name: String; var text: String }
    enum Step { case run(Command), write(FileBlock) }

    /// The steps of one Markdown file, in document order.
    static func steps(of doc: String) throws -> [Step] {
        let lines = try String(contentsOf: root.appendingPathComponent(doc), encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var steps: [Step] = []
        var index = 0
        var marker: String?
        while index < lines.count {
            let line = lines[index].trimmingCharacters(in: .whitespaces)
            index += 1
            if line.hasPrefix("<!--") { marker = line; continue }
            guard line.hasPrefix("```") else {
                if !line.isEmpty { marker = nil }
                continue
            }
            let language = String(line.dropFirst(3))
            let start = index
            var body: [String] = []
            while index < lines.count, !lines[index].trimmingCharacters(in: .whitespaces).hasPrefix("```") {
                body.append(lines[index])
                index += 1
            }
            index += 1  // the closing fence
            defer { marker = nil }
            if let marker, let name = field("file", in: marker) {
                steps.append(.write(FileBlock(doc: doc, line: start, name: name, text: body.joined(separator: "\n") + "\n")))
                continue
            }
            guard language == "sh", field("not run", in: marker ?? "") == nil else { continue }
            var pending: (line: Int, text: String)?
            for (offset, raw) in body.enumerated() {
                var text = raw.trimmingCharacters(in: .whitespaces)
                if pending == nil && (text.isEmpty || text.hasPrefix("#")) { continue }
                let continues = text.hasSuffix("\\")
                if continues { text.removeLast() }
                let joined = (pending?.text ?? "") + text + (continues ? " " : "")
                if continues {
                    pending = (pending?.line ?? start + offset + 1, joined)
                } else {
                    steps.append(.run(Command(doc: doc, line: pending?.line ?? start + offset + 1, text: joined)))
                    pending = nil
                }
            }
        }
        return steps
    }

    /// `<!-- not run: reason -->` → "reason" for `not run`.
    static func field(_ name: String, in marker: String) -> String? {
        let prefix = "<!-- \(name):"
        guard marker.hasPrefix(prefix), marker.hasSuffix("-->") else { return nil }
        let value = marker.dropFirst(prefix.count).dropLast(3).trimmingCharacters(in: .whitespaces)
        return value.isEmpty ? nil : value
    }

    static var docs: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("docs").path)) ?? []
        return ["README.md"] + names.filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
    }

    @Test func theConventionIsReadAsDocumented() throws {
        // Every "not run" marker gives a reason, and at least the README's examples are found.
        let readme = try Self.steps(of: "README.md")
        #expect(readme.contains { if case .run(let c) = $0 { c.text.hasPrefix("segue render") } else { false } })
        for doc in Self.docs {
            let text = try String(contentsOf: Self.root.appendingPathComponent(doc), encoding: .utf8)
            for line in text.split(separator: "\n") where line.hasPrefix("<!-- not run") {
                #expect(Self.field("not run", in: String(line)) != nil, "\(doc): \(line): a not-run marker needs a reason")
            }
        }
    }

    @Test(arguments: docs) func commandExamplesRun(doc: String) throws {
        let steps = try Self.steps(of: doc)
        guard steps.contains(where: { if case .run = $0 { true } else { false } }) else { return }
        let scratch = try Scratch()
        for step in steps {
            switch step {
            case .write(let file):
                let url = scratch.url.appendingPathComponent(file.name)
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try file.text.write(to: url, atomically: true, encoding: .utf8)
            case .run(let command):
                let result = try Self.shell(command.text, in: scratch.url)
                #expect(result.status == 0, "\(command.doc):\(command.line): `\(command.text)` exited \(result.status): \(result.stderr.suffix(2000))")
            }
        }
    }

    /// A scratch folder with the examples and snapshots; removed when the test ends.
    final class Scratch {
        let url: URL
        init() throws {
            url = FileManager.default.temporaryDirectory.appendingPathComponent("segue-docs-\(UUID().uuidString)")
            try FileManager.default.copyItem(at: DocExamplesTests.root.appendingPathComponent("docs/examples"), to: url)
            for (at, name) in [("0", "list.png"), ("1", "detail.png")] {
                let r = try DocExamplesTests.shell("segue still fade --scale 1 --at \(at) -o \(name)", in: url)
                guard r.status == 0 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: r.stderr]) }
            }
            let jpeg = try DocExamplesTests.shell("ffmpeg -loglevel error -i detail.png -q:v 3 detail.jpg", in: url)
            guard jpeg.status == 0 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "ffmpeg: \(jpeg.stderr)"]) }
        }
        deinit { try? FileManager.default.removeItem(at: url) }
    }

    /// Runs one command line with bash under timeout(1) (which ends the command's children
    /// too), the built segue first on PATH.
    static func shell(_ command: String, in directory: URL) throws -> (status: Int32, stderr: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/timeout")
        process.arguments = ["--kill-after=5", "\(Int(commandTimeLimit))", "/bin/bash", "-o", "pipefail", "-c", command]
        process.currentDirectoryURL = directory
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = SegueProcess.executable.deletingLastPathComponent().path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        process.environment = environment
        // stderr goes to a file, so a chatty command never blocks on a full pipe.
        let errorFile = FileManager.default.temporaryDirectory.appendingPathComponent("segue-docs-stderr-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: errorFile) }
        process.standardInput = FileHandle(forReadingAtPath: "/dev/null")
        process.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
        process.standardError = try FileHandle(forWritingTo: errorFile)
        let start = Date()
        try process.run()
        process.waitUntilExit()
        let stderr = String(decoding: (try? Data(contentsOf: errorFile)) ?? Data(), as: UTF8.self)
        let timedOut = Date().timeIntervalSince(start) >= commandTimeLimit
        return (process.terminationStatus, timedOut ? "timed out after \(Int(commandTimeLimit)) s; " + stderr : stderr)
    }
}
