import Foundation
import SegueCore

/// What a file used where a snapshot goes is: a still image or a video, and its displayed size.
public struct MediaInfo: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        case still, video
    }

    public let kind: Kind
    /// Displayed size: after rotation metadata (±90° swaps the sides) and, for video stored
    /// with non-square pixels, the pixel aspect ratio (the width scaled by it).
    public let width: Int
    public let height: Int
    /// Seconds; nil for a still, and for a video whose container does not say (a raw H.264
    /// stream).
    public let duration: Double?
    /// Average frames per second; nil for a still.
    public let frameRate: Double?
    public let hasAudio: Bool
    /// The first sound stream's sample rate (the one ffmpeg mixes), when ffprobe tells it.
    public let soundRate: Int?
    /// What a video's samples mean when they are 8-bit YUV 4:2:0 of square pixels; nil for
    /// other layouts, non-square pixels and stills.
    public let yuv: YUVFormat?
    /// False for an elementary stream with no container (a raw `.h264` file): nothing to seek
    /// by, so it is read from its start, and its `duration` is its counted frames at its rate.
    public let seekable: Bool

    public var size: PixelSize { PixelSize(width: width, height: height) }

    public init(kind: Kind, width: Int, height: Int, duration: Double?, frameRate: Double?, hasAudio: Bool, yuv: YUVFormat? = nil,
                seekable: Bool = true, soundRate: Int? = nil) {
        (self.kind, self.width, self.height) = (kind, width, height)
        (self.duration, self.frameRate, self.hasAudio, self.yuv, self.seekable) = (duration, frameRate, hasAudio, yuv, seekable)
        self.soundRate = soundRate
    }

    /// A clip's or bed's sound refused when its rate is one ffmpeg cannot resample faithfully
    /// (`Limits.soundRate`): `.invalidInput` naming the file and its rate.
    public static func checkSoundRate(_ rate: Int?, path: String) throws(SegueError) {
        guard let rate, let problem = Limits.soundRate.problem(rate) else { return }
        throw SegueError(.invalidInput, "its sound is sampled at \(rate) Hz: \(problem) to be resampled faithfully to "
                         + "\(AudioTrack.sampleRate) Hz (convert it first, e.g. ffmpeg -ar 48000)", path: path)
    }
}

/// Tells stills from video clips by content, never by extension.
///
/// A PNG or JPEG (by magic bytes, `ImageFile.Format`) is one of Segue's own snapshots: decoded
/// by `ImageFile` (so a damaged one fails here, with `ImageFile`'s message), a still with no
/// audio, ffprobe never asked. Anything else is described by `ffprobe`. Its first video stream
/// that is not cover art or a thumbnail (the stream `ffmpeg -map 0:V:0` decodes,
/// `VideoClipDecoder`) is the picture; a file without one is refused. That stream is a still
/// when FFmpeg reads the file with an image demuxer (`image2`, `image2pipe`, `<codec>_pipe`:
/// WebP, BMP, TIFF …) or the container counts exactly one frame (a one-frame GIF or MP4);
/// otherwise a video.
public enum MediaProbe {
    /// ffprobe's JSON for an ordinary file is a few KiB per stream; more than this is not a
    /// file worth describing (thousands of streams) and is refused, not read.
    static let maxReportBytes = 4 << 20
    /// ffprobe reads a few MB of a file (its `probesize` and `analyzeduration`): a tenth of a
    /// second for an ordinary one. A file it is still reading after this long (a crafted
    /// stream, a stalled network mount) is refused rather than waited on.
    static let timeLimit = 60.0

    /// The file's kind, displayed size, duration, frame rate and whether it has sound. A
    /// missing or unreadable file, a folder, a FIFO or a device is `.missingInput` (66);
    /// a file that neither Segue's decoders nor ffprobe read, or that has no video, is
    /// `.invalidInput` (65) with ffprobe's last line; no ffprobe on `PATH` is `.ffmpegMissing`
    /// (69). Every message is one line naming `path`.
    public static func probe(_ path: String) throws(SegueError) -> MediaInfo {
        let head = try InputFile.prefix(path, count: PNGCodec.signature.count)
        guard !head.isEmpty else { throw SegueError(.invalidInput, "empty file (0 bytes)", path: path) }
        if ImageFile.Format(sniffing: head) != nil {
            let image = try ImageFile.load(path)
            return MediaInfo(kind: .still, width: image.width, height: image.height, duration: nil, frameRate: nil, hasAudio: false)
        }
        return try describe(report(path), path: path)
    }

    /// Probes the files among `paths` that ffprobe describes, as many at once as there are
    /// cores, so that the `probe` calls that follow find them in `ProbeCache`. Failures are
    /// left for those calls to report, in their order and with their context.
    public static func prefetch(_ paths: [String]) {
        let unread = Array(Set(paths.filter { (try? readBySegue($0)) == false }))
        DispatchQueue.concurrentPerform(iterations: unread.count) { _ = try? report(unread[$0]) }
    }

