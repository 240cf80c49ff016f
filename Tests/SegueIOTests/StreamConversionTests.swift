import Foundation
import SegueCore
@testable import SegueIO
import SegueTestSupport
import Testing

/// The per-frame conversions of stream output (un-premultiplying, Y4M planes) against their
/// scalar definitions, on frames large enough to be split into bands and with odd tails.
extension SegueIOTests {
    /// `min(255, round(c·255/a))`, 0 when a = 0: the definition the kernel must keep.
    static func straight(_ c: UInt8, _ a: UInt8) -> UInt8 {
        a == 0 ? 0 : UInt8(min(255, (Int(c) * 255 + Int(a) / 2) / Int(a)))
    }

    static func straightReference(_ bytes: [UInt8]) -> [UInt8] {
        var out = bytes
        for i in stride(from: 0, to: out.count - 3, by: 4) where out[i + 3] != 255 {
            for k in 0..<3 { out[i + k] = straight(out[i + k], out[i + 3]) }
        }
        return out
    }

    /// Every (c, a) pair, c ≤ a, among opaque and transparent pixels, so that every kind of
    /// 4-pixel group (opaque, zero, mixed) occurs, plus an odd tail.
    static func everyPremultipliedPixel() -> [UInt8] {
        var bytes: [UInt8] = []
        for a in 0..<256 {
            for c in 0...a {
                bytes += [UInt8(c), UInt8(a - c), UInt8(c / 2), UInt8(a)]
                if c % 7 == 0 { bytes += [9, 8, 7, 255] }
                if c % 11 == 0 { bytes += [0, 0, 0, 0] }
            }
        }
        return bytes + [1, 2, 3, 4, 5, 6, 7, 255, 0, 0, 0, 0, 10, 0, 0, 20]
    }

    @Test func unpremultiplyKernelMatchesTheDefinitionInPlaceAndIntoAnotherBuffer() {
        let input = Self.everyPremultipliedPixel()
        let expected = Self.straightReference(input)
        var inPlace = input
        unpremultiply(&inPlace)
        #expect(inPlace == expected)
        var target = [UInt8](repeating: 0xAB, count: input.count)
        input.withUnsafeBytes { source in
            target.withUnsafeMutableBytes { Unpremultiply.convert(from: source.baseAddress!, to: $0.baseAddress!, pixels: input.count / 4) }
        }
        #expect(target == expected)
    }

    @Test func opaqueScanFindsOneTranslucentPixelAnywhere() {
        let pixels = 1000
        let opaque = [UInt8](repeating: 255, count: pixels * 4)
        #expect(opaque.withUnsafeBytes { PixelBuffer.isOpaque($0.baseAddress!, pixels: pixels) })
        for position in [0, 15, 16, 511, 992, 999] {
            var frame = opaque
            frame[position * 4 + 3] = 254
            #expect(!frame.withUnsafeBytes { PixelBuffer.isOpaque($0.baseAddress!, pixels: pixels) }, "pixel \(position)")
        }
    }

    /// A 321×257 frame (over `PixelBands.minimumParallelPixels`, odd width): opaque rows, then
    /// translucent ones.
    static func halfTranslucentFrame() -> PixelBuffer {
        var frame = TestImages.photo(321, 257, seed: 3)
        let translucent = TestImages.transparent(width: 321, height: 257)
        let half = 321 * 4 * 128
        frame.bytes.replaceSubrange(half..., with: translucent.bytes[half...])
        return frame
    }

    @Test func straightAlphaFramesConvertOwnedAndSharedFramesAlike() throws {
        let frame = Self.halfTranslucentFrame()
        #expect(frame.width * frame.height > PixelBands.minimumParallelPixels)
        let expected = Self.straightReference(frame.bytes)
        let frames = StraightAlphaFrames()
        var written: [UInt8] = []
        try frames.withStraightBytes(ofShared: frame) { written = Array($0) }
        #expect(written == expected)
        var owned = frame
        try frames.withStraightBytes(ofOwned: &owned) { written = Array($0) }
        #expect(written == expected && owned.bytes == expected)
    }

    @Test func anOpaqueSharedFrameIsWrittenFromItsOwnMemory() throws {
        let frame = TestImages.photo(300, 300, seed: 4)
        #expect(frame.isOpaque)
        var address: UnsafeRawPointer?
        try StraightAlphaFrames().withStraightBytes(ofShared: frame) { address = $0.baseAddress }
        #expect(address == frame.bytes.withUnsafeBytes { $0.baseAddress })
    }

    @Test func y4mPlanesMatchTheScalarDefinition() {
        for (width, height) in [(321, 257), (7, 3), (1, 1)] {
            var frame = TestImages.photo(width, height, seed: 5)
            frame.bytes.withUnsafeMutableBufferPointer { p in
                for i in stride(from: 0, to: p.count, by: 4) { p[i + 3] = UInt8(truncatingIfNeeded: i &* 31) }
            }
            var planes: [UInt8] = []
            Y4MSink.convert(frame, into: &planes)
            let n = width * height
            var expected = [UInt8](repeating: 0, count: 3 * n)
            for i in 0..<n {
                let r = Int(frame.bytes[4 * i]), g = Int(frame.bytes[4 * i + 1]), b = Int(frame.bytes[4 * i + 2])
                expected[i] = UInt8(((66 * r + 129 * g + 25 * b + 128) >> 8) + 16)
                expected[n + i] = UInt8(((-38 * r - 74 * g + 112 * b + 128) >> 8) + 128)
                expected[2 * n + i] = UInt8(((112 * r - 94 * g - 18 * b + 128) >> 8) + 128)
            }
            #expect(planes == expected, "\(width)x\(height)")
        }
    }
}
