import Foundation
import SegueCore
@testable import SegueIO
import SegueTestSupport
import Synchronization
import Testing

/// Issue 11: outputs that are not Segue's are never replaced, a place is written by one job at
/// a time, temporaries never outlive their process, inputs never block.
extension SegueIOTests {
    /// A pid no process has: a child that has exited and been waited for.
    static func deadPID() throws -> pid_t {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/true")
        try process.run()
        process.waitUntilExit()
        return process.processIdentifier
    }

    /// Device number 1,3 (/dev/null), as `makedev(1, 3)` encodes it.
    static let nullDevice: dev_t = 0x103

    static func fileType(_ path: String) -> mode_t {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_mode & S_IFMT : 0
    }

    @Test func destinationFollowsLinksAndNamesSpecialFiles() throws {
        let dir = TestFiles.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        TestFiles.writeFile([1], dir + "/real")
        try FileManager.default.createDirectory(atPath: dir + "/sub", withIntermediateDirectories: true)
        symlink("../real", dir + "/sub/up")
        symlink("sub/up", dir + "/chain")
        symlink("missing-target", dir + "/dangling")
        symlink("loop", dir + "/loop")
        mkfifo(dir + "/fifo", 0o644)
        #expect(mknod(dir + "/null", S_IFCHR | 0o666, Self.nullDevice) == 0, "tests run as root")
        #expect(try OutputDestination("-") == .standardOutput)
        #expect(try OutputDestination(dir + "/new") == .file(path: dir + "/new"))
        #expect(try OutputDestination(dir + "/chain") == .file(path: dir + "/sub/../real"))
        #expect(try OutputDestination(dir + "/dangling") == .file(path: dir + "/missing-target"))
        #expect(try OutputDestination(dir + "/fifo") == .special(path: dir + "/fifo", kind: "a FIFO"))
        #expect(try OutputDestination(dir + "/null") == .special(path: dir + "/null", kind: "a character device"))
        #expect(throws: SegueError.io("\(dir)/loop: Too many levels of symbolic links")) { try OutputDestination(dir + "/loop") }
        #expect(throws: SegueError.io("\(dir)/sub: Is a directory")) { try OutputDestination(dir + "/sub") }
    }

    @Test func aLinkStaysALinkAndItsTargetIsReplaced() throws {
        let dir = TestFiles.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        TestFiles.writeFile(Array("old".utf8), dir + "/target")
        symlink("target", dir + "/link")
        try ByteOutput.writeAll(Array("new".utf8), to: dir + "/link")
        #expect(Self.fileType(dir + "/link") == S_IFLNK)
        #expect(try String(contentsOfFile: dir + "/target", encoding: .utf8) == "new")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).sorted() == ["link", "target"])
    }

    @Test func specialFilesAreWrittenInPlace() throws {
        let dir = TestFiles.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(mknod(dir + "/null", S_IFCHR | 0o666, Self.nullDevice) == 0)
        try ByteOutput.writeAll([1, 2, 3], to: dir + "/null")
        #expect(Self.fileType(dir + "/null") == S_IFCHR)

        mkfifo(dir + "/fifo", 0o644)
        let received = Mutex<[UInt8]>([])
        let reader = Thread {
            let data = FileHandle(forReadingAtPath: dir + "/fifo")?.readDataToEndOfFile() ?? Data()
            received.withLock { $0 = Array(data) }
        }
        signal(SIGPIPE, SIG_IGN)  // a reader gone early fails the write (EPIPE), not the test process
        reader.start()
        try ByteOutput.writeAll(Array("through the pipe".utf8), to: dir + "/fifo")
        let deadline = Date(timeIntervalSinceNow: 10)
        while received.withLock({ $0.isEmpty }) && Date() < deadline { usleep(10_000) }
        #expect(String(decoding: received.withLock { $0 }, as: UTF8.self) == "through the pipe")
        #expect(Self.fileType(dir + "/fifo") == S_IFIFO)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).sorted() == ["fifo", "null"])
    }

    @Test func aPNGFolderCannotBeASpecialFile() throws {
        let dir = TestFiles.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        mkfifo(dir + "/fifo", 0o644)
        let error = #expect(throws: SegueError.self) { try PNGSequenceSink(directory: dir + "/fifo") }
        #expect(error?.kind == .usage && error?.message.hasPrefix("\(dir)/fifo: is a FIFO;") == true)
    }