    /// ffprobe's description of `path`, from `ProbeCache` when the file has not changed since
    /// it was last probed.
    static func report(_ path: String) throws(SegueError) -> FFprobeReport {
        let identity = ProbeCache.identity(path)
        if let identity, let known = ProbeCache.report(for: identity) { return known }
        var report = try decodeReport(runFFprobe(path), path: path)
        try countPacketsWhenUntimed(&report, path: path)
        if let identity { ProbeCache.remember(report, for: identity) }
        return report
    }

    /// A video stream whose container says no duration (a raw H.264 or HEVC stream) has its
    /// packets counted by ffprobe reading it through (demuxing only, no decoding; under the
    /// same time limit), so that its length is known before any frame is drawn.
    private static func countPacketsWhenUntimed(_ report: inout FFprobeReport, path: String) throws(SegueError) {
        guard let index = report.streams?.firstIndex(where: isPicture), let video = report.streams?[index],
              !isStill(video, format: report.format), duration(video, report.format) == nil else { return }
        let counted = try decodeReport(runFFprobe(path, arguments: ["-count_packets", "-select_streams", "V:0",
                                                                    "-show_entries", "stream=nb_read_packets"]), path: path)
        report.streams?[index].nbReadPackets = counted.streams?.first?.nbReadPackets
    }

    /// A file named as a snapshot or as a clip may be meant as either: the message says both.
    static let unreadable = "not a PNG or JPEG image, nor a video FFmpeg reads"

    /// Whether `path` is a still or a video, from its first bytes when Segue's own decoders
    /// read it (without decoding it), else as `probe` finds.
    public static func kind(_ path: String) throws(SegueError) -> MediaInfo.Kind {
        try readBySegue(path) ? .still : probe(path).kind
    }

    /// Whether `path` has a sound stream (an audio bed needs one; a sound-only file is fine),
    /// and its sample rate.
    public static func sound(_ path: String) throws(SegueError) -> (present: Bool, rate: Int?) {
        if try readBySegue(path) { return (false, nil) }
        guard let audio = try report(path).streams?.first(where: { $0.codecType == "audio" }) else { return (false, nil) }
        return (true, audio.sampleRate.flatMap { Int($0) })
    }

    /// Whether Segue's own decoders read `path` (a PNG or JPEG, by its first bytes; its colour
    /// profile is then honoured): other stills are decoded by ffmpeg, as clips are.
    public static func readBySegue(_ path: String) throws(SegueError) -> Bool {
        ImageFile.Format(sniffing: try InputFile.prefix(path, count: PNGCodec.signature.count)) != nil
    }

    /// What `report` says, as `MediaInfo`.
    static func describe(_ report: FFprobeReport, path: String) throws(SegueError) -> MediaInfo {
        let streams = report.streams ?? []
        guard let video = streams.first(where: isPicture) else {
            let what = streams.contains { $0.codecType == "audio" } ? "sound only" : "no picture"
            throw SegueError(.invalidInput, "has no video stream (\(what)); a clip or snapshot needs a picture", path: path)
        }
        guard let storedWidth = video.width, let storedHeight = video.height, storedWidth > 0, storedHeight > 0 else {
            throw SegueError(.invalidInput, "\(unreadable) (ffprobe finds a picture of no size)", path: path)
        }
        let pixelAspect = ratio(video.sampleAspectRatio, separator: ":") ?? 1
        var width = max(1, Int((Double(storedWidth) * pixelAspect).rounded())), height = storedHeight
        if turnsSideways(video) { swap(&width, &height) }
        let sound = streams.first { $0.codecType == "audio" }
        let hasAudio = sound != nil
        let soundRate = sound?.sampleRate.flatMap { Int($0) }
        if isStill(video, format: report.format) {
            return MediaInfo(kind: .still, width: width, height: height, duration: nil, frameRate: nil, hasAudio: hasAudio,
                             soundRate: soundRate)
        }
        let frameRate = ratio(video.avgFrameRate, separator: "/") ?? ratio(video.rFrameRate, separator: "/")
        let given = duration(video, report.format)
        let counted = frameRate.flatMap { rate in video.nbReadPackets.flatMap(Double.init).map { $0 / rate } }
        return MediaInfo(kind: .video, width: width, height: height, duration: given ?? counted.flatMap { $0 > 0 ? $0 : nil },
                         frameRate: frameRate, hasAudio: hasAudio,
                         yuv: pixelAspect == 1 ? YUVFormat(pixelFormat: video.pixFmt, colorSpace: video.colorSpace, colorRange: video.colorRange) : nil,
                         seekable: given != nil, soundRate: soundRate)
    }

