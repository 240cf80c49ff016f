import Foundation
import SegueCore
@testable import SegueIO
import SegueTestSupport
import Testing

extension SegueIOTests {
    @Test func pngSequenceWritesNumberedFiles() throws {
        let dir = TestFiles.temporaryDirectory() + "/a/b"
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let sink = try PNGSequenceSink(directory: dir, compression: .fast)
        let frame = TestImages.transparent(width: 6, height: 4)
        for i in [0, 1, 12] { try sink.write(frame, index: i) }
        try sink.finish()
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).sorted() == ["000000.png", "000001.png", "000012.png"])
        #expect(try PNGCodec.decode(path: dir + "/000012.png") == frame)
        #expect(sink.path(ofFrame: 1_234_567) == dir + "/1234567.png")
    }

    @Test func pngSequenceReportsUnwritableDirectory() throws {
        let dir = TestFiles.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        TestFiles.writeFile([1], dir + "/file")
        #expect(throws: SegueError.io("\(dir)/file: Not a directory")) { try PNGSequenceSink(directory: dir + "/file") }
        #expect(throws: SegueError.io("\(dir)/file/sub: Not a directory")) { try PNGSequenceSink(directory: dir + "/file/sub") }
    }

    @Test func nullSinkCounts() throws {
        let sink = NullSink()
        for i in 0..<5 { try sink.write(PixelBuffer(width: 1, height: 1), index: i) }
        try sink.finish()
        #expect(sink.framesWritten == 5)
    }

    @Test func contactSheetPicksEvenlySpacedFrames() {
        #expect(ContactSheetSink(path: "x", frameCount: 1).selected == [0])
        #expect(ContactSheetSink(path: "x", frameCount: 5).selected == [0, 1, 2, 3, 4])
        let s = ContactSheetSink(path: "x", frameCount: 61).selected
        #expect(s.count == 12 && s.first == 0 && s.last == 60 && s == s.sorted())
    }

    @Test func contactSheetWritesGrid() throws {
        let dir = TestFiles.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/sheet.png"
        let sink = ContactSheetSink(path: path, frameCount: 31, layout: .init(columns: 4, thumbnailWidth: 120))
        var frame = PixelBuffer(width: 240, height: 160)
        for i in 0..<31 {
            frame.fill(Color(r: Double(i) / 30, g: 0.3, b: 1 - Double(i) / 30, a: i % 2 == 0 ? 1 : 0.5))
            try sink.write(frame, index: i)
        }
        try sink.finish()
        let sheet = try PNGCodec.decode(path: path)
        #expect(sheet.size == ContactSheetSink.sheetSize(count: 12, columns: 4, thumbnailSize: PixelSize(width: 120, height: 80)))
        #expect(sheet.size == PixelSize(width: 16 + 4 * 136, height: 16 + 3 * (80 + 24 + 16)))
        #expect(sheet.isOpaque)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["sheet.png"])
    }
}
