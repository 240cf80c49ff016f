/// The part of `ffprobe -print_format json -show_streams -show_format` that `MediaProbe` reads
/// (FFmpeg's ffprobe documentation; ffprobe prints numbers of the container as strings, and
/// rates as fractions `num/den`). Every field is optional: a container leaves out what it
/// does not know.
struct FFprobeReport: Decodable {
    var streams: [Stream]?
    var format: Format?

    struct Stream: Decodable {
        var codec_type: String?
        var width: Int?
        var height: Int?
        /// `num:den`, the shape of one stored pixel (anamorphic video: not 1:1).
        var sample_aspect_ratio: String?
        var avg_frame_rate: String?
        var r_frame_rate: String?
        var duration: String?
        var nb_frames: String?
        var disposition: Disposition?
        /// Older files and ffmpeg versions: the `rotate` tag, degrees clockwise.
        var tags: [String: String]?
        /// The display matrix's `rotation` (degrees), where ffmpeg 5 and later report it.
        var side_data_list: [SideData]?
    }

    struct Disposition: Decodable {
        var attached_pic: Int?
        var timed_thumbnails: Int?
    }

    struct SideData: Decodable {
        var rotation: Double?
    }

    struct Format: Decodable {
        var format_name: String?
        var duration: String?
    }
}