    /// The stream `-map 0:V:0` decodes: the first video stream that is not cover art or a
    /// thumbnail.
    private static func isPicture(_ stream: FFprobeReport.Stream) -> Bool {
        stream.codecType == "video" && stream.disposition?.attachedPic != 1 && stream.disposition?.timedThumbnails != 1
    }

    /// The stream's duration, else the container's, when either says one.
    private static func duration(_ video: FFprobeReport.Stream, _ format: FFprobeReport.Format?) -> Double? {
        [video.duration, format?.duration].lazy.compactMap { $0.flatMap(Double.init) }.first { $0.isFinite && $0 > 0 }
    }

    /// Read by an image demuxer, or one frame counted.
    private static func isStill(_ video: FFprobeReport.Stream, format: FFprobeReport.Format?) -> Bool {
        let demuxer = format?.formatName ?? ""
        return demuxer == "image2" || demuxer == "image2pipe" || demuxer.hasSuffix("_pipe") || video.nbFrames == "1"
    }

    /// Rotation metadata of a quarter turn either way: the display matrix's rotation, else the
    /// `rotate` tag. ffmpeg turns such frames upright when decoding (`-autorotate`, on by
    /// default), so the displayed sides are swapped.
    private static func turnsSideways(_ video: FFprobeReport.Stream) -> Bool {
        let degrees = video.sideDataList?.lazy.compactMap(\.rotation).first ?? video.tags?["rotate"].flatMap(Double.init) ?? 0
        guard degrees.isFinite else { return false }
        let quarterTurns = Int((degrees.truncatingRemainder(dividingBy: 360) / 90).rounded()) & 3
        return quarterTurns == 1 || quarterTurns == 3
    }

    /// `num/den` (or `num:den`) as a positive finite number; nil for `0/0`, `0:1` and the like.
    private static func ratio(_ text: String?, separator: Character) -> Double? {
        guard let parts = text?.split(separator: separator), parts.count == 2,
              let num = Double(parts[0]), let den = Double(parts[1]), num > 0, den > 0 else { return nil }
        let value = num / den
        return value.isFinite ? value : nil
    }

    /// ffprobe's JSON description of the file at `path`, decoded.
    static func decodeReport(_ json: [UInt8], path: String) throws(SegueError) -> FFprobeReport {
        do {
            let decoder = JSONDecoder()
            decoder.keyDecodingStrategy = .convertFromSnakeCase
            return try decoder.decode(FFprobeReport.self, from: Data(json))
        } catch {
            throw SegueError(.invalidInput, "ffprobe's description of it is not the JSON ffprobe writes", path: path)
        }
    }

    /// `ffprobe ARGUMENTS` (`-show_streams -show_format`) as JSON: its output read to the end (at most
    /// `maxReportBytes`, within `timeLimit` seconds), then its exit waited for, so that
    /// neither side waits on the other.
    static func runFFprobe(_ path: String, arguments: [String] = ["-show_streams", "-show_format"],
                           timeLimit: Double = timeLimit) throws(SegueError) -> [UInt8] {
        let ffprobe = try FFmpegTools.required("ffprobe", for: path)
        let child = try ChildProcess(ffprobe, ["-v", "error", "-print_format", "json"] + arguments + FFmpegTools.inputArguments(path),
                                     stdout: .pipe, name: path)
        defer { try? child.output?.close() }
        let json: [UInt8]
        switch readAll(child.output?.fileDescriptor ?? -1, limit: maxReportBytes, seconds: timeLimit) {
        case .complete(let bytes):
            json = bytes
        case .tooLong:
            child.kill()
            throw SegueError(.invalidInput, "ffprobe's description of it is over \(maxReportBytes >> 20) MiB", path: path)
        case .overTime:
            child.kill()
            throw SegueError(.invalidInput, "ffprobe was still reading it after \(readable(timeLimit)) s; not a file to wait on", path: path)
        }
        let end = child.wait()
        guard end.succeeded else {
            let reason = child.lastErrorLine().map { FFmpegTools.reason($0, path: path) } ?? "ffprobe exit status \(end.status)"
            throw SegueError(.invalidInput, "\(unreadable): \(reason)", path: path)
        }
        return json
    }

    private enum Reading {
        case complete([UInt8]), tooLong, overTime
    }

    /// Everything until end of file, unless it passes `limit` bytes or takes longer than
    /// `seconds` (each wait for more is a `poll` bounded by the time left).
    private static func readAll(_ fd: Int32, limit: Int, seconds: Double) -> Reading {
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(seconds * 1e9)
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let now = DispatchTime.now().uptimeNanoseconds
            guard now < deadline else { return .overTime }
            var ready = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let waited = poll(&ready, 1, Int32(min(Int(Int32.max), Int((deadline - now + 999_999) / 1_000_000))))
            if waited < 0 && errno == EINTR { continue }
            if waited == 0 { return .overTime }
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return .complete(bytes) }
            bytes += chunk[..<n]
            if bytes.count > limit { return .tooLong }
        }
    }
}
