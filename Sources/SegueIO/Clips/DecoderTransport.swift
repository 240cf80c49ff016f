import SegueCore

extension VideoClipDecoder {
    /// How a clip's frames cross the pipe from ffmpeg.
    enum Transport: Equatable {
        /// Premultiplied here after swscale's conversion: any layout, alpha, and every clip
        /// that is resampled to fit (swscale scales and converts in one pass, keeping the
        /// source's chroma detail that a 4:2:0 frame of the canvas's size would halve).
        case rgba
        /// The source's own 8-bit 4:2:0 samples, converted here.
        case yuv(YUVFormat)

        /// YUV when the probe found 8-bit 4:2:0 samples of square pixels whose displayed size
        /// is the canvas's: every fit is then the identity and nothing is resampled. RGBA
        /// otherwise, or when the source is not described.
        static func choose(source: MediaInfo?, size: PixelSize) -> Transport {
            guard let source, source.kind == .video, let format = source.yuv, source.size == size else { return .rgba }
            return .yuv(format)
        }

        /// The `-pix_fmt` ffmpeg writes.
        var pixelFormat: String {
            switch self {
            case .rgba: "rgba"
            case .yuv(let format): format.pixelFormat
            }
        }

        var isYUV: Bool { self != .rgba }
    }
}
