import Foundation
import SegueCore
import SegueIO
import SegueTestSupport
import Testing

/// Issue 11 "never harm what is not Segue's", through the built binary: special files are
/// written in place, links followed, `-o -` is stdout everywhere, a place has one writer at a
/// time, signals and kills leave nothing behind, `--resume` keeps only this job's frames, and
/// special files as inputs are refused without blocking.
@Suite struct OutputSafetyCLITests {
    let dir: URL
    init() throws { dir = try SegueProcess.scratchDirectory() }

    func path(_ name: String) -> String { dir.appendingPathComponent(name).path }

    /// Two small snapshots, so that preparing a job costs nothing in a debug build.
    func snapshots() throws -> [String] {
        for (name, color) in [("a.png", Color.white), ("b.png", Color(r: 0.2, g: 0.4, b: 0.9))] {
            var image = PixelBuffer(width: 32, height: 32)
            image.fill(color)
            try PNGCodec.write(image, to: path(name), compression: .fast)
        }
        return ["--from", path("a.png"), "--to", path("b.png"), "--backend", "software"]
    }

    let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    struct Run { var status: Int32; var stdout: Data; var stderr: String }

    /// Runs segue with a deadline (a hang fails the test instead of blocking it).
    func run(_ arguments: [String], timeout: Double = 120) throws -> Run {
        let process = try start(arguments)
        let out = process.out.fileHandleForReading.readDataToEndOfFile()
        let err = process.err.fileHandleForReading.readDataToEndOfFile()
        let deadline = Date(timeIntervalSinceNow: timeout)
        while process.process.isRunning && Date() < deadline { usleep(10_000) }
        if process.process.isRunning { kill(process.process.processIdentifier, SIGKILL) }
        process.process.waitUntilExit()
        return Run(status: process.process.terminationStatus, stdout: out, stderr: String(decoding: err, as: UTF8.self))
    }

    struct Started { var process: Process; var out: Pipe; var err: Pipe }

    func start(_ arguments: [String]) throws -> Started {
        let process = Process()
        process.executableURL = SegueProcess.executable
        process.arguments = arguments
        process.currentDirectoryURL = dir
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        return Started(process: process, out: out, err: err)
    }

    func fileType(_ name: String) -> mode_t {
        var info = stat()
        return lstat(path(name), &info) == 0 ? info.st_mode & S_IFMT : 0
    }

    func names() throws -> [String] { try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() }

    /// Reads a FIFO to its end on another thread.
    final class FIFOReader: @unchecked Sendable {
        private let done = DispatchSemaphore(value: 0)
        private var data = Data()
        init(_ path: String) {
            Thread { [self] in
                data = FileHandle(forReadingAtPath: path)?.readDataToEndOfFile() ?? Data()
                done.signal()
            }.start()
        }
        func wait() -> Data { _ = done.wait(timeout: .now() + 60); return data }
    }

    /// Waits until `name` exists in the scratch folder.
    func waitFor(_ name: String, timeout: Double = 120) -> Bool {
        let deadline = Date(timeIntervalSinceNow: timeout)
        while !FileManager.default.fileExists(atPath: path(name)) {
            if Date() > deadline { return false }
            usleep(20_000)
        }
        return true
    }

    /// Waits until the file `name` holds exactly `content`.
    func waitFor(_ name: String, toHold content: String, timeout: Double = 120) -> Bool {
        let deadline = Date(timeIntervalSinceNow: timeout)
        while (try? String(contentsOfFile: path(name), encoding: .utf8)) != content {
            if Date() > deadline { return false }
            usleep(20_000)
        }
        return true
    }

    @Test func aCharacterDeviceStaysADevice() throws {
        #expect(mknod(path("null"), S_IFCHR | 0o666, 0x103) == 0, "tests run as root (mknod)")
        let inputs = try snapshots()
        for args in [["render", "fade", "--format", "raw", "-o", "null", "-q"], ["render", "fade", "--format", "mp4", "-o", "null", "-q"],
                     ["still", "fade", "--at", "0.5", "-o", "null"], ["timing", "easeIn", "--plot", "null"],
                     ["render", "fade", "-o", "frames", "--contact-sheet", "null", "-q"]] {
            let result = try run(args + (args[0] == "timing" ? [] : inputs))
            #expect(result.status == 0, "\(args): \(result.stderr)")
            #expect(fileType("null") == S_IFCHR, "\(args) replaced the device")
        }
        #expect(try names().filter { $0.hasPrefix(".") }.isEmpty)
    }

