import Foundation
import SegueTestSupport
import Testing

/// One malformed or extreme input and what Segue must do with it. Every case, whatever it
/// expects, also holds Segue to the rules that protect users: no crash (a signal), no hang (a
/// time bound), no memory beyond a bound, and no temporary file left behind.
struct HostileCase: Sendable, CustomTestStringConvertible {
    enum Expectation: Sendable {
        /// Exit with one of `codes`; stderr is one line containing `naming` (the option or
        /// file); the folder holds exactly what the case put there: nothing written, nothing lost.
        case refused(codes: Set<Int32>, naming: String)
        /// Exit 0 with `outputs` written.
        case accepted(outputs: [String])
        /// Either of the above: for damage that may leave a file valid (a flipped bit in pixel data).
        case refusedOrAccepted(codes: Set<Int32>, naming: String, outputs: [String])
        /// A checker's verdict (`validate`): exit with one of `codes`, the report on stdout
        /// names `naming`, at most one line on stderr, the folder unchanged.
        case reported(codes: Set<Int32>, naming: String)
    }

    var category: String
    var name: String
    var arguments: [String]
    /// Creates the case's inputs in its scratch folder (the command runs there).
    var setup: @Sendable (Scratch) throws -> Void = { _ in }
    var expectation: Expectation
    var timeLimit: Double = 60
    var memoryLimitMegabytes = 800

    var testDescription: String { "\(category): \(name)" }
}

/// The folder a case runs in.
struct Scratch: Sendable {
    let path: String

    func write(_ name: String, _ bytes: [UInt8]) throws {
        try Data(bytes).write(to: URL(fileURLWithPath: path + "/" + name))
    }

    func write(_ name: String, _ text: String) throws { try write(name, Array(text.utf8)) }

    func fifo(_ name: String) throws {
        guard mkfifo(path + "/" + name, 0o644) == 0 else { throw POSIXError(.EIO) }
    }

    /// A character device that works like /dev/null (major 1, minor 3), made here so that no
    /// test ever points Segue at the system's own /dev/null.
    func nullDevice(_ name: String) throws {
        guard mknod(path + "/" + name, S_IFCHR | 0o666, makedev(1, 3)) == 0 else { throw POSIXError(.EPERM) }
    }

    func symlink(_ name: String, to target: String) throws {
        guard Glibc.symlink(target, path + "/" + name) == 0 else { throw POSIXError(.EIO) }
    }

    /// Every entry below the folder with its type, so a check can tell what changed.
    func inventory() -> [String: String] {
        var entries: [String: String] = [:]
        let enumerator = FileManager.default.enumerator(atPath: path)
        while let name = enumerator?.nextObject() as? String {
            var info = stat()
            lstat(path + "/" + name, &info)
            entries[name] = String(info.st_mode & S_IFMT, radix: 8) + ":" + String(info.st_size)
        }
        return entries
    }
}

private func makedev(_ major: UInt32, _ minor: UInt32) -> dev_t {
    dev_t((major & 0xFFF) << 8 | (minor & 0xFF))
}

extension HostileCase {
    /// Runs the case and records every broken rule as a test issue.
    func check() throws {
        let root = TestFiles.temporaryDirectory("hostile")
        let scratch = Scratch(path: root + "/work")
        try FileManager.default.createDirectory(atPath: scratch.path, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        try setup(scratch)
        let before = scratch.inventory()

        let run = try ChildRun.segue(arguments, in: scratch.path, logDirectory: root, timeLimit: timeLimit)
        let context = "\(testDescription) — segue \(arguments.joined(separator: " ")): exit \(run.status.map(String.init) ?? "-"), stderr: \(run.stderr)"

        #expect(!run.timedOut, "ran past \(timeLimit) s: \(context)")
        #expect(run.signal == nil, "killed by signal \(run.signal ?? 0): \(context)")
        #expect(run.peakMegabytes <= memoryLimitMegabytes, "peak \(run.peakMegabytes) MB: \(context)")

        let after = scratch.inventory()
        let leftovers = after.keys.filter { ($0 as NSString).lastPathComponent.contains(".tmp-") }
        #expect(leftovers.isEmpty, "temporaries left: \(leftovers): \(context)")

        let errorLines = run.stderr.split(separator: "\n").filter { !$0.hasPrefix("segue: warning") }
        func expectRefusal(_ codes: Set<Int32>, _ naming: String) {
            #expect(run.status.map(codes.contains) == true, "expected exit \(codes.sorted()): \(context)")
            #expect(errorLines.count == 1, "expected one line on stderr: \(context)")
            #expect(run.stderr.contains(naming), "message should name \(naming): \(context)")
            #expect(after == before, "the folder changed: \(after) vs \(before): \(context)")
        }
        func expectSuccess(_ outputs: [String]) {
            #expect(run.status == 0, "expected success: \(context)")
            for output in outputs { #expect(after[output] != nil, "\(output) missing: \(context)") }
        }
        switch expectation {
        case .refused(let codes, let naming):
            expectRefusal(codes, naming)
        case .accepted(let outputs):
            expectSuccess(outputs)
        case .refusedOrAccepted(let codes, let naming, let outputs):
            if run.status == 0 { expectSuccess(outputs) } else { expectRefusal(codes, naming) }
        case .reported(let codes, let naming):
            #expect(run.status.map(codes.contains) == true, "expected exit \(codes.sorted()): \(context)")
            #expect(String(decoding: run.stdout, as: UTF8.self).contains(naming), "report should name \(naming): \(context)")
            #expect(errorLines.count <= 1, "expected at most one line on stderr: \(context)")
            #expect(after == before, "the folder changed: \(context)")
        }
    }
}
