import SegueCore

/// The last check of a finished file with sound, before it gets its name: its sound and its
/// pictures begin together and end together, as `AudioTrack` placed them. A file that fails
/// is not written. ffmpeg reports no error for sound it could not place (a track resampled
/// from an absurd rate came out 0.008 s long with timestamps near 5.9e9 s), so the file
/// itself is asked, by ffprobe: each stream's start and end (its start and duration, or where
/// Matroska and WebM say it ends, their `DURATION` tag).
enum SoundAlignment {
    /// Streams may differ by a video frame, or by an audio codec's frame (AAC: 1024 samples,
    /// Opus: 20 ms, with its pre-skip), whichever is longer.
    static func tolerance(fps: Double?) -> Double { max(fps.map { 1 / $0 } ?? 0, 0.03) }

    /// `file` (a temporary, not yet named) holds sound over `0…length` s, and pictures over the
    /// same span when `hasVideo`. Otherwise `.invalidInput` naming `path`, the output.
    static func check(_ file: String, path: String, length: Double, fps: Double?, hasVideo: Bool) throws(SegueError) {
        let report = try MediaProbe.decodeReport(
            MediaProbe.runFFprobe(file, arguments: ["-show_entries", "stream=codec_type,start_time,duration:stream_tags=DURATION"]),
            path: path)
        let streams = report.streams ?? []
        let slack = tolerance(fps: fps)
        func span(_ type: String) -> (start: Double, end: Double)? {
            guard let stream = streams.first(where: { $0.codecType == type }) else { return nil }
            let start = stream.startTime.flatMap(Double.init) ?? 0
            if let duration = stream.duration.flatMap(Double.init) { return (start, start + duration) }
            return stream.tags?["DURATION"].flatMap(seconds).map { (start, $0) }
        }
        var spans = [("sound", span("audio"))]
        if hasVideo { spans.append(("pictures", span("video"))) }
        for (what, found) in spans {
            guard let found, found.start.isFinite, found.end.isFinite, abs(found.start) <= slack, abs(found.end - length) <= slack else {
                let said = spans.map { name, s in "\(name) " + (s.map { "\(readable($0.start))–\(readable($0.end)) s" } ?? "missing") }
                throw SegueError(.invalidInput, "its \(what) \(what == "sound" ? "does" : "do") not span the output's 0–\(readable(length)) s (\(said.joined(separator: ", "))): "
                                 + "not written", path: path)
            }
        }
    }

    /// `HH:MM:SS.fffffffff` (Matroska's `DURATION` tag) in seconds.
    static func seconds(_ text: String) -> Double? {
        let parts = text.split(separator: ":")
        guard parts.count == 3, let h = Double(parts[0]), let m = Double(parts[1]), let s = Double(parts[2]) else { return nil }
        return h * 3600 + m * 60 + s
    }
}
