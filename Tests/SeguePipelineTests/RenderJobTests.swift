import Foundation
import SegueCore
@testable import SegueIO
@testable import SeguePipeline
import SegueSoftware
import SegueTestSupport
import Testing

/// Output formats, determinism, shards and resume, through `RenderJob` with the software
/// renderer on small frames.
@Suite struct RenderJobTests {
    static func transition(_ effect: String = "push", fps: Double = 30, size: PixelSize = PixelSize(width: 48, height: 30)) throws -> PreparedTransition {
        var r = TransitionRequest(effect: effect)
        r.fromImage = TestImages.ui(40, 26)
        r.toImage = TestImages.photo(40, 26, seed: 2)
        r.size = size
        r.fps = fps
        r.duration = 0.4
        return try PreparedTransition(r)
    }

    static func files(_ dir: String) -> [String: [UInt8]] {
        var out: [String: [UInt8]] = [:]
        for name in (try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? [] where name.hasSuffix(".png") {
            out[name] = Array(FileManager.default.contents(atPath: dir + "/" + name)!)
        }
        return out
    }

    @Test func framesAreByteIdenticalAcrossRuns() throws {
        let dir = TestFiles.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let t = try Self.transition()
        for run in ["a", "b"] {
            _ = try RenderJob.run(t, renderer: SoftwareRenderer(), output: OutputSpec(format: .png, path: dir + "/" + run), version: "test")
        }
        let a = Self.files(dir + "/a"), b = Self.files(dir + "/b")
        #expect(a.count == t.frameCount && a == b)
    }

    @Test func shardsTogetherEqualOneRun() throws {
        let dir = TestFiles.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let t = try Self.transition()
        _ = try RenderJob.run(t, renderer: SoftwareRenderer(), output: OutputSpec(format: .png, path: dir + "/single"), version: "test")
        var listed: [FrameRecord] = []
        for i in 0..<5 {   // 13 frames in 5 shards
            let outcome = try RenderJob.run(t, renderer: SoftwareRenderer(), output: OutputSpec(format: .png, path: dir + "/sharded"),
                                            selection: FrameSelection(shard: .init(index: i, count: 5)), version: "test")
            let manifest = try JSONDecoder().decode(Manifest.self, from: Data(contentsOf: URL(fileURLWithPath: outcome.manifest!)))
            #expect(outcome.manifest == dir + "/sharded/manifest-shard-\(i)-of-5.json" && manifest.frames.count == outcome.frames)
            listed += manifest.frames
        }
        let single = Self.files(dir + "/single")
        #expect(single.count == 13 && Self.files(dir + "/sharded") == single)
        #expect(listed.map(\.index) == Array(0..<13))
        #expect(listed.allSatisfy { $0.checksum == FrameRecord.checksum(single[$0.file]!) && $0.bytes == single[$0.file]!.count })
    }

    @Test func frameSelectionPartitions() throws {
        for n in [0, 1, 7, 100] {
            for count in [1, 3, 8] {
                let parts = try (0..<count).map { try FrameSelection(shard: .init(index: $0, count: count)).frames(of: n) }
                #expect(parts.flatMap { $0 } == Array(0..<n))
            }
        }
        #expect(try FrameSelection(range: 5...20, shard: .init(index: 1, count: 2)).frames(of: 10) == [7, 8, 9])
        #expect(throws: SegueError.self) { try FrameSelection(range: 10...12).frames(of: 10) }
        #expect(try FrameSelection.parseRange("3-9") == 3...9 && FrameSelection.parseRange("4") == 4...4)
        #expect(throws: SegueError.self) { try FrameSelection.parseRange("9-3") }
        #expect(throws: SegueError.self) { try FrameSelection.parseShard("4/4") }
        let env = ["JOB_COMPLETION_INDEX": "2"]
        #expect(try FrameSelection.resolveShard(flag: nil, count: 4, environment: env) == .init(index: 2, count: 4))
        #expect(try FrameSelection.resolveShard(flag: nil, count: nil, environment: env.merging(["SEGUE_SHARD_COUNT": "3"]) { a, _ in a })
                == .init(index: 2, count: 3))
        #expect(try FrameSelection.resolveShard(flag: nil, count: nil, environment: env) == nil)
        #expect(throws: SegueError.self) { try FrameSelection.resolveShard(flag: nil, count: 2, environment: env) }
        #expect(throws: SegueError.self) { try FrameSelection.resolveShard(flag: nil, count: 4, environment: [:]) }
    }

