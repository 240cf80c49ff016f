import SegueAuthoring
import SegueCore
import Testing

@Suite struct ShaderTexturesTests {
    @Test func lumaSpiralIsOpaqueGreyAndSweepsLevels() {
        let spiral = ShaderTextures.lumaSpiral(size: 64)
        #expect(spiral.size == PixelSize(width: 64, height: 64))
        var levels = Set<UInt8>()
        for y in 0..<64 {
            for x in 0..<64 {
                let p = spiral[x, y]
                #expect(p.a == 255 && p.r == p.g && p.g == p.b)
                levels.insert(p.r)
            }
        }
        #expect(levels.count > 200)
    }

    @Test func flippingReversesRows() {
        var image = PixelBuffer(width: 2, height: 3)
        image.bytes[0] = 9
        let flipped = image.flippedVertically()
        #expect(flipped[0, 2].r == 9 && flipped[0, 0].r == 0)
        #expect(flipped.flippedVertically() == image)
    }
}
