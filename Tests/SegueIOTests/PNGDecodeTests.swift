import SegueCore
@testable import SegueIO
import Testing

/// PNG decoding checked against `ReferencePNG`, an encoder independent of libpng: every colour
/// type and bit depth, interlaced or not (libpng 1.6.39's simplified API misplaces the rows of
/// interlaced 16-bit files, upstream pnggroup/libpng#853).
extension SegueIOTests {
    static let pngKinds: [(ReferencePNG.ColourType, Int)] = [
        (.gray, 1), (.gray, 2), (.gray, 4), (.gray, 8), (.gray, 16),
        (.rgb, 8), (.rgb, 16), (.palette, 1), (.palette, 2), (.palette, 4), (.palette, 8),
        (.grayAlpha, 8), (.grayAlpha, 16), (.rgba, 8), (.rgba, 16),
    ]

    @Test(arguments: pngKinds)
    func pngDecodeMatchesAnIndependentEncoder(_ colourType: ReferencePNG.ColourType, _ bitDepth: Int) throws {
        // Odd sizes leave Adam7 passes partial or empty; 1×1 and 2×9 have empty passes.
        for (n, (width, height)) in [(37, 29), (1, 1), (2, 9), (9, 2), (64, 17)].enumerated() {
            let reference = ReferencePNG.random(width: width, height: height, colourType: colourType, bitDepth: bitDepth,
                                                seed: UInt64(n * 100 + bitDepth))
            for interlaced in [false, true] {
                let decoded = try PNGCodec.decode(reference.encoded(interlaced: interlaced), name: "reference")
                #expect(decoded == reference.expected, "\(colourType) \(bitDepth)-bit \(width)x\(height) interlaced: \(interlaced)")
            }
        }
    }

    @Test(arguments: [(ReferencePNG.ColourType.gray, 16), (.gray, 8), (.gray, 2), (.rgb, 16), (.rgb, 8), (.palette, 4)])
    func pngTransparencyChunksBecomeAlpha(_ colourType: ReferencePNG.ColourType, _ bitDepth: Int) throws {
        var reference = ReferencePNG.random(width: 23, height: 19, colourType: colourType, bitDepth: bitDepth, seed: 7)
        if colourType == .palette {
            reference.paletteAlpha = [0, 128, 255, 3, 77] // shorter than the palette: the rest are opaque
        } else {
            reference.transparentKey = Array(reference.samples[0..<reference.channels]) // pixel 0's colour
        }
        for interlaced in [false, true] {
            let decoded = try PNGCodec.decode(reference.encoded(interlaced: interlaced), name: "reference")
            #expect(decoded == reference.expected, "\(colourType) \(bitDepth)-bit tRNS interlaced: \(interlaced)")
            #expect(decoded.bytes[3] != 255 || colourType == .palette)
        }
    }
}
