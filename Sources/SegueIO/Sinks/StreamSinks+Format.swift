import SegueCore

/// What a sink needs to know of the frames it will be given, before the first one.
public struct FrameStream: Sendable {
    public var size: PixelSize
    public var fps: Double
    public var frameCount: Int
    /// The numbers' colour space: PNG and video outputs are tagged with it.
    public var colorSpace: ColorSpace
    /// The sound a video container carries beside the frames.
    public var audio: AudioTrack?
    /// The user's encoder options (a video container's).
    public var encoder = EncoderSettings()

    public init(size: PixelSize, fps: Double, frameCount: Int, colorSpace: ColorSpace, audio: AudioTrack? = nil) {
        self.size = size
        self.fps = fps
        self.frameCount = frameCount
        self.colorSpace = colorSpace
        self.audio = audio
    }
}

extension OutputFormat {
    /// The sink that writes this format to `path`, for every format that is one stream (a PNG
    /// folder is the job's: its lock, journal and manifest go with `--resume`). Adding an output
    /// format is a case of `OutputFormat` and its line here. `notice`: one-line messages for
    /// stderr before the first frame (frames a GIF leaves out, an encode's cost).
    public func streamSink(path: String, stream: FrameStream, sheet: ContactSheetSink.Layout,
                           notice: (String) -> Void) throws(SegueError) -> any FrameSink {
        switch self {
        case .raw: return try RawVideoSink(path: path)
        case .y4m: return try Y4MSink(path: path, fps: stream.fps)
        case .apng:
            return try APNGSink(path: path, size: stream.size, fps: stream.fps, frameCount: stream.frameCount, colorSpace: stream.colorSpace)
        case .mp4, .webm, .gif, .mov, .webp:
            guard let container = videoContainer else { throw SegueError(.internalError, "no container for \(self)") }
            let video = try FFmpegSink(path: path, container: container, size: stream.size, fps: stream.fps,
                                       frameCount: stream.frameCount, colorSpace: stream.colorSpace, audio: stream.audio,
                                       settings: stream.encoder)
            if let note = video.note { notice(note) }
            return video
        case .contact:
            if let problem = ContactSheetSink.sizeProblem(frameSize: stream.size, frameCount: stream.frameCount, layout: sheet) {
                throw SegueError(.invalidInput, problem, path: path)
            }
            return ContactSheetSink(path: path, frameCount: stream.frameCount, layout: sheet, colorSpace: stream.colorSpace)
        case .png:
            throw SegueError(.internalError, "a PNG folder is not one stream")
        }
    }
}
