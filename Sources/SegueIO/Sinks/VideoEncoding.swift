import SegueCore

/// How `FFmpegSink` has ffmpeg encode one video format: everything it is told, per container,
/// in one table (`FFmpegSink.Container.encoding`). Options are from FFmpeg's documentation
/// (ffmpeg-codecs, ffmpeg-formats, ffmpeg-filters).
public struct VideoEncoding: Sendable {
    /// ffmpeg's muxer (`-f`).
    public let muxer: String
    /// The video encoder (`-c:v`); checked before rendering, since an ffmpeg build may lack it.
    public let encoder: String
    /// Whether the encoder gets straight RGBA (`rgba`); otherwise the frame over black, which
    /// is the premultiplied RGB as it is (`rgb0` ignores the fourth byte).
    public let keepsAlpha: Bool
    /// The filter graph applied before encoding (`-filter_complex`, input `[0:v]`), if any.
    public let filter: String?
    /// Used instead of `filter` when that one holds every frame until the last (GIF's palette
    /// for the whole sequence) and they would take more than `heldFramesBudget`: a filter
    /// that holds none, so ffmpeg's memory stays flat however long the output.
    public let boundedFilter: String?
    /// The encoder takes YUV: Segue converts with the BT.709 matrix and tags the stream's
    /// colour (`FFmpegSink.filterGraph`); otherwise it takes RGB.
    public let yuv: Bool
    /// Encoder and muxer options for any destination.
    public let options: [String]
    /// Added when writing a regular file.
    public let fileOptions: [String]
    /// Added when writing a stream (stdout, a FIFO, a device), which cannot be rewound.
    public let streamOptions: [String]
    /// The highest rate the format plays back as timed; a faster sequence keeps evenly spaced
    /// frames (`FrameRateCap`), with the reason shown on stderr.
    public let maxFrameRate: (rate: Double, reason: String)?
    /// How a timeline's sound is encoded (`-c:a` and its options); nil: the format has no audio.
    public let audio: [String]?

    /// The most that frames held by `filter` may take (as RGBA, the form palettegen keeps them
    /// in) before `boundedFilter` replaces it: 64 frames of 1080p.
    public static let heldFramesBudget = 512 << 20

    /// The filter for an output of `frames` frames of `size`.
    public func filter(frames: Int, size: PixelSize) -> String? {
        guard let boundedFilter, frames * size.pixelCount * 4 > Self.heldFramesBudget else { return filter }
        return boundedFilter
    }
}

extension FFmpegSink.Container {
    /// The table.
    public var encoding: VideoEncoding {
        switch self {
        case .mp4:
            // H.264 4:2:0 needs even sides: an odd one is padded by a transparent-black column/row.
            // A file gets its index at the front (`+faststart`), a stream is fragmented.
            VideoEncoding(muxer: "mp4", encoder: "libx264", keepsAlpha: false, filter: "pad=ceil(iw/2)*2:ceil(ih/2)*2",
                          boundedFilter: nil, yuv: true,
                          options: ["-preset", "medium", "-crf", "18", "-pix_fmt", "yuv420p"],
                          fileOptions: ["-movflags", "+faststart"],
                          streamOptions: ["-movflags", "frag_keyframe+empty_moov+default_base_moof"], maxFrameRate: nil,
                          audio: ["-c:a", "aac", "-b:a", "192k"])
        case .webm:
            VideoEncoding(muxer: "webm", encoder: "libvpx-vp9", keepsAlpha: true, filter: nil, boundedFilter: nil, yuv: true,
                          options: ["-crf", "32", "-b:v", "0", "-deadline", "good", "-cpu-used", "4", "-row-mt", "1",
                                    "-pix_fmt", "yuva420p"],
                          fileOptions: [], streamOptions: [], maxFrameRate: nil, audio: ["-c:a", "libopus", "-b:a", "160k"])
        case .gif:
            // One palette for the whole sequence with an entry kept for transparency; pixels under
            // half opaque become transparent (paletteuse's alpha_threshold). ffmpeg holds every
            // frame until palettegen has seen the last, so a GIF too long for that gets a palette
            // per frame (`stats_mode=single`, `new=1`: FFmpeg filters documentation, palettegen
            // and paletteuse). GIF delays are whole centiseconds (GIF89a, Graphic Control
            // Extension) and browsers show one under 2 cs as 10 cs; ffmpeg's muxer rounds each
            // frame's timestamp, so the delays add up.
            VideoEncoding(muxer: "gif", encoder: "gif", keepsAlpha: true,
                          filter: "split[a][b];[a]palettegen=reserve_transparent=1[p];[b][p]paletteuse=alpha_threshold=128",
                          boundedFilter: "split[a][b];[a]palettegen=reserve_transparent=1:stats_mode=single[p];"
                              + "[b][p]paletteuse=alpha_threshold=128:new=1",
                          yuv: false,
                          options: ["-loop", "0"], fileOptions: [], streamOptions: [],
                          maxFrameRate: (50, "GIF frame delays are whole centiseconds and players show 1 cs as 10 cs"), audio: nil)
        case .mov:
            // ProRes 4444 with a 16-bit alpha plane, 10-bit 4:4:4: what editors exchange. A
            // stream is fragmented, as MP4's is (every ProRes frame is a key frame).
            VideoEncoding(muxer: "mov", encoder: "prores_ks", keepsAlpha: true, filter: nil, boundedFilter: nil, yuv: true,
                          options: ["-profile:v", "4444", "-pix_fmt", "yuva444p10le", "-alpha_bits", "16"],
                          fileOptions: [], streamOptions: ["-movflags", "frag_keyframe+empty_moov"], maxFrameRate: nil,
                          audio: ["-c:a", "pcm_s16le"])
        case .webp:
            // Lossy VP8 colour with a lossless alpha plane; delays are whole milliseconds, taken
            // from each frame's timestamp, so they add up.
            VideoEncoding(muxer: "webp", encoder: "libwebp_anim", keepsAlpha: true, filter: nil, boundedFilter: nil, yuv: false,
                          options: ["-quality", "90", "-loop", "0"], fileOptions: [], streamOptions: [], maxFrameRate: nil, audio: nil)
        }
    }
}
