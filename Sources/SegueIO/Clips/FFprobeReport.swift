/// The part of `ffprobe -print_format json -show_streams -show_format` that `MediaProbe` reads
/// (FFmpeg's ffprobe documentation; its snake_case keys decoded as camelCase; numbers of the
/// container printed as strings, rates as fractions `num/den`). Every field is optional: a
/// container leaves out what it does not know.
struct FFprobeReport: Decodable, Sendable {
    var streams: [Stream]?
    var format: Format?

    struct Stream: Decodable, Sendable {
        var codecType: String?
        var width: Int?
        var height: Int?
        /// `num:den`, the shape of one stored pixel (anamorphic video: not 1:1).
        var sampleAspectRatio: String?
        var avgFrameRate: String?
        var rFrameRate: String?
        var duration: String?
        var nbFrames: String?
        /// Audio: samples per second.
        var sampleRate: String?
        /// Seconds of the stream's first timestamp.
        var startTime: String?
        /// Packets counted by reading the whole stream (`-count_packets`): asked only of a
        /// video whose container gives no duration (a raw H.264 stream), whose length it is.
        var nbReadPackets: String?
        /// The samples' layout (`yuv420p`, `yuv420p10le`, `rgb24` …) and, for Y′CbCr, its
        /// matrix (`bt709`, `smpte170m` …) and range (`tv`, `pc`); unknown ones left out.
        var pixFmt: String?
        var colorSpace: String?
        var colorRange: String?
        var disposition: Disposition?
        /// Older files and ffmpeg versions: the `rotate` tag, degrees clockwise.
        var tags: [String: String]?
        /// The display matrix's `rotation` (degrees), where ffmpeg 5 and later report it.
        var sideDataList: [SideData]?
    }

    struct Disposition: Decodable, Sendable {
        var attachedPic: Int?
        var timedThumbnails: Int?
    }

    struct SideData: Decodable, Sendable {
        var rotation: Double?
    }

    struct Format: Decodable, Sendable {
        var formatName: String?
        var duration: String?
    }
}
