import Foundation
import SegueCore
@testable import SegueIO
import SegueTestSupport
import Testing

/// The `fast` writer (`CSegueFastPNG`) against two decoders that share none of its code:
/// libpng (`PNGCodec.decode`) and ffmpeg's PNG decoder. Frames cover what the writer treats
/// apart: opaque (RGB), translucent (straight RGBA) and mixed rows, flat areas (zero runs
/// coded as matches, of every remainder), odd widths and single pixels.
extension SegueIOTests {
    /// Frames whose encodings are checked, by name.
    static func fastPNGFrames() -> [(String, PixelBuffer)] {
        var frames: [(String, PixelBuffer)] = [
            ("opaque noise, odd width", TestImages.noise(width: 301, height: 67, seed: 1, opaque: true)),
            ("translucent noise", TestImages.noise(width: 256, height: 33, seed: 2)),
            ("ui: flat, transparent and translucent areas", TestImages.ui(200, 120)),
            ("photo", TestImages.photo(97, 61)),
            ("1 pixel, opaque", TestImages.noise(width: 1, height: 1, seed: 3, opaque: true)),
            ("1 pixel, translucent", TestImages.noise(width: 1, height: 1, seed: 4)),
            ("1 pixel, transparent", PixelBuffer(width: 1, height: 1)),
            ("1 column", TestImages.noise(width: 1, height: 50, seed: 5)),
            ("1 row", TestImages.noise(width: 77, height: 1, seed: 6)),
        ]
        // Opaque rows between translucent ones: rows read in place, then un-premultiplied.
        var mixed = TestImages.noise(width: 63, height: 24, seed: 7)
        for y in stride(from: 0, to: mixed.height, by: 3) {
            for x in 0..<mixed.width { mixed.bytes[(y * mixed.width + x) * 4 + 3] = 255 }
        }
        frames.append(("opaque and translucent rows", mixed))
        // Uniform frames: each row after the first is one zero run whose length (3·width + 1
        // less the first word) ends in every remainder of the 258-byte match split.
        for width in [2, 3, 85, 86, 87, 88, 89, 172, 173, 174, 175] {
            var flat = PixelBuffer(width: width, height: 3)
            flat.fill(Color(r: 0.2, g: 0.4, b: 0.6))
            frames.append(("flat \(width)×3", flat))
        }
        return frames
    }

    @Test func fastPNGDecodesExactlyWithLibpng() throws {
        for (name, frame) in Self.fastPNGFrames() {
            let png = try PNGCodec.encode(frame, compression: .fast)
            #expect(png[25] == (frame.isOpaque ? 2 : 6), "\(name)")
            #expect(try PNGCodec.decode(png, name: name) == frame, "\(name)")
        }
    }

    @Test func fastPNGDecodesExactlyWithFFmpeg() throws {
        let dir = TestFiles.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let sink = try PNGSequenceSink(directory: dir, compression: .fast)
        let frames = Self.fastPNGFrames()
        for (index, (_, frame)) in frames.enumerated() { try sink.write(frame, index: index) }
        try sink.finish()
        for (index, (name, frame)) in frames.enumerated() {
            let decoded = try FFmpegDecode.rgba(sink.path(ofFrame: index))
            #expect(decoded == straightRGBA(frame), "\(name)")
        }
    }

    @Test func fastPNGCodesFlatAreasAsRuns() throws {
        var flat = PixelBuffer(width: 1000, height: 1000)
        flat.fill(Color(r: 0.1, g: 0.7, b: 0.3))
        // 3 MB of RGB: literals alone would take at least one bit a byte (375 KB).
        #expect(try PNGCodec.encode(flat, compression: .fast).count < 20_000)
    }

    /// Straight RGBA the way the PNG specification defines it, written out for the test:
    /// `round(c·255/a)`, transparent pixels all zero.
    private func straightRGBA(_ frame: PixelBuffer) -> [UInt8] {
        var out = frame.bytes
        for i in stride(from: 0, to: out.count, by: 4) {
            let a = Int(out[i + 3])
            for c in 0..<3 { out[i + c] = a == 0 ? 0 : UInt8(min(255, (Int(out[i + c]) * 255 + a / 2) / a)) }
        }
        return out
    }

}
