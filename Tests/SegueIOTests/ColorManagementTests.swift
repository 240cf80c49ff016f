import Foundation
import SegueCore
@testable import SegueIO
import SegueTestSupport
import Testing

/// Snapshots' colour read and converted into the working space; PNG outputs tagged with it
/// (docs/IO.md "Colour"). Expected colours come from LittleCMS called directly (`TestColor`).
@Suite struct ColorManagementTests {
    let screen = TestColor.screen()

    private func snapshot(_ file: [UInt8], _ name: String = "snap.png") throws -> Snapshot {
        let dir = TestFiles.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        TestFiles.writeFile(file, dir + "/" + name)
        return try ImageFile.snapshot(dir + "/" + name)
    }

    private func straight(_ buffer: PixelBuffer) -> [UInt8] {
        var bytes = buffer.bytes
        unpremultiply(&bytes)
        return bytes
    }

    @Test func untaggedAndSRGBTaggedSnapshotsKeepTheirBytes() throws {
        let untagged = TestColor.png(width: screen.width, height: screen.height, rgba: screen.rgba)
        let tagged = TestColor.png(width: screen.width, height: screen.height, rgba: screen.rgba, chunks: PNGForge.chunk("sRGB", [0]))
        for file in [untagged, tagged] {
            let snap = try snapshot(file)
            #expect(snap.colorSpace == .srgb)
            #expect(try snap.pixels(in: .srgb) == PNGCodec.decode(file, name: "mem"))
            #expect(try snap.pixels(in: .srgb).bytes == screen.rgba)
        }
    }

    @Test func aDisplayP3ProfileIsRecognisedAndConvertedOnlyIntoSRGB() throws {
        let file = TestColor.png(width: screen.width, height: screen.height, rgba: screen.rgba, chunks: TestColor.iccpChunk(TestColor.displayP3))
        let snap = try snapshot(file)
        #expect(snap.colorSpace == .displayP3)
        #expect(try snap.pixels(in: .displayP3).bytes == screen.rgba)
        let expected = TestColor.convert(screen.rgba, from: TestColor.displayP3, to: TestColor.srgb)
        let converted = try snap.pixels(in: .srgb).bytes
        let difference = TestColor.difference(converted, expected)
        #expect(difference.max <= 1, "\(difference)")
        // The green band is outside sRGB: it is clipped there, unlike the numbers left as they were.
        #expect(TestColor.difference(converted, screen.rgba).max > 40)
        // Data images (masks) are read as their numbers, whatever the profile.
        #expect(try PNGCodec.decode(file, name: "mem").bytes == screen.rgba)
    }

    @Test func cICPCodePointsComeBeforeAnICCProfile() throws {
        let p3 = PNGForge.chunk("cICP", [12, 13, 0, 1])
        // An sRGB profile below the cICP chunk is passed over (PNG 3rd edition precedence).
        let file = TestColor.png(width: screen.width, height: screen.height, rgba: screen.rgba,
                                 chunks: p3 + TestColor.iccpChunk(TestColor.srgb))
        #expect(try snapshot(file).colorSpace == .displayP3)
        // BT.2020 primaries, linear transfer: converted like the same profile made here.
        let linear2020 = PNGForge.chunk("cICP", [9, 8, 0, 1])
        let snap = try snapshot(TestColor.png(width: screen.width, height: screen.height, rgba: screen.rgba, chunks: linear2020))
        #expect(snap.colorSpace == nil)
        let profile = ColorProfile(white: .d65, red: .init(0.708, 0.292), green: .init(0.170, 0.797), blue: .init(0.131, 0.046),
                                   curve: .power(1))!
        let expected = TestColor.convert(screen.rgba, from: profile.iccBytes, to: TestColor.srgb)
        #expect(TestColor.difference(try snap.pixels(in: .srgb).bytes, expected).max <= 1)
        // PQ (16) is HDR, which Segue does not follow: the chunks below it decide (none: sRGB).
        let pq = PNGForge.chunk("cICP", [9, 16, 0, 1])
        #expect(try snapshot(TestColor.png(width: screen.width, height: screen.height, rgba: screen.rgba, chunks: pq)).colorSpace == .srgb)
    }

