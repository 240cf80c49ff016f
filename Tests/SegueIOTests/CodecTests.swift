import CPNG
import Foundation
import SegueCore
@testable import SegueIO
import SegueTestSupport
import Testing

extension SegueIOTests {
    @Test func pngRoundTripOpaqueIsExact() throws {
        var b = PixelBuffer(width: 37, height: 23)
        for i in 0..<(b.width * b.height) {
            b.bytes[i * 4] = UInt8(i & 0xFF); b.bytes[i * 4 + 1] = UInt8((i * 7) & 0xFF)
            b.bytes[i * 4 + 2] = UInt8((i * 13) & 0xFF); b.bytes[i * 4 + 3] = 255
        }
        for compression in PNGCompression.allCases {
            let png = try PNGCodec.encode(b, compression: compression)
            #expect(try PNGCodec.decode(png, name: "mem") == b)
        }
    }

    @Test func pngRoundTripPremultipliedIsExact() throws {
        // round(round(c·255/a)·a/255) == c for every premultiplied c ≤ a, so no drift at all.
        let b = TestImages.transparent(width: 256, height: 16)
        let png = try PNGCodec.encode(b, compression: .fast)
        #expect(try PNGCodec.decode(png, name: "mem") == b)
    }

    @Test func unpremultiplyIsExactRounding() {
        for a in 1...255 {
            for c in 0...a {
                var px: [UInt8] = [UInt8(c), 0, 0, UInt8(a)]
                unpremultiply(&px)
                #expect(Int(px[0]) == min(255, Int((Double(c) * 255 / Double(a)).rounded())))
            }
        }
    }

    @Test func pngDecodesGrayRGBAndPalette() throws {
        let gray = IOFixtures.png(width: 2, height: 1, format: 0, rows: [0, 200])
        let g = try PNGCodec.decode(gray, name: "gray")
        #expect(g.bytes == [0, 0, 0, 255, 200, 200, 200, 255])

        let grayAlpha = IOFixtures.png(width: 1, height: 1, format: PNG_FORMAT_FLAG_ALPHA, rows: [200, 128])
        let ga = try PNGCodec.decode(grayAlpha, name: "ga")
        #expect(ga.bytes == [100, 100, 100, 128])

        let rgb = IOFixtures.png(width: 2, height: 1, format: PNG_FORMAT_FLAG_COLOR, rows: [255, 0, 0, 10, 20, 30])
        #expect(try PNGCodec.decode(rgb, name: "rgb").bytes == [255, 0, 0, 255, 10, 20, 30, 255])

        let palette = IOFixtures.png(width: 3, height: 1,
                                     format: PNG_FORMAT_FLAG_COLORMAP | PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA,
                                     rows: [0, 1, 2], colormap: [255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 0], entries: 3)
        #expect(try PNGCodec.decode(palette, name: "pal").bytes == [255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 0, 0])

        // 16-bit linear input: libpng converts to 8-bit sRGB.
        let wide: [UInt16] = [65535, 0, 0, 65535]
        let sixteen = IOFixtures.png(width: 1, height: 1, format: PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA | PNG_FORMAT_FLAG_LINEAR,
                                     rows: wide.withUnsafeBytes { Array($0) })
        #expect(try PNGCodec.decode(sixteen, name: "16").bytes == [255, 0, 0, 255])
    }

    @Test func sixteenBitWithoutGammaIsTreatedAsSRGB() throws {
        // A hand-built 1×1 16-bit RGB PNG with no gAMA/sRGB chunk, components 0x8000.
        let row: [UInt8] = [0, 0x80, 0, 0x80, 0, 0x80, 0]
        let png = rawPNG(width: 1, height: 1, bitDepth: 16, colourType: 2, rawRows: row)
        #expect(try PNGCodec.decode(png, name: "16").bytes == [128, 128, 128, 255])
    }

    @Test func opaqueOutputIsRGBAndSmaller() throws {
        var b = PixelBuffer(width: 64, height: 64)
        b.fill(Color(r: 0.2, g: 0.4, b: 0.6))
        let png = try PNGCodec.encode(b)
        #expect(png[25] == 2) // IHDR colour type 2: truecolour without alpha
        var t = b
        t.bytes[3] = 254
        #expect(try PNGCodec.encode(t)[25] == 6)
    }