    @Test func aSecondLockFailsNamingTheHolder() throws {
        let dir = TestFiles.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = OutputLock.path(beside: dir + "/out.y4m")
        #expect(path == dir + "/.out.y4m.lock")
        let first = try OutputLock(path: path, guarding: dir + "/out.y4m")
        #expect(throws: SegueError.io("\(dir)/out.y4m: in use by segue pid \(getpid()) (\(path))")) {
            try OutputLock(path: path, guarding: dir + "/out.y4m")
        }
        first.release()
        #expect(!FileManager.default.fileExists(atPath: path))
        // A lock file a killed holder left (its flock died with it) does not block.
        TestFiles.writeFile(Array("\(try Self.deadPID())\n".utf8), path)
        let second = try OutputLock(path: path, guarding: dir + "/out.y4m")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "\(getpid())\n")
        second.release()
    }

    @Test func staleTemporariesOfDeadProcessesAreRemovedOnlyThose() throws {
        let dir = TestFiles.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let dead = try Self.deadPID()
        let names = [".out.y4m.tmp-\(dead)", ".out.y4m.tmp-1", ".out.y4m.tmp-\(getpid())", ".other.y4m.tmp-\(dead)",
                     ".out.y4m.tmp-\(dead)x", "out.y4m.tmp-\(dead)", ".out.y4m.tmp-", "out.y4m"]
        for name in names { TestFiles.writeFile([0], dir + "/" + name) }
        AtomicFile.removeStaleTemporaries(in: dir, for: ["out.y4m"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).sorted() == names.dropFirst().sorted())
        #expect(AtomicFile.parseTemporaryName(".a.b.tmp-12")! == ("a.b", 12))
        #expect(AtomicFile.parseTemporaryName(".tmp-12") == nil)
    }

    @Test func cleanupRegistryRegistersWhatWasMadeAndForgetsIt() throws {
        let registry = CleanupRegistry()
        let (made, token) = try registry.register(creating: { () throws(SegueError) in 7 }, cleanup: {})
        let other = registry.register {}
        #expect(made == 7 && registry.count == 2)
        registry.remove(token)
        registry.remove(other)
        #expect(registry.count == 0)
        #expect(throws: SegueError.io("failed")) {
            try registry.register(creating: { () throws(SegueError) in throw SegueError.io("failed") }, cleanup: {})
        }
        #expect(registry.count == 0, "nothing made, nothing registered")
    }

    @Test func aFinishedOutputLeavesOnlyItself() throws {
        let dir = TestFiles.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let output = try ByteOutput(path: dir + "/a.raw")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).sorted() == [".a.raw.lock", ".a.raw.tmp-\(getpid())"])
        try output.write([1, 2, 3])
        try output.commit()
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["a.raw"])
    }

    @Test func specialInputsAreRefusedWithoutBlocking() throws {
        let dir = TestFiles.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        mkfifo(dir + "/fifo.png", 0o644)
        let start = Date()
        #expect(throws: SegueError.missingInput("\(dir)/fifo.png: a FIFO, not a regular file")) { try ImageFile.load(dir + "/fifo.png") }
        #expect(throws: SegueError.missingInput("/dev/zero: a character device, not a regular file")) {
            try InputFile.contents("/dev/zero", maxBytes: 10)
        }
        #expect(Date().timeIntervalSince(start) < 5)
    }

    @Test func journalListsFramesOfItsJobOnly() throws {
        let dir = TestFiles.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = FrameJournal.path(forManifest: dir + "/manifest.json")
        #expect(path == dir + "/.manifest.json.journal")
        let kept = FrameRecord(index: 0, file: "000000.png", bytes: 3, checksum: FrameRecord.checksum([1, 2, 3]))
        let new = FrameRecord(index: 1, file: "000001.png", bytes: 1, checksum: FrameRecord.checksum([4]))
        let journal = try FrameJournal(path: path, job: "abc", kept: [kept])
        try journal.append(new)
        #expect(FrameJournal.records(at: path, job: "abc") == [kept, new])
        #expect(FrameJournal.records(at: path, job: "other").isEmpty)
        journal.remove()
        #expect(!FileManager.default.fileExists(atPath: path))
    }
}
