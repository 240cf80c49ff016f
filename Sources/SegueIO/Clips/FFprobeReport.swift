/// The part of `ffprobe -print_format json -show_streams -show_format` that `MediaProbe` reads
/// (FFmpeg's ffprobe documentation; its snake_case keys decoded as camelCase; numbers of the
/// container printed as strings, rates as fractions `num/den`). Every field is optional: a
/// container leaves out what it does not know.
struct FFprobeReport: Decodable {
    var streams: [Stream]?
    var format: Format?

    struct Stream: Decodable {
        var codecType: String?
        var width: Int?
        var height: Int?
        /// `num:den`, the shape of one stored pixel (anamorphic video: not 1:1).
        var sampleAspectRatio: String?
        var avgFrameRate: String?
        var rFrameRate: String?
        var duration: String?
        var nbFrames: String?
        var disposition: Disposition?
        /// Older files and ffmpeg versions: the `rotate` tag, degrees clockwise.
        var tags: [String: String]?
        /// The display matrix's `rotation` (degrees), where ffmpeg 5 and later report it.
        var sideDataList: [SideData]?
    }

    struct Disposition: Decodable {
        var attachedPic: Int?
        var timedThumbnails: Int?
    }

    struct SideData: Decodable {
        var rotation: Double?
    }

    struct Format: Decodable {
        var formatName: String?
        var duration: String?
    }
}