    @Test func jpegDecodes() throws {
        let j = try JPEGCodec.decode(IOFixtures.jpeg16x8, name: "fixture")
        #expect(j.size == PixelSize(width: 16, height: 8))
        #expect(j.isOpaque)
        func near(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8), _ r: Int, _ g: Int, _ b: Int) -> Bool {
            abs(Int(p.r) - r) <= 24 && abs(Int(p.g) - g) <= 24 && abs(Int(p.b) - b) <= 24
        }
        #expect(near(j[1, 1], 255, 0, 0))
        #expect(near(j[14, 1], 0, 0, 255))
        #expect(near(j[8, 6], 0, 255, 0))
    }

    @Test func jpegDecodesAdobeCMYK() throws {
        let j = try JPEGCodec.decode(IOFixtures.cmykRed8x8, name: "cmyk")
        let p = j[4, 4]
        #expect(p.r > 245 && p.g < 10 && p.b < 10 && p.a == 255)
    }

    @Test func imageFileSniffsAndLoadsBothFormats() throws {
        let dir = TestFiles.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // Extensions lie on purpose: the content decides.
        TestFiles.writeFile(IOFixtures.jpeg16x8, dir + "/photo.png")
        #expect(try ImageFile.load(dir + "/photo.png").size == PixelSize(width: 16, height: 8))
        let b = TestImages.transparent(width: 9, height: 5)
        try PNGCodec.write(b, to: dir + "/image.jpg")
        #expect(try ImageFile.load(dir + "/image.jpg") == b)
    }

    @Test func atomicWriteLeavesNoTemporaries() throws {
        let dir = TestFiles.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let b = TestImages.transparent(width: 8, height: 8)
        try PNGCodec.write(b, to: dir + "/a.png", compression: .fast)
        try PNGCodec.write(b, to: dir + "/a.png", compression: .best) // replaces
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["a.png"])
        #expect(try PNGCodec.decode(path: dir + "/a.png") == b)
        // Under a file (a folder that cannot be made): an .io error naming it, nothing left behind.
        #expect(throws: SegueError.io("\(dir)/a.png/b.png: Not a directory")) { try PNGCodec.write(b, to: dir + "/a.png/b.png") }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["a.png"])
    }

    @Test func badInputsAreReportedNotCrashed() throws {
        let dir = TestFiles.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        func kind(_ path: String) -> (SegueError.Kind, String)? {
            do { _ = try ImageFile.load(path); return nil } catch { return (error.kind, error.message) }
        }
        let missing = dir + "/missing.png"
        #expect(kind(missing)?.0 == .missingInput)
        #expect(kind(missing)?.1 == "\(missing): no such file")
        #expect(kind(dir)?.0 == .missingInput)
        #expect(kind(dir)?.1 == "\(dir): is a directory")

        TestFiles.writeFile([], dir + "/empty.png")
        #expect(kind(dir + "/empty.png")?.0 == .invalidInput)
        #expect(kind(dir + "/empty.png")?.1.contains("empty") == true)

        TestFiles.writeFile(Array("hello, not an image".utf8), dir + "/text.png")
        #expect(kind(dir + "/text.png")?.1 == "\(dir)/text.png: not a PNG or JPEG image")

        // A valid header that claims 50000×50000: refused before any pixel memory is taken.
        var huge = IOFixtures.png(width: 1, height: 1, format: PNG_FORMAT_FLAG_COLOR, rows: [1, 2, 3])
        huge.replaceSubrange(16..<24, with: [0, 0, 0xC3, 0x50, 0, 0, 0xC3, 0x50])
        huge.replaceSubrange(29..<33, with: crc(Array(huge[12..<29])))
        TestFiles.writeFile(huge, dir + "/huge.png")
        let hugeError = kind(dir + "/huge.png")
        #expect(hugeError?.0 == .invalidInput)
        #expect(hugeError?.1.contains("50000x50000") == true)
        #expect(hugeError?.1.contains("too large") == true)

        // Truncations of a real PNG and JPEG, and random bytes behind both signatures.
        let png = try PNGCodec.encode(TestImages.transparent(width: 40, height: 30))
        var inputs: [[UInt8]] = []
        for cut in [1, 8, 20, 33, 50, png.count / 2, png.count - 13, png.count - 1] { inputs.append(Array(png[0..<cut])) }
        for cut in [2, 3, 20, 100, IOFixtures.jpeg16x8.count / 2] { inputs.append(Array(IOFixtures.jpeg16x8[0..<cut])) }
        var rng: UInt64 = 99
        for n in 0..<40 {
            var bytes = n % 2 == 0 ? PNGCodec.signature : [0xFF, 0xD8, 0xFF]
            for _ in 0..<(n * 13 + 5) {
                rng = rng &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                bytes.append(UInt8(truncatingIfNeeded: rng >> 33))
            }
            inputs.append(bytes)
        }
        // Bit flips inside a valid PNG's data.
        for i in stride(from: 40, to: png.count - 12, by: max(1, png.count / 30)) {
            var bad = png
            bad[i] ^= 0x5A
            inputs.append(bad)
        }
        for (i, bytes) in inputs.enumerated() {
            let path = dir + "/fuzz\(i).png"
            TestFiles.writeFile(bytes, path)
            if let (k, message) = kind(path) {
                #expect(k == .invalidInput, "\(message)")
                #expect(message.hasPrefix(path + ": "))
                #expect(!message.contains("\n"))
            }
        }
    }

    /// A PNG from raw (filter byte + samples) rows, deflated as one stored block.
    private func rawPNG(width: Int, height: Int, bitDepth: UInt8, colourType: UInt8, rawRows: [UInt8]) -> [UInt8] {
        func be32(_ v: Int) -> [UInt8] { [UInt8(v >> 24 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
            let body = Array(type.utf8) + data
            return be32(data.count) + body + crc(body)
        }
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in rawRows { a = (a + UInt32(byte)) % 65521; b = (b + a) % 65521 }
        let n = rawRows.count
        let zlib: [UInt8] = [0x78, 0x01, 0x01, UInt8(n & 0xFF), UInt8(n >> 8), UInt8(~n & 0xFF), UInt8((~n >> 8) & 0xFF)]
            + rawRows + be32(Int(b << 16 | a))
        return PNGCodec.signature + chunk("IHDR", be32(width) + be32(height) + [bitDepth, colourType, 0, 0, 0])
            + chunk("IDAT", zlib) + chunk("IEND", [])
    }

    private func crc(_ bytes: [UInt8]) -> [UInt8] {
        var c: UInt32 = 0xFFFF_FFFF
        for b in bytes {
            c ^= UInt32(b)
            for _ in 0..<8 { c = (c & 1) != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        }
        c ^= 0xFFFF_FFFF
        return [UInt8(c >> 24), UInt8((c >> 16) & 0xFF), UInt8((c >> 8) & 0xFF), UInt8(c & 0xFF)]
    }
}