    /// Other schedulers' array jobs: Slurm (counted from its first task in its step), AWS Batch
    /// (from 0), GitLab CI's parallel (from 1); a count the scheduler states must agree.
    @Test func shardIndexFromEachScheduler() throws {
        func shard(_ count: Int, _ env: [String: String]) throws -> FrameSelection.Shard? {
            try FrameSelection.resolveShard(flag: nil, count: count, environment: env)
        }
        #expect(try shard(4, ["SLURM_ARRAY_TASK_ID": "3", "SLURM_ARRAY_TASK_COUNT": "4"]) == .init(index: 3, count: 4))
        #expect(try shard(3, ["SLURM_ARRAY_TASK_ID": "15", "SLURM_ARRAY_TASK_MIN": "5", "SLURM_ARRAY_TASK_STEP": "5",
                              "SLURM_ARRAY_TASK_COUNT": "3"]) == .init(index: 2, count: 3))
        #expect(try shard(5, ["AWS_BATCH_JOB_ARRAY_INDEX": "4"]) == .init(index: 4, count: 5))
        #expect(try shard(2, ["CI_NODE_INDEX": "1", "CI_NODE_TOTAL": "2"]) == .init(index: 0, count: 2))
        // Kubernetes first, when several are set.
        #expect(try shard(4, ["JOB_COMPLETION_INDEX": "1", "AWS_BATCH_JOB_ARRAY_INDEX": "3"]) == .init(index: 1, count: 4))
        // A count that disagrees with the scheduler's, or an index off its array, is refused.
        #expect(throws: SegueError.self) { try shard(4, ["SLURM_ARRAY_TASK_ID": "1", "SLURM_ARRAY_TASK_COUNT": "3"]) }
        #expect(throws: SegueError.self) { try shard(4, ["SLURM_ARRAY_TASK_ID": "7", "SLURM_ARRAY_TASK_MIN": "5", "SLURM_ARRAY_TASK_STEP": "5"]) }
        #expect(throws: SegueError.self) { try shard(2, ["CI_NODE_INDEX": "x"]) }
        // Without a count nothing is sharded, whatever the scheduler says.
        #expect(try FrameSelection.resolveShard(flag: nil, count: nil, environment: ["SLURM_ARRAY_TASK_ID": "1"]) == nil)
    }

    @Test func resumeSkipsCompleteFramesAndRedoesTruncatedOnes() throws {
        let dir = TestFiles.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let t = try Self.transition()
        let spec = OutputSpec(format: .png, path: dir)
        _ = try RenderJob.run(t, renderer: SoftwareRenderer(), output: spec, version: "test")
        let before = Self.files(dir)
        func inode(_ n: String) -> UInt64 { var s = stat(); stat(dir + "/" + n, &s); return UInt64(s.st_ino) }
        let inodes = Dictionary(uniqueKeysWithValues: before.keys.map { ($0, inode($0)) })
        truncate(dir + "/000004.png", 40)
        unlink(dir + "/000009.png")
        let outcome = try RenderJob.run(t, renderer: SoftwareRenderer(), output: spec, resume: true, version: "test")
        #expect(outcome.frames == 2 && outcome.skipped == t.frameCount - 2)
        #expect(Self.files(dir) == before)
        for (name, ino) in inodes where name != "000004.png" && name != "000009.png" { #expect(inode(name) == ino, "\(name) was rewritten") }
        let manifest = try JSONDecoder().decode(Manifest.self, from: Data(contentsOf: URL(fileURLWithPath: dir + "/manifest.json")))
        #expect(manifest.frames.map(\.index) == Array(0..<t.frameCount))
    }

    @Test func rawAndY4MByteCountsAndHeaders() throws {
        let dir = TestFiles.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let t = try Self.transition(size: PixelSize(width: 21, height: 11))
        _ = try RenderJob.run(t, renderer: SoftwareRenderer(), output: OutputSpec(format: .raw, path: dir + "/a.rgba"), version: "test")
        _ = try RenderJob.run(t, renderer: SoftwareRenderer(), output: OutputSpec(format: .y4m, path: dir + "/a.y4m"), version: "test")
        let raw = Array(FileManager.default.contents(atPath: dir + "/a.rgba")!)
        #expect(raw.count == 21 * 11 * 4 * t.frameCount)
        // Raw is straight alpha: the last frame is the opaque 'to' image, as PNG output decodes it.
        var last = PixelBuffer(size: t.size)
        try SoftwareRenderer().render(t.plan(frame: t.frameCount - 1), images: t.images, into: &last)
        #expect(Array(raw.suffix(21 * 11 * 4)) == last.bytes)
        let y4m = Array(FileManager.default.contents(atPath: dir + "/a.y4m")!)
        let header = "YUV4MPEG2 W21 H11 F30:1 Ip A1:1 C444\n"
        #expect(y4m.starts(with: Array(header.utf8)))
        #expect(y4m.count == header.utf8.count + t.frameCount * ("FRAME\n".utf8.count + 21 * 11 * 3))
        #expect(Y4MSink.header(size: PixelSize(width: 2, height: 2), fps: 29.97) == "YUV4MPEG2 W2 H2 F29970:1000 Ip A1:1 C444\n")
        // BT.601 limited range: black → (16, 128, 128), white → (235, 128, 128).
        var planes: [UInt8] = []
        Y4MSink.convert(PixelBuffer(width: 2, height: 1, bytes: [0, 0, 0, 255, 255, 255, 255, 255]), into: &planes)
        #expect(planes == [16, 235, 128, 128, 128, 128])
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).sorted() == ["a.rgba", "a.y4m"])
    }

    @Test func ffmpegWritesMP4AndGIF() throws {
        let dir = TestFiles.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let t = try Self.transition(size: PixelSize(width: 33, height: 17))
        for format in [OutputFormat.mp4, .gif, .webm] {
            let path = dir + "/v." + format.rawValue
            _ = try RenderJob.run(t, renderer: SoftwareRenderer(), output: OutputSpec(format: format, path: path), version: "test")
            let probe = Process()
            probe.executableURL = URL(fileURLWithPath: "/usr/bin/ffprobe")
            probe.arguments = ["-v", "error", "-count_frames", "-select_streams", "v:0", "-show_entries", "stream=codec_name,nb_read_frames",
                               "-of", "csv=p=0", path]
            let out = Pipe()
            probe.standardOutput = out
            try probe.run()
            let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            probe.waitUntilExit()
            let expected = ["mp4": "h264", "gif": "gif", "webm": "vp9"][format.rawValue]!
            #expect(text.trimmingCharacters(in: .whitespacesAndNewlines) == "\(expected),\(t.frameCount)", "\(format): \(text)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).sorted() == ["v.gif", "v.mp4", "v.webm"])
    }

    @Test func ffmpegFailureReportsItsLastLineAndLeavesNoFile() throws {
        let dir = TestFiles.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // A directory where ffmpeg's temporary output goes: it cannot open the file (even as root).
        try FileManager.default.createDirectory(atPath: AtomicFile.temporaryPath(for: dir + "/v.mp4"), withIntermediateDirectories: true)
        let t = try Self.transition()
        #expect {
            _ = try RenderJob.run(t, renderer: SoftwareRenderer(), output: OutputSpec(format: .mp4, path: dir + "/v.mp4"), version: "test")
        } throws: { error in
            let e = error as? SegueError
            return e?.kind == .io && e?.message.hasPrefix("\(dir)/v.mp4: ffmpeg failed: ") == true && e?.message.contains("\n") == false
        }
        #expect(!FileManager.default.fileExists(atPath: dir + "/v.mp4"))
    }

    /// A sink that is slower than rendering: frames in flight must stay bounded.
    final class SlowSink: FrameSink, @unchecked Sendable {
        let lock = NSLock()
        var inFlight = 0, peak = 0, count = 0
        func write(_ frame: PixelBuffer, index: Int) throws(SegueError) {
            lock.lock(); inFlight += 1; peak = max(peak, inFlight); lock.unlock()
            usleep(2000)
            lock.lock(); inFlight -= 1; count += 1; lock.unlock()
        }
        func finish() throws(SegueError) {}
    }

    @Test func memoryStaysFlatOverALongJob() throws {
        // 1201 frames of 640×360 (0.9 MB each): unbounded queueing would hold ~1.1 GB.
        var r = TransitionRequest(effect: "fade")
        r.fromImage = TestImages.ui(64, 36)
        r.toImage = TestImages.photo(64, 36)
        r.size = PixelSize(width: 640, height: 360)
        r.fps = 600
        r.duration = 2
        let t = try PreparedTransition(r)
        let sink = SlowSink()
        let before = TestFiles.residentBytes()
        let stats = try FrameLoop.run(t, renderer: SoftwareRenderer(), sinks: [sink])
        let grown = TestFiles.residentBytes() - before
        #expect(stats.frames == 1201 && sink.count == 1201)
        #expect(sink.peak <= SystemInfo.activeProcessorCount + 1)
        // Other suites run in this process at the same time, so the bound is loose: far below
        // the ~1.1 GB that queueing every frame would take.
        #expect(grown < 320 << 20, "resident memory grew by \(grown >> 20) MiB")
    }
}
