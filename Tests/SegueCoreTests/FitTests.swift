import SegueCore
import SegueTestSupport
import Testing

@Suite struct FitTests {
    /// A buffer whose columns are red where `x < split` and blue elsewhere.
    private func halves(width: Int, height: Int, split: Int) -> PixelBuffer {
        var b = PixelBuffer(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width { let i = (y * width + x) * 4; b.bytes[i + (x < split ? 0 : 2)] = 255; b.bytes[i + 3] = 255 }
        }
        return b
    }

    @Test func fitIdentityReturnsSelf() {
        let b = TestImages.transparent(width: 31, height: 17)
        for mode in FitMode.allCases { #expect(b.fitted(to: b.size, mode: mode) == b) }
    }

    @Test func fitSizesAndCentring() {
        // 200×100 source: left 50 columns red, rest blue.
        let src = halves(width: 200, height: 100, split: 50)
        let target = PixelSize(width: 100, height: 100)

        let cover = src.fitted(to: target, mode: .cover)
        #expect(cover.size == target)
        // Cover crops 50 columns each side: red is gone entirely, the result is all blue.
        #expect(cover[0, 50] == (0, 0, 255, 255))
        #expect(cover[99, 50] == (0, 0, 255, 255))

        let contain = src.fitted(to: target, mode: .contain)
        #expect(contain.size == target)
        // 100×50 image centred vertically: transparent bars of 25 rows above and below.
        #expect(contain[50, 10] == (0, 0, 0, 0))
        #expect(contain[50, 90] == (0, 0, 0, 0))
        #expect(contain[5, 50] == (255, 0, 0, 255))
        #expect(contain[95, 50] == (0, 0, 255, 255))
        #expect(contain[50, 25].a == 255 && contain[50, 24].a == 0 && contain[50, 74].a == 255 && contain[50, 75].a == 0)

        let stretch = src.fitted(to: target, mode: .stretch)
        #expect(stretch.size == target)
        #expect(stretch[10, 0] == (255, 0, 0, 255))
        #expect(stretch[30, 99] == (0, 0, 255, 255))
        // Exact 2:1 area average: column 24 covers source columns 48–49 (red), 25 covers 50–51 (blue).
        #expect(stretch[24, 50] == (255, 0, 0, 255))
        #expect(stretch[25, 50] == (0, 0, 255, 255))
    }

    @Test func downscaleAveragesArea() {
        // A 1-pixel checkerboard of black and white averages to mid-grey when halved.
        var b = PixelBuffer(width: 64, height: 64)
        for y in 0..<64 { for x in 0..<64 where (x + y) % 2 == 0 { let i = (y * 64 + x) * 4; b.bytes[i] = 255; b.bytes[i + 1] = 255; b.bytes[i + 2] = 255 } }
        for i in stride(from: 3, to: b.bytes.count, by: 4) { b.bytes[i] = 255 }
        let small = b.fitted(to: PixelSize(width: 16, height: 16), mode: .stretch)
        for y in 0..<16 { for x in 0..<16 { #expect(small[x, y] == (128, 128, 128, 255)) } }
    }

    @Test func upscaleIsBilinearAndPremultiplied() {
        // Opaque red next to transparent: the blend must not bleed the transparent pixel's colour.
        var b = PixelBuffer(width: 2, height: 1)
        b.bytes = [255, 0, 0, 255, 0, 0, 0, 0]
        let up = b.fitted(to: PixelSize(width: 8, height: 1), mode: .stretch)
        for x in 0..<8 {
            let p = up[x, 0]
            #expect(p.g == 0 && p.b == 0 && p.r == p.a) // premultiplied red of varying alpha
        }
        #expect(up[0, 0].a == 255 && up[7, 0].a == 0)
        #expect(up[3, 0].a > up[4, 0].a)
    }

    @Test func upscaleHandlesSinglePixelAndExtremeAspect() {
        var one = PixelBuffer(width: 1, height: 1)
        one.bytes = [10, 20, 30, 40]
        let big = one.fitted(to: PixelSize(width: 5, height: 3), mode: .cover)
        #expect(big.bytes == [UInt8](repeating: 0, count: 0) + Array(repeating: [10, 20, 30, 40], count: 15).flatMap { $0 })
        let wide = halves(width: 1000, height: 1, split: 500).fitted(to: PixelSize(width: 10, height: 10), mode: .contain)
        // 1000:1 becomes a single 10×1 row on the middle row (never zero rows).
        #expect(wide[2, 4] == (255, 0, 0, 255) && wide[7, 4] == (0, 0, 255, 255) && wide[2, 5].a == 0 && wide[2, 3].a == 0)
    }
}
