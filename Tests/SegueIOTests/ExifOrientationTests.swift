import SegueCore
@testable import SegueIO
import SegueTestSupport
import Testing

/// EXIF orientation: every one of the eight values, in a JPEG's APP1 segment (both TIFF byte
/// orders) and a PNG's `eXIf` chunk, turns the image as the TIFF 6.0 / Exif tables say; broken
/// EXIF data is ignored, never trusted.
@Suite struct ExifOrientationTests {
    /// Screen edges, for the specification's wording: "the 0th row is the visual top, the 0th
    /// column the visual left-hand side" and so on for each value.
    enum Edge { case top, bottom, left, right }
    static let edges: [UInt16: (row: Edge, column: Edge)] = [
        1: (.top, .left), 2: (.top, .right), 3: (.bottom, .right), 4: (.bottom, .left),
        5: (.left, .top), 6: (.right, .top), 7: (.right, .bottom), 8: (.left, .bottom),
    ]

    /// Where stored pixel (x, y) of a w×h image is shown, worked out from the two edges: stored
    /// row 0 lies along `row`, stored column 0 along `column`, so a pixel's row index is its
    /// distance from the `row` edge and its column index its distance from the `column` edge.
    static func shown(_ x: Int, _ y: Int, w: Int, h: Int, _ orientation: UInt16) -> (Int, Int) {
        let (row, column) = edges[orientation]!
        let swapped = row == .left || row == .right
        let (outW, outH) = swapped ? (h, w) : (w, h)
        var point = (0, 0)
        for (edge, distance) in [(row, y), (column, x)] {
            switch edge {
            case .top: point.1 = distance
            case .bottom: point.1 = outH - 1 - distance
            case .left: point.0 = distance
            case .right: point.0 = outW - 1 - distance
            }
        }
        return point
    }

    /// A TIFF structure with IFD0 holding one entry: Orientation as a single SHORT.
    static func tiff(orientation: UInt16, littleEndian: Bool, type: UInt16 = 3, count: UInt32 = 1, ifdOffset: UInt32 = 8) -> [UInt8] {
        func bytes(_ value: UInt64, _ width: Int) -> [UInt8] {
            let big = (0..<width).map { UInt8(truncatingIfNeeded: value >> (8 * (width - 1 - $0))) }
            return littleEndian ? big.reversed() : big
        }
        return (littleEndian ? [0x49, 0x49] : [0x4D, 0x4D]) + bytes(42, 2) + bytes(UInt64(ifdOffset), 4)
            + bytes(1, 2) + bytes(0x0112, 2) + bytes(UInt64(type), 2) + bytes(UInt64(count), 4) + bytes(UInt64(orientation), 2) + [0, 0]
            + bytes(0, 4)
    }

    /// The JPEG fixture with an APP1 `Exif` segment after SOI.
    static func jpeg(exif: [UInt8]) -> [UInt8] {
        let body = Array("Exif".utf8) + [0, 0] + exif
        let length = body.count + 2
        return [0xFF, 0xD8, 0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + body + IOFixtures.baselineGradient48x32.dropFirst(2)
    }

    /// A 5×3 RGB PNG whose every pixel differs, with an `eXIf` chunk before IDAT.
    static func png(exif: [UInt8]) -> [UInt8] {
        let plain = PNGForge.file(width: 5, height: 3, colorType: .rgb, depth: 8, interlaced: false) { x, y, c in
            [x * 50, y * 100, (x + y) % 2 * 200][c]
        }
        let headerEnd = 8 + 25
        return Array(plain[..<headerEnd]) + PNGForge.chunk("eXIf", exif) + Array(plain[headerEnd...])
    }

    func load(_ bytes: [UInt8], _ name: String) throws -> PixelBuffer {
        let path = TestFiles.temporaryDirectory("exif") + "/" + name
        TestFiles.writeFile(bytes, path)
        return try ImageFile.load(path)
    }

    func expectTurned(_ shown: PixelBuffer, from stored: PixelBuffer, _ orientation: UInt16, _ what: String) {
        let swapped = orientation >= 5
        #expect(shown.width == (swapped ? stored.height : stored.width) && shown.height == (swapped ? stored.width : stored.height),
                "\(what): \(shown.size)")
        guard shown.size.pixelCount == stored.size.pixelCount else { return }
        for y in 0..<stored.height {
            for x in 0..<stored.width {
                let (sx, sy) = Self.shown(x, y, w: stored.width, h: stored.height, orientation)
                if pixel(shown, sx, sy) != pixel(stored, x, y) {
                    Issue.record("\(what): stored (\(x), \(y)) is not shown at (\(sx), \(sy))")
                    return
                }
            }
        }
    }

    @Test(arguments: 1...8)
    func jpegOrientationTurnsTheImage(orientation: Int) throws {
        let stored = try JPEGCodec.decode(IOFixtures.baselineGradient48x32, name: "fixture")
        for little in [true, false] {
            let turned = try load(Self.jpeg(exif: Self.tiff(orientation: UInt16(orientation), littleEndian: little)), "o\(orientation).jpg")
            expectTurned(turned, from: stored, UInt16(orientation), "JPEG orientation \(orientation), \(little ? "II" : "MM")")
        }
    }

    @Test(arguments: 1...8)
    func pngExifOrientationTurnsTheImage(orientation: Int) throws {
        let stored = try PNGCodec.decode(Self.png(exif: []), name: "plain")
        let turned = try load(Self.png(exif: Self.tiff(orientation: UInt16(orientation), littleEndian: orientation % 2 == 0)), "o.png")
        expectTurned(turned, from: stored, UInt16(orientation), "PNG eXIf orientation \(orientation)")
    }

    /// Out-of-range values, a wrong type or count, an IFD offset past the data, a truncated
    /// structure, a segment length past the file: the image loads as stored.
    @Test func brokenExifIsIgnored() throws {
        let stored = try JPEGCodec.decode(IOFixtures.baselineGradient48x32, name: "fixture")
        let good = Self.tiff(orientation: 6, littleEndian: true)
        let broken: [(String, [UInt8])] = [
            ("value 0", Self.tiff(orientation: 0, littleEndian: true)),
            ("value 9", Self.tiff(orientation: 9, littleEndian: false)),
            ("type LONG", Self.tiff(orientation: 6, littleEndian: true, type: 4)),
            ("count 2", Self.tiff(orientation: 6, littleEndian: true, count: 2)),
            ("IFD past the end", Self.tiff(orientation: 6, littleEndian: true, ifdOffset: 0xFFFF_FFF0)),
            ("truncated", Array(good.prefix(15))),
            ("no byte order", [0x41, 0x41] + good.dropFirst(2)),
        ]
        for (what, exif) in broken {
            #expect(try load(Self.jpeg(exif: exif), "broken.jpg") == stored, "\(what)")
        }
        var overlong = Self.jpeg(exif: good)
        overlong[4] = 0xFF   // APP1 length far past the file: the walk stops, the decoder decides
        #expect(ExifOrientation.jpegExif(overlong) == nil)
    }
}
