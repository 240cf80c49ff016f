import Foundation
import SegueCore
@testable import SegueDrawing
import SegueIO
import Testing

@Suite struct DrawingTests {
    @Test func fontCoversPrintableASCII() {
        #expect(BitmapFont.glyphs.count == 95)
        for g in BitmapFont.glyphs {
            #expect(g.rows.count == 7 || g.rows.count == 8 || g.rows.count == 9)
            #expect(g.rows.allSatisfy { $0 < (1 << g.width) })
        }
        #expect(BitmapFont.width(of: "A") == 5)
        #expect(BitmapFont.width(of: "il") == 3)
    }

    @Test func painterTextAndShapes() {
        var p = Painter(size: PixelSize(width: 40, height: 20), background: .white)
        p.drawText("Hi", at: Point(x: 2, y: 2), scale: 2, .black)
        #expect(p.buffer[2, 2] == (0, 0, 0, 255)) // H's top-left stroke
        #expect(p.buffer[4, 2] == (255, 255, 255, 255))
        p.fillCircle(center: Point(x: 30, y: 10), radius: 5, Color(r: 1, g: 0, b: 0, a: 0.5))
        #expect(p.buffer[30, 10] == (255, 128, 128, 255))
        var clear = Painter(size: PixelSize(width: 10, height: 10))
        clear.fillRoundedRect(Rect(x: 0, y: 0, width: 10, height: 10), radius: 4, Color(r: 0, g: 1, b: 0, a: 0.5))
        #expect(clear.buffer[5, 5] == (0, 128, 0, 128))
        #expect(clear.buffer[0, 0].a < clear.buffer[5, 5].a)
    }

    @Test func samplesAreDeterministicWithTransparency() throws {
        let list = SampleSnapshots.list(scale: 1)
        let detail = SampleSnapshots.detail(scale: 1)
        #expect(list.size == PixelSize(width: 390, height: 844))
        #expect(detail.size == list.size)
        #expect(SampleSnapshots.list(scale: 1) == list)
        #expect(SampleSnapshots.detail(scale: 1) == detail)
        // Translucent tab bar and rounded top corners.
        #expect(list[200, 800].a > 200 && list[200, 800].a < 255)
        #expect(detail[0, 0].a == 0 && detail[195, 400].a == 255)
        #expect(SampleSnapshots.size(scale: 3) == PixelSize(width: 1170, height: 2532))
        if let out = ProcessInfo.processInfo.environment["SEGUE_SAMPLES_OUT"] {
            // Manual inspection: writes the samples at full scale and a contact sheet of them.
            try PNGCodec.write(SampleSnapshots.list(scale: 3), to: out + "/list.png")
            try PNGCodec.write(SampleSnapshots.detail(scale: 3), to: out + "/detail.png")
        }
    }
}
