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
    /// clamped; with 4:2:0, odd sizes take the last column's and row's chroma from their own
    /// block.
    @Test(arguments: formats, [(PixelSize(width: 7, height: 5), YUVFormat.Chroma.subsampled),
                               (PixelSize(width: 64, height: 2), .subsampled), (PixelSize(width: 7, height: 5), .full)])
    func matchesTheEquations(format: YUVFormat, layout: (size: PixelSize, chroma: YUVFormat.Chroma)) {
        let (size, chroma) = layout
        var random = SystemRandomNumberGenerator()
        let chromaWidth = chroma == .full ? size.width : (size.width + 1) / 2
        var planes = (0..<chroma.frameBytes(size)).map { _ in UInt8.random(in: 0...255, using: &random) }
        // The corners of the code space: black, white, the range's ends and full chroma.
        for (i, value) in [0, 16, 235, 255, 128].enumerated() { planes[i] = UInt8(value) }
        var frame = PixelBuffer(size: size)
        #expect(format.convert(planes, chroma: chroma, into: &frame))
        #expect(frame.isOpaque)
        var worst = 0.0
        for y in 0..<size.height {
            for x in 0..<size.width {
                let c = chroma == .full ? y * size.width + x : (y / 2) * chromaWidth + x / 2
                let (r, g, b) = reference(y: planes[y * size.width + x], cb: planes[size.pixelCount + c],
                                          cr: planes[size.pixelCount + chroma.planeCount(size) + c], format: format)
                let got = frame[x, y]
                #expect(got.a == 255)
                for (value, want) in [(got.r, r), (got.g, g), (got.b, b)] {
                    worst = max(worst, abs(Double(value) - min(255, max(0, want))))
                }
            }
        }
        #expect(worst <= 0.52, "\(format.matrix) full \(format.fullRange) \(size) \(chroma): \(worst) levels off")
    }

    @Test func refusesPlanesOfAnotherSize() {
        let format = YUVFormat(pixelFormat: "yuv420p", colorSpace: nil, colorRange: nil)!
        var frame = PixelBuffer(size: PixelSize(width: 4, height: 4))
        #expect(!format.convert([UInt8](repeating: 0, count: 23), chroma: .subsampled, into: &frame))
        #expect(!format.convert([UInt8](repeating: 0, count: 24), chroma: .full, into: &frame))
        #expect(frame == PixelBuffer(size: PixelSize(width: 4, height: 4)))
        #expect(YUVFormat.Chroma.subsampled.frameBytes(PixelSize(width: 5, height: 3)) == 15 + 2 * 3 * 2)
        #expect(YUVFormat.Chroma.full.frameBytes(PixelSize(width: 5, height: 3)) == 45)
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

    /// The source's own 4:2:0 crosses when nothing is resampled; 4:4:4 when the fitted clip
    /// covers the canvas; RGBA when it leaves transparent bars or is not 8-bit 4:2:0.
    @Test func transportFollowsTheFit() {
        let yuv = YUVFormat(pixelFormat: "yuv420p", colorSpace: nil, colorRange: nil)!
        let clip = MediaInfo(kind: .video, width: 320, height: 240, duration: 2, frameRate: 30, hasAudio: false, yuv: yuv)
        let own = PixelSize(width: 320, height: 240), half = PixelSize(width: 160, height: 120), wide = PixelSize(width: 200, height: 100)
        typealias Transport = VideoClipDecoder.Transport
        for fit in FitMode.allCases { #expect(Transport.choose(source: clip, size: own, fit: fit) == .yuv(yuv, .subsampled)) }
        #expect(Transport.choose(source: clip, size: wide, fit: .cover) == .yuv(yuv, .full))
        #expect(Transport.choose(source: clip, size: wide, fit: .stretch) == .yuv(yuv, .full))
        #expect(Transport.choose(source: clip, size: half, fit: .contain) == .yuv(yuv, .full))
        #expect(Transport.choose(source: clip, size: wide, fit: .contain) == .rgba)
        #expect(Transport.choose(source: nil, size: own, fit: .cover) == .rgba)
        let tenBit = MediaInfo(kind: .video, width: 320, height: 240, duration: 2, frameRate: 30, hasAudio: false)
        #expect(Transport.choose(source: tenBit, size: own, fit: .cover) == .rgba)
        #expect(Transport.yuv(yuv, .full).pixelFormat == "yuv444p" && Transport.yuv(yuv, .subsampled).pixelFormat == "yuv420p")
    }
}