    @Test func aFIFOsReaderGetsTheStream() throws {
        let inputs = try snapshots()
        mkfifo(path("f"), 0o644)
        let cases: [([String], [UInt8])] = [
            (["render", "fade", "-o", "f", "--format", "y4m", "-q"] + inputs, Array("YUV4MPEG2".utf8)),
            (["render", "fade", "-o", "f", "--format", "contact", "-q"] + inputs, pngSignature),
            (["render", "fade", "-o", "f", "--format", "mp4", "-q"] + inputs, Array("ftyp".utf8)),
            (["still", "fade", "--at", "0.5", "-o", "f"] + inputs, pngSignature),
            (["timing", "easeIn", "--plot", "f"], pngSignature),
        ]
        for (args, magic) in cases {
            let reader = FIFOReader(path("f"))
            let result = try run(args)
            let got = [UInt8](reader.wait())
            #expect(result.status == 0, "\(args): \(result.stderr)")
            #expect(got.count > 8 && (got.starts(with: magic) || got[4..<8].elementsEqual(magic)), "\(args): got \(got.count) bytes")
            #expect(fileType("f") == S_IFIFO, "\(args) replaced the FIFO")
        }
    }

    @Test func aPNGFolderNamingASpecialFileIsRefused() throws {
        mkfifo(path("f"), 0o644)
        let result = try run(["render", "fade", "-o", "f", "--format", "png"] + (try snapshots()), timeout: 60)
        #expect(result.status == 64 && result.stderr.contains("f: is a FIFO"), "\(result.stderr)")
        #expect(fileType("f") == S_IFIFO)
    }

    @Test func aLinkIsFollowedAndStaysALink() throws {
        let inputs = try snapshots()
        TestFiles.writeFile(Array("old".utf8), path("target.y4m"))
        symlink("target.y4m", path("link.y4m"))
        symlink("sheet.png", path("link.png"))  // dangling: the file is made where it points
        #expect(try run(["render", "fade", "-o", "link.y4m", "-q", "--contact-sheet", "link.png"] + inputs).status == 0)
        #expect(fileType("link.y4m") == S_IFLNK && fileType("link.png") == S_IFLNK)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path("target.y4m"))).starts(with: Data("YUV4MPEG2".utf8)))
        #expect(try ImageFile.load(path("sheet.png")).width > 0)
    }

    @Test func dashIsStdoutInEveryCommand() throws {
        let inputs = try snapshots()
        let shader = path("t.glsl")
        try "vec4 transition(vec2 uv) { return mix(getFromColor(uv), getToColor(uv), progress); }\n"
            .write(toFile: shader, atomically: true, encoding: .utf8)
        let cases: [([String], [UInt8])] = [
            (["still", "fade", "--at", "0.5", "-o", "-"] + inputs, pngSignature),
            (["timing", "easeIn", "--plot", "-"], pngSignature),
            (["render", "fade", "-o", "-", "--format", "contact", "-q"] + inputs, pngSignature),
            (["render", "fade", "-o", "-", "--format", "y4m", "-q"] + inputs, Array("YUV4MPEG2".utf8)),
            (["render", "fade", "-o", "-", "--format", "gif", "-q"] + inputs, Array("GIF89a".utf8)),
            (["render", "fade", "-o", "frames", "--contact-sheet", "-", "-q"] + inputs, pngSignature),
            (["watch", shader, "--once", "-o", "-", "--from", path("a.png"), "--to", path("b.png")], pngSignature),
        ]
        for (args, magic) in cases {
            let result = try run(args)
            #expect(result.status == 0, "\(args): \(result.stderr)")
            #expect([UInt8](result.stdout).starts(with: magic), "\(args): \(result.stdout.count) bytes")
        }
        #expect(!FileManager.default.fileExists(atPath: path("-")))
        for (args, mentions) in [(["watch", shader, "-o", "-"], "use --once"), (["render", "fade", "-o", "-", "--format", "png"], "PNG folder"),
                                 (["render", "fade", "-o", "-", "--contact-sheet", "-"], "--contact-sheet -"),
                                 (["timing", "easeIn", "--plot", "-", "--describe"], "--plot -")] {
            let result = try run(args + (args[0] == "render" ? inputs : []), timeout: 60)
            #expect(result.status == 64 && result.stderr.contains(mentions), "\(args): \(result.status) \(result.stderr)")
        }
    }

