import SegueCore

extension VideoClipDecoder {
    /// How a clip's frames cross the pipe from ffmpeg.
    enum Transport: Equatable {
        /// Premultiplied here after swscale's conversion: any layout, alpha, and contain's
        /// transparent bars.
        case rgba
        /// YUV converted here: the source's own 8-bit 4:2:0 samples at the canvas's size
        /// (`.subsampled`), or, for a clip resampled to fit, swscale's 4:4:4 at the canvas's
        /// size (`.full`: swscale scales the chroma planes up as it scales them, keeping the
        /// source's chroma detail that 4:2:0 at the canvas's size would halve).
        case yuv(YUVFormat, YUVFormat.Chroma)

        /// YUV when the probe found 8-bit 4:2:0 samples of square pixels and the fitted frame
        /// leaves no part of the canvas uncovered: at the canvas's size every fit is the
        /// identity and the source's own samples cross; otherwise cover and stretch, and
        /// contain when the clip has the canvas's shape, cross as 4:4:4. RGBA otherwise, or when
        /// the source is not described.
        static func choose(source: MediaInfo?, size: PixelSize, fit: FitMode) -> Transport {
            guard let source, source.kind == .video, let format = source.yuv else { return .rgba }
            if source.size == size { return .yuv(format, .subsampled) }
            if fit == .contain, source.width * size.height != source.height * size.width { return .rgba }
            return .yuv(format, .full)
        }

        /// The `-pix_fmt` ffmpeg writes.
        var pixelFormat: String {
            switch self {
            case .rgba: "rgba"
            case .yuv(let format, .subsampled): format.pixelFormat
            case .yuv(_, .full): "yuv444p"
            }
        }

        /// Bytes of one `size` frame in the pipe.
        func frameBytes(_ size: PixelSize) -> Int {
            switch self {
            case .rgba: size.pixelCount * 4
            case .yuv(_, let chroma): chroma.frameBytes(size)
            }
        }
    }
}
