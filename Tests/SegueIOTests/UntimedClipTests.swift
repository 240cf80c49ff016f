import Foundation
import SegueCore
@testable import SegueIO
import SegueTestSupport
import Testing

/// Issue 26, item 4: valid files that used to be refused with untrue messages. A raw H.264
/// stream has no container to give its duration or seek by; a one-frame clip of 1 ms is a
/// picture that lasts less than any output frame.
@Suite struct UntimedClipTests {
    let dir = TestFiles.temporaryDirectory("untimed")
    let size = PixelSize(width: 96, height: 64)

    func path(_ name: String) -> String { dir + "/" + name }

    /// 1 s of testsrc2 at 30 fps as a raw H.264 stream and the same samples in MP4.
    func rawAndContained() throws -> (raw: String, mp4: String) {
        try FFmpegTool.run(["-f", "lavfi", "-i", "testsrc2=s=96x64:r=30", "-t", "1", "-c:v", "libx264", "-preset", "ultrafast",
                            "-pix_fmt", "yuv420p", "-f", "h264", path("raw.h264")])
        try FFmpegTool.run(["-r", "30", "-i", path("raw.h264"), "-c", "copy", path("same.mp4")])
        return (path("raw.h264"), path("same.mp4"))
    }

    @Test func aRawStreamIsCountedNotRefused() throws {
        let (raw, _) = try rawAndContained()
        let info = try MediaProbe.probe(raw)
        #expect(info.kind == .video && info.size == size && info.frameRate == 30)
        #expect(info.duration == 1 && !info.seekable, "\(info)")
    }

    /// Decoded from its start, with the frames before `start` dropped: the very frames the same
    /// samples give from a container that seeks.
    @Test(arguments: [0.0, 0.5])
    func aRawStreamGivesTheFramesItsContainedTwinGives(start: Double) throws {
        let (raw, mp4) = try rawAndContained()
        func frames(_ file: String) throws -> [PixelBuffer] {
            let decoder = try VideoClipDecoder(path: file, start: start, length: 0.3, fps: 30, size: size, fit: .cover,
                                               source: try MediaProbe.probe(file))
            defer { decoder.close() }
            var all: [PixelBuffer] = []
            while let frame = try decoder.nextFrame() { all.append(frame) }
            return all
        }
        let fromRaw = try frames(raw), fromMP4 = try frames(mp4)
        #expect(fromRaw.count == 9 && fromRaw == fromMP4)
    }

    @Test func aOneFrameClipOfAMillisecondIsAStill() throws {
        try FFmpegTool.run(["-f", "lavfi", "-i", "testsrc2=s=96x64:r=1000", "-frames:v", "1", "-c:v", "libx264", "-pix_fmt", "yuv420p",
                            path("one.mp4")])
        #expect(try MediaProbe.probe(path("one.mp4")).kind == .still)
        let decoder = try VideoClipDecoder(path: path("one.mp4"), start: 0, length: 1, fps: 1, size: size, fit: .cover, firstPicture: true)
        defer { decoder.close() }
        let frame = try #require(try decoder.nextFrame())
        let reference = try FFmpegDecode.rgba(path("one.mp4"), frames: 1)
        #expect(try ImageComparison(frame, PixelBuffer(width: 96, height: 64, bytes: Array(reference))).meanAbsoluteDifference < 1)
    }
}