    /// A render stopped (SIGSTOP) while it holds its output: a second job into the same place fails at once.
    @Test func aSecondJobIntoTheSamePlaceFailsAtOnce() throws {
        let inputs = try snapshots()
        for (output, lock) in [("frames", "frames/.manifest.json.lock"), ("long.y4m", ".long.y4m.lock")] {
            let first = try start(["render", "fade", "-o", output, "--size", "320x240", "--duration", "600", "--fps", "10", "-q"] + inputs)
            // Stopped only once the lock is taken and names its holder: the file appears a moment
            // before the `flock` and the pid (`OutputLock`).
            #expect(waitFor(lock, toHold: "\(first.process.processIdentifier)\n"))
            kill(first.process.processIdentifier, SIGSTOP)
            let started = Date()
            let second = try run(["render", "fade", "-o", output, "-q"] + inputs, timeout: 60)
            #expect(second.status == 74, "\(second.stderr)")
            #expect(second.stderr == "segue: \(output): in use by segue pid \(first.process.processIdentifier) (\(lock))\n")
            #expect(Date().timeIntervalSince(started) < 30)
            // Shards of one sequence each hold their own lock.
            if output == "frames" {
                let shard = try run(["render", "fade", "-o", output, "--shard", "1/2", "-q"] + inputs)
                #expect(shard.status == 0, "\(shard.stderr)")
            }
            kill(first.process.processIdentifier, SIGKILL)
            kill(first.process.processIdentifier, SIGCONT)
            first.process.waitUntilExit()
        }
    }

    /// SIGTERM, SIGINT and SIGHUP: exit 128 + signal, no temporaries, no lock, no ffmpeg log in /tmp.
    @Test func signalsRemoveTemporariesAndStopFFmpeg() throws {
        let inputs = try snapshots()
        func ffmpegLogs() -> Set<String> {
            Set(((try? FileManager.default.contentsOfDirectory(atPath: NSTemporaryDirectory())) ?? []).filter { $0.hasPrefix("segue-ffmpeg-") })
        }
        let logsBefore = ffmpegLogs()
        for (output, signal) in [("a.y4m", SIGTERM), ("b.mp4", SIGTERM), ("c.webm", SIGINT), ("frames", SIGHUP)] {
            let job = try start(["render", "fade", "-o", output, "--size", "320x240", "--duration", "600", "--fps", "10", "-q"] + inputs)
            let pid = job.process.processIdentifier
            let temporary = output == "frames" ? "frames/.manifest.json.lock" : ".\(output).tmp-\(pid)"
            #expect(waitFor(temporary))
            usleep(300_000)
            kill(pid, signal)
            job.process.waitUntilExit()
            #expect(job.process.terminationStatus == 128 + signal, "\(output)")
            let stderr = String(decoding: job.err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            #expect(stderr.contains("stopped by SIG"), "\(stderr)")
            let left = try names().filter { $0.hasPrefix(".") }
                + ((try? FileManager.default.contentsOfDirectory(atPath: path("frames"))) ?? []).filter { $0.hasPrefix(".") && !$0.hasSuffix(".journal") }
            #expect(left.isEmpty, "\(output): \(left)")
            #expect(!FileManager.default.fileExists(atPath: path(output)) || output == "frames")
        }
        #expect(ffmpegLogs().subtracting(logsBefore).isEmpty)
        let ffmpegs = try run(["render", "fade", "--format", "raw", "-o", "/dev/null", "-q"] + inputs)  // (a cheap barrier)
        #expect(ffmpegs.status == 0)
    }

    @Test func aKilledRunsTemporariesAreRemovedByTheNextRun() throws {
        let inputs = try snapshots()
        // A pid that no longer exists: a finished child.
        let gone = Process()
        gone.executableURL = URL(fileURLWithPath: "/bin/true")
        try gone.run()
        gone.waitUntilExit()
        let dead = gone.processIdentifier
        try FileManager.default.createDirectory(atPath: path("frames"), withIntermediateDirectories: true)
        let stale = [".out.y4m.tmp-\(dead)", "frames/.000003.png.tmp-\(dead)", "frames/.manifest.json.tmp-\(dead)"]
        let kept = [".out.y4m.tmp-1", ".other.y4m.tmp-\(dead)", "frames/.999999.png.tmp-\(dead)", "frames/notes.tmp-\(dead)"]
        for name in stale + kept { TestFiles.writeFile([0], path(name)) }
        #expect(try run(["render", "fade", "-o", "out.y4m", "-q"] + inputs).status == 0)
        #expect(try run(["render", "fade", "-o", "frames", "-q"] + inputs).status == 0)
        for name in stale { #expect(!FileManager.default.fileExists(atPath: path(name)), "\(name)") }
        for name in kept { #expect(FileManager.default.fileExists(atPath: path(name)), "\(name)") }
    }

    @Test func resumeKeepsOnlyThisJobsUntouchedFrames() throws {
        let inputs = try snapshots()
        #expect(try run(["render", "fade", "-o", "frames", "-q"] + inputs).status == 0)
        let frame = { (n: Int) in self.path("frames/" + String(format: "%06d.png", n)) }
        let original = try Data(contentsOf: URL(fileURLWithPath: frame(3)))
        // Same size, other content: frame 5's file under frame 3's name.
        try FileManager.default.removeItem(atPath: frame(3))
        try FileManager.default.copyItem(atPath: frame(5), toPath: frame(3))
        let resumed = try run(["render", "fade", "-o", "frames", "--resume"] + inputs)
        #expect(resumed.status == 0 && resumed.stderr.contains(": 1 frames") && resumed.stderr.contains("complete frames skipped"),
                "\(resumed.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: frame(3))) == original)
        // Another job's frames (another effect) are all rendered again.
        let other = try run(["render", "push", "-o", "frames", "--resume"] + inputs)
        #expect(other.status == 0 && !other.stderr.contains("skipped"), "\(other.stderr)")
        let manifest = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path("frames/manifest.json")))) as? [String: Any]
        #expect((manifest?["job"] as? String)?.count == 16 && manifest?["effect"] as? String == "push")
    }

