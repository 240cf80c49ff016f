import SegueCore
@testable import SegueIO
import Testing

/// The YUV → RGBA conversion of decoded clips against the matrix equations themselves (ITU-R
/// BT.601, BT.709 and BT.2020, limited and full range), computed here in floating point.
@Suite struct YUVFormatTests {
    /// Straight from the definitions: E′Y, E′Cb, E′Cr from the 8-bit codes, then R′G′B′.
    private func reference(y: UInt8, cb: UInt8, cr: UInt8, format: YUVFormat) -> (Double, Double, Double) {
        let (kr, kb) = (format.matrix.kr, format.matrix.kb)
        let luma = format.fullRange ? Double(y) / 255 : (Double(y) - 16) / 219
        let pb = format.fullRange ? (Double(cb) - 128) / 255 : (Double(cb) - 128) / 224
        let pr = format.fullRange ? (Double(cr) - 128) / 255 : (Double(cr) - 128) / 224
        let r = luma + 2 * (1 - kr) * pr
        let b = luma + 2 * (1 - kb) * pb
        let g = (luma - kr * r - kb * b) / (1 - kr - kb)
        return (r * 255, g * 255, b * 255)
    }

    private static let formats: [YUVFormat] = YUVFormat.Matrix.allCases.flatMap { matrix in
        [("tv", "yuv420p"), ("pc", "yuv420p"), (nil, "yuvj420p")].compactMap { range, layout in
            YUVFormat(pixelFormat: layout, colorSpace: Self.tag(matrix), colorRange: range)
        }
    }

    private static func tag(_ matrix: YUVFormat.Matrix) -> String {
        switch matrix {
        case .bt601: "smpte170m"
        case .bt709: "bt709"
        case .bt2020: "bt2020nc"
        case .smpte240m: "smpte240m"
        case .fcc: "fcc"
        }
    }

    /// Every pixel within half a level (plus the fixed point's rounding) of the equations,
    /// clamped; odd sizes take the last column's and row's chroma from their own block.
    @Test(arguments: formats, [PixelSize(width: 7, height: 5), PixelSize(width: 64, height: 2)])
    func matchesTheEquations(format: YUVFormat, size: PixelSize) {
        var random = SystemRandomNumberGenerator()
        let (cw, ch) = ((size.width + 1) / 2, (size.height + 1) / 2)
        var planes = (0..<YUVFormat.frameBytes(size)).map { _ in UInt8.random(in: 0...255, using: &random) }
        // The corners of the code space: black, white, the range's ends and full chroma.
        for (i, value) in [0, 16, 235, 255, 128].enumerated() { planes[i] = UInt8(value) }
        var frame = PixelBuffer(size: size)
        #expect(format.convert(planes, into: &frame))
        #expect(frame.isOpaque)
        var worst = 0.0
        for y in 0..<size.height {
            for x in 0..<size.width {
                let c = (y / 2) * cw + x / 2
                let (r, g, b) = reference(y: planes[y * size.width + x], cb: planes[size.pixelCount + c],
                                          cr: planes[size.pixelCount + cw * ch + c], format: format)
                let got = frame[x, y]
                #expect(got.a == 255)
                for (value, want) in [(got.r, r), (got.g, g), (got.b, b)] {
                    worst = max(worst, abs(Double(value) - min(255, max(0, want))))
                }
            }
        }
        #expect(worst <= 0.52, "\(format.matrix) full \(format.fullRange) \(size): \(worst) levels off")
    }

    @Test func refusesPlanesOfAnotherSize() {
        let format = YUVFormat(pixelFormat: "yuv420p", colorSpace: nil, colorRange: nil)!
        var frame = PixelBuffer(size: PixelSize(width: 4, height: 4))
        #expect(!format.convert([UInt8](repeating: 0, count: 23), into: &frame))
        #expect(frame == PixelBuffer(size: PixelSize(width: 4, height: 4)))
        #expect(YUVFormat.frameBytes(PixelSize(width: 5, height: 3)) == 15 + 2 * 3 * 2)
    }

    /// What ffprobe's tags mean: swscale's reading of them (FFmpeg's vf_scale.c).
    @Test func readsFFprobesTags() {
        #expect(YUVFormat(pixelFormat: "yuv420p", colorSpace: nil, colorRange: nil)?.matrix == .bt601)
        #expect(YUVFormat(pixelFormat: "yuv420p", colorSpace: "unknown", colorRange: "unknown")?.fullRange == false)
        #expect(YUVFormat(pixelFormat: "yuv420p", colorSpace: "bt709", colorRange: "tv")?.matrix == .bt709)
        #expect(YUVFormat(pixelFormat: "yuv420p", colorSpace: "bt470bg", colorRange: "pc")?.fullRange == true)
        #expect(YUVFormat(pixelFormat: "yuvj420p", colorSpace: "bt2020nc", colorRange: nil)
            == YUVFormat(pixelFormat: "yuvj420p", colorSpace: "bt2020c", colorRange: "pc"))
        #expect(YUVFormat(pixelFormat: "yuvj420p", colorSpace: "gbr", colorRange: nil)?.matrix == .bt601)
        for other in ["yuv420p10le", "yuv444p", "yuva420p", "nv12", "rgb24", nil] {
            #expect(YUVFormat(pixelFormat: other, colorSpace: "bt709", colorRange: "tv") == nil, "\(other ?? "nil")")
        }
    }

    /// YUV crosses the pipe only when nothing is resampled: the clip has the canvas's size.
    @Test func transportNeedsTheCanvasSize() {
        let yuv = YUVFormat(pixelFormat: "yuv420p", colorSpace: nil, colorRange: nil)!
        let clip = MediaInfo(kind: .video, width: 320, height: 240, duration: 2, frameRate: 30, hasAudio: false, yuv: yuv)
        typealias Transport = VideoClipDecoder.Transport
        #expect(Transport.choose(source: clip, size: PixelSize(width: 320, height: 240)) == .yuv(yuv))
        #expect(Transport.choose(source: clip, size: PixelSize(width: 160, height: 120)) == .rgba)
        #expect(Transport.choose(source: nil, size: PixelSize(width: 320, height: 240)) == .rgba)
        let tenBit = MediaInfo(kind: .video, width: 320, height: 240, duration: 2, frameRate: 30, hasAudio: false)
        #expect(Transport.choose(source: tenBit, size: PixelSize(width: 320, height: 240)) == .rgba)
    }
}
