import Testing
import SegueCore

/// What a `PixelBuffer` knows of its own opacity: `markOpaque` is forgotten by any write
/// through `bytes`, and never changes what the pixels compare equal to.
@Suite struct PixelBufferTests {
    @Test func anyWriteForgetsTheOpaqueMark() {
        var buffer = PixelBuffer(width: 3, height: 2)
        buffer.fill(.black)
        buffer.markOpaque()
        #expect(buffer.isKnownOpaque && buffer.isOpaque)

        var element = buffer
        element.bytes[3] = 10
        #expect(!element.isKnownOpaque && !element.isOpaque)

        var pointer = buffer
        pointer.bytes.withUnsafeMutableBytes { $0[7] = 0 }
        #expect(!pointer.isKnownOpaque && !pointer.isOpaque)

        var assigned = buffer
        assigned.bytes = [UInt8](repeating: 255, count: 24)
        #expect(!assigned.isKnownOpaque && assigned.isOpaque)  // scanned, not known

        #expect(buffer.isKnownOpaque, "copies own their marks")
    }

    @Test func theMarkDoesNotTakePartInEquality() {
        var a = PixelBuffer(width: 2, height: 2), b = PixelBuffer(width: 2, height: 2)
        a.fill(.white)
        b.fill(.white)
        a.markOpaque()
        let same = a == b
        #expect(same)
    }
}