    @Test func chromaticitiesOtherThanSRGBAreConverted() throws {
        func chrm(_ values: [Double]) -> [UInt8] {
            PNGForge.chunk("cHRM", values.flatMap { PNGForge.bigEndian32(UInt32(($0 * 100_000).rounded())) })
        }
        let gamma = PNGForge.chunk("gAMA", PNGForge.bigEndian32(45_455))
        let srgbPrimaries = chrm([0.3127, 0.3290, 0.64, 0.33, 0.30, 0.60, 0.15, 0.06])
        let asBefore = TestColor.png(width: screen.width, height: screen.height, rgba: screen.rgba, chunks: gamma + srgbPrimaries)
        #expect(try snapshot(asBefore).pixels(in: .srgb) == PNGCodec.decode(asBefore, name: "mem"))
        let p3Primaries = chrm([0.3127, 0.3290, 0.680, 0.320, 0.265, 0.690, 0.150, 0.060])
        let wide = try snapshot(TestColor.png(width: screen.width, height: screen.height, rgba: screen.rgba, chunks: gamma + p3Primaries))
        let profile = ColorProfile(white: .d65, red: .init(0.680, 0.320), green: .init(0.265, 0.690), blue: .init(0.150, 0.060),
                                   curve: .power(1 / 0.45455))!
        let expected = TestColor.convert(screen.rgba, from: profile.iccBytes, to: TestColor.srgb)
        #expect(TestColor.difference(try wide.pixels(in: .srgb).bytes, expected).max <= 1)
    }

    @Test func translucentPixelsKeepTheirAlpha() throws {
        var rgba = screen.rgba
        for i in stride(from: 3, to: rgba.count, by: 4) { rgba[i] = UInt8(i / 4 % 256) }
        let file = PNGForge.file(width: screen.width, height: screen.height, colorType: .rgba, depth: 8, interlaced: false) { x, y, c in
            Int(rgba[4 * (y * screen.width + x) + c])
        }
        let snap = try snapshot(TestColor.inserting(TestColor.iccpChunk(TestColor.displayP3), into: file))
        let pixels = try snap.pixels(in: .srgb)
        #expect(stride(from: 3, to: rgba.count, by: 4).allSatisfy { pixels.bytes[$0] == rgba[$0] })
        let expected = TestColor.convert(rgba, from: TestColor.displayP3, to: TestColor.srgb)
        let opaqueEnough = stride(from: 0, to: rgba.count, by: 4).filter { rgba[$0 + 3] >= 128 }
        let converted = straight(pixels)
        #expect(opaqueEnough.allSatisfy { i in (0..<3).allSatisfy { abs(Int(converted[i + $0]) - Int(expected[i + $0])) <= 2 } })
    }

    @Test func aGreyImageFollowsItsGreyProfile() throws {
        // Linear-light grey (gamma 1): its levels come out on the sRGB curve.
        let file = PNGForge.file(width: 256, height: 1, colorType: .gray, depth: 8, interlaced: false) { x, _, _ in x }
        let profile = TestColor.greyProfile(gamma: 1)
        let snap = try snapshot(TestColor.inserting(TestColor.iccpChunk(profile), into: file))
        #expect(snap.colorSpace == nil)
        let pixels = try snap.pixels(in: .srgb).bytes
        for x in 0..<256 {
            let v = Double(x) / 255
            let expected = Int(((v <= 0.0031308 ? 12.92 * v : 1.055 * pow(v, 1 / 2.4) - 0.055) * 255).rounded())
            let got = pixels[(4 * x)..<(4 * x + 4)].map(Int.init)
            #expect(got[3] == 255 && got[0] == got[1] && got[1] == got[2] && abs(got[0] - expected) <= 1, "\(x): \(got) for \(expected)")
        }
    }

    /// A JPEG with `profile` in APP2 `ICC_PROFILE` segments of at most `segment` bytes, the
    /// k-th piece numbered `number(k, count)` (ICC.1:2022 annex B), inserted after SOI in the
    /// pieces' order or `reversed`.
    private func jpeg(profile: [UInt8], segment: Int, reversed: Bool = false, number: (Int, Int) -> Int = { k, _ in k }) -> [UInt8] {
        let pieces = stride(from: 0, to: profile.count, by: segment).map { Array(profile[$0..<min(profile.count, $0 + segment)]) }
        let segments = pieces.enumerated().map { k, piece -> [UInt8] in
            let body = Array("ICC_PROFILE".utf8) + [0, UInt8(number(k + 1, pieces.count)), UInt8(pieces.count)] + piece
            return [0xFF, 0xE2, UInt8((body.count + 2) >> 8), UInt8((body.count + 2) & 0xFF)] + body
        }
        let plain = IOFixtures.baselineGradient48x32
        return Array(plain[..<2]) + (reversed ? segments.reversed() : segments).flatMap { $0 } + plain[2...]
    }

