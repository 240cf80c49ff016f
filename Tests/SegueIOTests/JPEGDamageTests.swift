import Foundation
import SegueCore
@testable import SegueIO
import Testing

/// Damaged JPEGs are refused (exit 65), never drawn with libjpeg's grey fill: data that ends
/// early is "truncated", damaged entropy-coded data is "corrupt JPEG data: …".
extension SegueIOTests {
    static let damageFixtures: [(String, [UInt8])] = [
        ("baseline", IOFixtures.baselineGradient48x32), ("progressive", IOFixtures.progressiveGradient48x32),
    ]

    /// Where the entropy-coded data of the first scan starts (after the SOS segment).
    static func firstScanData(_ jpeg: [UInt8]) -> Int {
        var i = 2
        while i + 3 < jpeg.count {
            let length = Int(jpeg[i + 2]) << 8 | Int(jpeg[i + 3])
            if jpeg[i + 1] == 0xDA { return i + 2 + length }
            i += 2 + length
        }
        return jpeg.count
    }

    @Test func damageFixturesDecode() throws {
        for (name, jpeg) in Self.damageFixtures {
            let image = try JPEGCodec.decode(jpeg, name: name)
            #expect(image.size == PixelSize(width: 48, height: 32))
            let topLeft = image[2, 2], topRight = image[45, 2]
            #expect(topLeft.b > 200 && topRight.b < 50, "\(name)")
        }
    }

    @Test(arguments: ["baseline", "progressive"])
    func everyTruncationIsRefused(_ fixture: String) throws {
        let jpeg = try #require(Self.damageFixtures.first { $0.0 == fixture }?.1)
        for cut in 3..<jpeg.count {
            do {
                _ = try JPEGCodec.decode(Array(jpeg[0..<cut]), name: "cut.jpg")
                Issue.record("\(fixture) cut at \(cut) of \(jpeg.count) bytes decoded")
            } catch {
                #expect(error.kind == .invalidInput)
                #expect(error.message.hasPrefix("cut.jpg: "))
                if cut >= Self.firstScanData(jpeg) {
                    #expect(error.message == "cut.jpg: truncated JPEG (the data ends early)", "\(fixture) cut at \(cut)")
                }
            }
        }
    }

    @Test(arguments: ["baseline", "progressive"])
    func scanDataBitFlipsAreRefusedOrDecodeCleanly(_ fixture: String) throws {
        let jpeg = try #require(Self.damageFixtures.first { $0.0 == fixture }?.1)
        var refused = 0, flips = 0
        for i in Self.firstScanData(jpeg)..<(jpeg.count - 2) {
            for bit in [0, 3, 7] {
                var bad = jpeg
                bad[i] ^= UInt8(1 << bit)
                flips += 1
                do {
                    let image = try JPEGCodec.decode(bad, name: "flip.jpg")
                    #expect(image.size == PixelSize(width: 48, height: 32))
                } catch {
                    refused += 1
                    #expect(error.kind == .invalidInput)
                    #expect(error.message.hasPrefix("flip.jpg: "))
                    #expect(!error.message.contains("\n"))
                }
            }
        }
        // A flip that breaks a Huffman code or shifts where the scan ends is refused (before,
        // none was: libjpeg only warns). One that still decodes to codes ending at the right
        // place cannot be told from real data: JPEG has no checksum (measured: 108 of the 777
        // flips of the baseline file refused).
        #expect(refused * 10 > flips, "\(fixture): \(refused) of \(flips) bit flips refused")
    }

    @Test func corruptScanDataNamesLibjpegsReason() throws {
        var bad = IOFixtures.baselineGradient48x32
        let start = Self.firstScanData(bad)
        for i in start..<(start + 40) { bad[i] = 0xFF } // runs of 1 bits: no Huffman code is that long
        bad[start + 40] = 0x00
        #expect(throws: SegueError(.invalidInput, "corrupt JPEG data: bad Huffman code", path: "bad.jpg")) {
            try JPEGCodec.decode(bad, name: "bad.jpg")
        }
    }

    /// A 1 KB file claiming 8192×8192 (256 MiB of pixels) is refused as soon as its scan data
    /// runs out, having touched only the memory of the rows decoded until then.
    @Test func headerBombIsRefusedWithoutTouchingTheImage() throws {
        var bomb = IOFixtures.baselineGradient48x32
        let sof = try #require(bomb.indices.first { bomb[$0] == 0xFF && bomb[$0 + 1] == 0xC0 })
        bomb.replaceSubrange((sof + 5)..<(sof + 9), with: [0x20, 0x00, 0x20, 0x00])
        let before = Self.peakResidentBytesReset()
        #expect(throws: SegueError(.invalidInput, "corrupt JPEG data: premature end of data segment", path: "bomb.jpg")) {
            try JPEGCodec.decode(bomb, name: "bomb.jpg")
        }
        let peak = Self.peakResidentBytes()
        if before > 0, peak > 0 { #expect(peak - before < 100 << 20, "peak grew by \((peak - before) >> 20) MiB") }
    }

    /// Resets this process's peak resident size (VmHWM) to the current one and returns it.
    static func peakResidentBytesReset() -> Int {
        try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
        return peakResidentBytes()
    }

    static func peakResidentBytes() -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
              let kb = Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") else { return 0 }
        return kb << 10
    }
}
