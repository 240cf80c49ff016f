import CSegueKernels
import SegueCore

/// How a video stream's 8-bit Y′CbCr 4:2:0 samples mean colours: the matrix and the range
/// ffprobe reports for it. Such a clip comes through the decoder's pipe as YUV (1.5 bytes a
/// pixel at its own size, 3 when swscale resamples it, instead of RGBA's 4) and is converted
/// by `segue_yuv420_to_rgba` or `segue_yuv444_to_rgba`.
///
/// The matrix is the one FFmpeg's `scale` filter applies (`in_color_matrix=auto`,
/// libavfilter/vf_scale.c): the stream's tag, and BT.601 for an untagged stream or a tag it has
/// no coefficients for, so a frame matches what `ffmpeg -pix_fmt rgba` decodes from the same
/// file. The range is full for `yuvj420p` and for streams tagged `pc`, limited otherwise.
public struct YUVFormat: Sendable, Equatable {
    /// The luma weights of R and B (ITU-R BT.601, BT.709 and BT.2020 Table 4, SMPTE 240M,
    /// and FCC's 1953 NTSC); green's is the rest.
    public enum Matrix: String, Sendable, CaseIterable {
        case bt601, bt709, bt2020, smpte240m, fcc

        var kr: Double {
            switch self {
            case .bt601: 0.299
            case .bt709: 0.2126
            case .bt2020: 0.2627
            case .smpte240m: 0.212
            case .fcc: 0.30
            }
        }

        var kb: Double {
            switch self {
            case .bt601: 0.114
            case .bt709: 0.0722
            case .bt2020: 0.0593
            case .smpte240m: 0.087
            case .fcc: 0.11
            }
        }
    }

    /// FFmpeg's name for the samples' layout: `yuv420p`, or `yuvj420p` (full range by name).
    public let pixelFormat: String
    public let matrix: Matrix
    public let fullRange: Bool

    /// The format of a stream ffprobe describes with `pix_fmt`, `color_space` and
    /// `color_range`; nil unless its samples are 8-bit 4:2:0 without alpha (other layouts come
    /// as RGBA from ffmpeg's own converter).
    public init?(pixelFormat: String?, colorSpace: String?, colorRange: String?) {
        guard let pixelFormat, pixelFormat == "yuv420p" || pixelFormat == "yuvj420p" else { return nil }
        self.pixelFormat = pixelFormat
        matrix = switch colorSpace {
        case "bt709": .bt709
        case "bt2020nc", "bt2020c": .bt2020
        case "smpte240m": .smpte240m
        case "fcc": .fcc
        default: .bt601
        }
        fullRange = pixelFormat == "yuvj420p" || colorRange == "pc"
    }

    /// How many chroma samples a frame has: FFmpeg's `yuv420p` (one per 2×2 block, the
    /// source's own) or `yuv444p` (one per pixel, what swscale makes when it resamples).
    public enum Chroma: Sendable, Equatable {
        case subsampled, full

        /// Samples in each chroma plane of a `size` frame.
        func planeCount(_ size: PixelSize) -> Int {
            switch self {
            case .subsampled: (size.width + 1) / 2 * ((size.height + 1) / 2)
            case .full: size.pixelCount
            }
        }

        /// Bytes of one `rawvideo` frame: the luma plane, then the two chroma planes.
        func frameBytes(_ size: PixelSize) -> Int { size.pixelCount + 2 * planeCount(size) }
    }

    /// `planes`, one `rawvideo` frame of `frame`'s size with `chroma`'s planes (luma, then Cb
    /// and Cr), as opaque RGBA into `frame`. False, with `frame` untouched, when `planes` holds
    /// a frame of another size.
    func convert(_ planes: [UInt8], chroma: Chroma, into frame: inout PixelBuffer) -> Bool {
        let size = frame.size
        guard planes.count == chroma.frameBytes(size), frame.bytes.count == size.pixelCount * 4 else { return false }
        let lumaCount = size.pixelCount, chromaCount = chroma.planeCount(size)
        var k = coefficients
        planes.withUnsafeBufferPointer { yuv in
            frame.bytes.withUnsafeMutableBufferPointer { rgba in
                guard let luma = yuv.baseAddress, let out = rgba.baseAddress else { return }
                let (cb, cr) = (luma + lumaCount, luma + lumaCount + chromaCount)
                switch chroma {
                case .subsampled: segue_yuv420_to_rgba(out, luma, cb, cr, size.width, size.height, &k)
                case .full: segue_yuv444_to_rgba(out, luma, cb, cr, size.pixelCount, &k)
                }
            }
        }
        frame.markOpaque()
        return true
    }

    /// `in_range`/`out_range` for FFmpeg's `scale` filter: this range kept when it resamples
    /// (left alone, swscale would make full range limited).
    var rangeName: String { fullRange ? "full" : "limited" }

    /// The matrix and range in the conversion kernels' fixed point (14 fraction bits).
    /// Limited range spans 16…235 for luma and 16…240 for chroma (ITU-R BT.601 and BT.709).
    var coefficients: segue_yuv_coefficients {
        let (kr, kb) = (matrix.kr, matrix.kb)
        let kg = 1 - kr - kb
        let yScale = fullRange ? 1 : 255.0 / 219, cScale = fullRange ? 1 : 255.0 / 224
        func fixed(_ x: Double) -> Int32 { Int32((x * 16384).rounded()) }
        return segue_yuv_coefficients(
            yOffset: fullRange ? 0 : 16, yScale: fixed(yScale),
            crToR: fixed(2 * (1 - kr) * cScale),
            cbToG: fixed(-2 * (1 - kb) * kb / kg * cScale),
            crToG: fixed(-2 * (1 - kr) * kr / kg * cScale),
            cbToB: fixed(2 * (1 - kb) * cScale))
    }
}