    @Test func aJPEGProfileInSeveralSegmentsIsJoinedAndChecked() throws {
        let plain = try JPEGCodec.decode(IOFixtures.baselineGradient48x32, name: "plain")
        let snap = try snapshot(jpeg(profile: TestColor.displayP3, segment: 100), "p3.jpg")
        #expect(snap.colorSpace == .displayP3)
        #expect(try snap.pixels(in: .displayP3) == plain)
        let expected = TestColor.convert(plain.bytes, from: TestColor.displayP3, to: TestColor.srgb)
        #expect(TestColor.difference(try snap.pixels(in: .srgb).bytes, expected).max <= 1)
        // Segments stored out of order are joined by their numbers.
        let reversed = try snapshot(jpeg(profile: TestColor.displayP3, segment: 100, reversed: true), "reversed.jpg")
        #expect(reversed.colorSpace == .displayP3)
        // A missing (here: repeated) segment number, or a profile LittleCMS cannot read, is refused.
        #expect(throws: SegueError(.invalidInput, "malformed ICC profile (its APP2 segments are missing, repeated or misnumbered)",
                                   path: "x.jpg")) {
            _ = try JPEGCodec.snapshot(jpeg(profile: TestColor.displayP3, segment: 100) { _, _ in 1 }, name: "x.jpg")
        }
        #expect(throws: SegueError(.invalidInput, "unreadable ICC profile (LittleCMS cannot parse it)", path: "x.jpg")) {
            _ = try JPEGCodec.snapshot(jpeg(profile: Array(repeating: 7, count: 300), segment: 200), name: "x.jpg")
        }
        // A JPEG read as data keeps its numbers.
        #expect(try JPEGCodec.decode(jpeg(profile: TestColor.displayP3, segment: 100), name: "data") == plain)
    }

    @Test func pngOutputsAreTaggedWithTheirWorkingSpace() throws {
        let frame = PixelBuffer(width: screen.width, height: screen.height, bytes: screen.rgba)
        for compression in PNGCompression.allCases {
            let srgb = TestColor.chunks(ofPNG: try PNGCodec.encode(frame, compression: compression, colorSpace: .srgb))
            #expect(srgb.map(\.type) == ["IHDR", "sRGB"] + Array(repeating: "IDAT", count: srgb.count - 3) + ["IEND"], "\(compression)")
            let file = try PNGCodec.encode(frame, compression: compression, colorSpace: .displayP3)
            let chunks = TestColor.chunks(ofPNG: file)
            #expect(chunks.filter { ["sRGB", "gAMA", "cHRM"].contains($0.type) }.isEmpty, "\(compression)")
            #expect(chunks.first { $0.type == "cICP" }?.data == [12, 13, 0, 1])
            // The profile written means what the test's own Display P3 profile means.
            let profile = try #require(TestColor.iccProfile(ofPNG: file))
            let viaOutput = TestColor.convert(screen.rgba, from: profile, to: TestColor.reference)
            let viaTest = TestColor.convert(screen.rgba, from: TestColor.displayP3, to: TestColor.reference)
            #expect(TestColor.difference(viaOutput, viaTest).max <= 1, "\(compression)")
            // Read back as a snapshot, it is Display P3 with the same numbers.
            let back = try snapshot(file)
            #expect(back.colorSpace == .displayP3)
            #expect(try back.pixels(in: .displayP3) == frame)
        }
    }

    @Test func autoIsDisplayP3OnlyWhenEverySnapshotIs() {
        #expect(ColorSpaceChoice.auto.resolved(snapshots: [.displayP3, .displayP3]) == .displayP3)
        #expect(ColorSpaceChoice.auto.resolved(snapshots: [.displayP3, .srgb]) == .srgb)
        #expect(ColorSpaceChoice.auto.resolved(snapshots: [.displayP3, nil]) == .srgb)
        #expect(ColorSpaceChoice.displayP3.resolved(snapshots: [.srgb]) == .displayP3)
        #expect(ColorSpaceChoice.srgb.resolved(snapshots: [.displayP3]) == .srgb)
    }

    /// A clip's frame is brought into Display P3 in the pool buffer it was decoded into, and
    /// gives the numbers `inColorSpace` gives in a copy.
    @Test func convertingInPlaceKeepsTheBuffer() throws {
        var frame = TestImages.photo(33, 17, seed: 4)
        let copy = try frame.inColorSpace(.displayP3)
        let before = frame.bytes.withUnsafeBufferPointer { $0.baseAddress }
        try frame.convert(to: .displayP3)
        #expect(frame.bytes.withUnsafeBufferPointer { $0.baseAddress } == before)
        #expect(frame.bytes == copy.bytes)
    }
}