    @Test func resumeAfterAKillTrustsTheJournal() throws {
        let inputs = try snapshots()
        let args = ["render", "fade", "-o", "frames", "--size", "64x64", "--duration", "600", "--fps", "1", "-q"] + inputs
        let first = try start(args)
        let deadline = Date(timeIntervalSinceNow: 120)
        while ((try? FileManager.default.contentsOfDirectory(atPath: path("frames"))) ?? []).filter({ $0.hasSuffix(".png") }).count < 20,
              Date() < deadline { usleep(20_000) }
        kill(first.process.processIdentifier, SIGKILL)
        first.process.waitUntilExit()
        #expect(FileManager.default.fileExists(atPath: path("frames/.manifest.json.journal")))
        let resumed = try run(["render", "fade", "-o", "frames", "--size", "64x64", "--duration", "600", "--fps", "1", "--resume"] + inputs)
        #expect(resumed.status == 0 && resumed.stderr.contains("complete frames skipped"), "\(resumed.stderr)")
        #expect(!FileManager.default.fileExists(atPath: path("frames/.manifest.json.journal")))
        #expect(!FileManager.default.fileExists(atPath: path("frames/.manifest.json.lock")))
    }

    /// FIFOs and devices as inputs: refused at once (66), one line naming the file.
    @Test func specialInputsNeverBlock() throws {
        let inputs = try snapshots()
        mkfifo(path("fifo.png"), 0o644)
        mkfifo(path("fifo.json"), 0o644)
        mkfifo(path("fifo.glsl"), 0o644)
        let cases: [[String]] = [
            ["render", "fade", "--from", "fifo.png", "-o", "x.y4m"],
            ["still", "mask", "--at", "0.5", "--param", "mask=fifo.png", "-o", "x.png", "--from", path("a.png"), "--to", path("b.png")],
            ["render", "fade", "--gesture", "fifo.json", "-o", "x.y4m"] + inputs,
            ["batch", "fifo.json"],
            ["render", "fifo.glsl", "-o", "x.y4m"] + inputs,
            ["compare", "/dev/zero", path("a.png")],
        ]
        for args in cases {
            let started = Date()
            let result = try run(args, timeout: 60)
            let named = args.contains("/dev/zero") ? "/dev/zero" : "fifo."
            #expect(result.status == 66, "\(args): \(result.status) \(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1 && result.stderr.contains(named) && result.stderr.contains("not a regular file"),
                    "\(args): \(result.stderr)")
            #expect(Date().timeIntervalSince(started) < 30)
        }
    }
}
