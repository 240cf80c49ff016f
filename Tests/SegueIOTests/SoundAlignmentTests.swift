import Foundation
import SegueCore
@testable import SegueIO
import SegueTestSupport
import Testing

/// Issue 26, item 3: a file with sound is named only when its sound and pictures span the same
/// time; ffprobe on the file is the judge, for MP4/MOV (stream durations) and WebM (DURATION tags).
@Suite struct SoundAlignmentTests {
    let dir = TestFiles.temporaryDirectory("alignment")

    func make(_ name: String, video: Double?, sound: Double, extra: [String] = []) throws -> String {
        let path = dir + "/" + name
        var arguments: [String] = []
        if let video { arguments += ["-f", "lavfi", "-t", String(video), "-i", "testsrc2=s=64x48:r=30"] }
        arguments += ["-f", "lavfi", "-t", String(sound), "-i", "sine=f=440:sample_rate=48000"]
        try FFmpegTool.run(arguments + extra + [path])
        return path
    }

    @Test(arguments: ["together.mp4", "together.webm", "together.mov"])
    func togetherPasses(name: String) throws {
        let file = try make(name, video: 2, sound: 2, extra: name.hasSuffix("webm") ? [] : ["-c:a", "aac"])
        try SoundAlignment.check(file, path: name, length: 2, fps: 30, hasVideo: true)
    }

    @Test(arguments: ["short.mp4", "short.webm"])
    func soundEndingEarlyIsRefused(name: String) throws {
        let file = try make(name, video: 2, sound: 1)
        #expect(throws: SegueError.self) { try SoundAlignment.check(file, path: name, length: 2, fps: 30, hasVideo: true) }
        do { try SoundAlignment.check(file, path: name, length: 2, fps: 30, hasVideo: true) } catch {
            #expect(error.kind == .invalidInput && error.message.hasPrefix("\(name): its sound does not span the output's 0–2 s"), "\(error)")
        }
    }

    @Test func aWAVOfTheWrongLengthIsRefused() throws {
        let file = try make("bed.wav", video: nil, sound: 1.5)
        try SoundAlignment.check(file, path: "bed.wav", length: 1.5, fps: nil, hasVideo: false)
        #expect(throws: SegueError.self) { try SoundAlignment.check(file, path: "bed.wav", length: 3, fps: nil, hasVideo: false) }
    }

    @Test func matroskaDurationsAreRead() {
        #expect(SoundAlignment.seconds("00:00:01.807000000") == 1.807)
        #expect(SoundAlignment.seconds("01:02:03.5") == 3723.5)
        #expect(SoundAlignment.seconds("nonsense") == nil)
    }
}
