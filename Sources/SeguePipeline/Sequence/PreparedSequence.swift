import Foundation
import SegueCore
import SegueIO

/// One clip of a prepared sequence: what its file is and which part of it is on screen.
public struct PreparedClip: Sendable {
    public let file: String
    public let media: MediaInfo
    /// Seconds into the file where the clip begins (its trim).
    public let start: Double
    /// Frames on screen at the output rate, transitions included.
    public let frames: Int
    /// A still's pixels, fitted to the canvas in the working space; nil for a video.
    public let still: PixelBuffer?
}

/// A storyboard resolved into everything its frames need before the first one is drawn: every
/// file probed, every still read, every cut's transition prepared, the clips placed on the
/// output's frames (`ClipTimeline`) and the sound laid out (`AudioTrack`). A clip too short for
/// its trim or for the transitions it takes part in is refused here, naming the file, so a
/// render never stops half-way for it.
public struct PreparedSequence: Sendable {
    public let spec: SequenceSpec
    public let size: PixelSize
    public let fps: Double
    public let colorSpace: ColorSpace
    public let clips: [PreparedClip]
    /// The transition at each cut; its two sides are the clips' frames of the moment.
    public let cuts: [PreparedCut]
    public let timeline: ClipTimeline
    /// The output's sound: the clips' own, crossfaded at the cuts, and the bed; nil when no
    /// input has any.
    public let audio: AudioTrack?

    public init(_ spec: SequenceSpec) throws(SegueError) {
        self.spec = spec
        let file = spec.file
        func failure(_ error: SegueError, _ place: String) -> SegueError {
            SegueError(error.kind == .usage ? .invalidInput : error.kind, "\(file): \(place): \(error.message)")
        }
        if let bed = spec.audio {
            do throws(SegueError) {
                let sound = try MediaProbe.sound(bed.file)
                guard sound.present else { throw SegueError(.invalidInput, "has no sound", path: bed.file) }
                try MediaInfo.checkSoundRate(sound.rate, path: bed.file)
            } catch {
                throw failure(error, "audio: key \"file\"")
            }
        }
        // PNG and JPEG stills are read here, once (`auto` needs each one's colour space before
        // any is converted); anything else is described by ffprobe.
        var media: [MediaInfo] = []
        var snapshots: [Snapshot?] = []
        MediaProbe.prefetch(spec.clips.map(\.file))
        for (i, clip) in spec.clips.enumerated() {
            do throws(SegueError) {
                if try MediaProbe.readBySegue(clip.file) {
                    let snapshot = try ImageFile.snapshot(clip.file)
                    snapshots.append(snapshot)
                    media.append(MediaInfo(kind: .still, width: snapshot.size.width, height: snapshot.size.height, duration: nil,
                                           frameRate: nil, hasAudio: false))
                } else {
                    snapshots.append(nil)
                    let info = try MediaProbe.probe(clip.file)
                    try MediaInfo.checkSoundRate(info.soundRate, path: clip.file)
                    media.append(info)
                }
            } catch {
                throw failure(error, "clip \(i + 1)")
            }
        }
        // The output's rate: the spec's, else the first video's, else 30.
        let fps = spec.fps ?? media.compactMap(\.frameRate).first.map { Self.usableRate($0) } ?? 30
        self.fps = fps
        let size = spec.size ?? PixelSize(width: media[0].width, height: media[0].height)
        if let problem = TransitionRequest.problem(size: size) { throw .invalidInput("\(file): clip 1 sets the size: \(problem); give size") }
        self.size = size

        // Video frames, and stills ffmpeg decodes, count as sRGB.
        let space = spec.colorSpace.resolved(snapshots: snapshots.map { $0.map(\.colorSpace) ?? .srgb })
        colorSpace = space

        var cuts: [PreparedCut] = []
        for (i, var request) in spec.transitions.enumerated() {
            request.fps = fps
            request.fit = spec.fit
            request.scale = request.scale ?? spec.scale
            // `auto` infers the scale as `render` does, from the incoming side's own size and the
            // fit's magnification onto the canvas.
            let incoming = media[min(i + 1, media.count - 1)]
            do throws(SegueError) {
                cuts.append(try PreparedCut(request, size: size, sideSize: PixelSize(width: incoming.width, height: incoming.height)))
            } catch {
                throw failure(error, "transition \(i + 1)")
            }
        }
        self.cuts = cuts
        let cutFrames = cuts.map { $0.frameCount - 1 }

        var clips: [PreparedClip] = []
        for (i, clip) in spec.clips.enumerated() {
            let before = i > 0 ? cutFrames[i - 1] : 0
            let after = i < cutFrames.count ? cutFrames[i] : 0
            let frames: Int
            do throws(SegueError) {
                frames = try Self.frames(of: clip, media: media[i], fps: fps, transitions: before + after,
                                         offset: i == 0 ? spec.offset : nil, isLast: i == spec.clips.count - 1)
            } catch {
                throw failure(error, "clip \(i + 1) (\(clip.file))")
            }
            var still: PixelBuffer?
            do throws(SegueError) {
                if let snapshot = snapshots[i] {
                    still = try snapshot.frame(in: space, size: size, fit: spec.fit)
                } else if media[i].kind == .still {
                    still = try Self.decodedStill(clip.file, size: size, fit: spec.fit, space: space)
                }
            } catch {
                throw failure(error, "clip \(i + 1)")
            }
            clips.append(PreparedClip(file: clip.file, media: media[i], start: clip.start, frames: frames, still: still))
        }
        self.clips = clips
        do throws(SegueError) {
            timeline = try ClipTimeline(fps: fps, clipFrames: clips.map(\.frames), cutFrames: cutFrames)
        } catch {
            throw SegueError(.invalidInput, "\(file): \(error.message)")
        }
        guard Double(timeline.frameCount) / fps <= Limits.duration.range.upperBound else {
            throw .invalidInput("\(file): the sequence lasts \(ClipTimeline.seconds(timeline.frameCount, fps)) s, "
                                + "longer than the \(readable(Limits.duration.range.upperBound)) s one output may last")
        }
        audio = Self.audio(spec, clips: clips, timeline: timeline)
    }

    /// How many frames a clip is on screen. A still: its `duration`, else just the transitions
    /// it takes part in (and a frame more at the end of the sequence, so that the last frame is
    /// the still itself, not a transition's). A video: from `start` to `end`, or `duration`, or the file's end; with
    /// an `offset` (the first clip of `render --offset`) the offset and the transition. A video
    /// must hold that much: more than half a frame short is an error naming what it lacks.
    static func frames(of clip: SequenceSpec.Clip, media: MediaInfo, fps: Double, transitions: Int,
                       offset: Double?, isLast: Bool) throws(SegueError) -> Int {
        let transitionSeconds = Double(transitions) / fps
        if media.kind == .still {
            if let offset { return ClipTimeline.frames(seconds: offset, fps: fps) + transitions }
            if let duration = clip.duration { return ClipTimeline.frames(seconds: duration, fps: fps) }
            guard transitions > 0 else { throw .invalidInput("a still alone needs a duration") }
            return transitions + (isLast ? 1 : 0)
        }
        let fileLength = media.duration ?? 0
        guard clip.start < fileLength else {
            throw .invalidInput("start \(readable(clip.start)) s is at or past the end of the video (\(readable(fileLength)) s)")
        }
        let available = fileLength - clip.start
        let wanted: Double
        let why: String
        if let offset {
            wanted = offset + transitionSeconds
            why = "the offset \(readable(offset)) s and the transition \(readable(transitionSeconds)) s"
        } else if let end = clip.end {
            wanted = end - clip.start
            why = "to its end at \(readable(end)) s"
        } else if let duration = clip.duration {
            wanted = duration
            why = "its duration"
        } else {
            wanted = available
            why = ""
        }
        if wanted > available + 0.5 / fps {
            let from = clip.start > 0 ? " from \(readable(clip.start)) s" : ""
            throw .invalidInput("the video lasts \(readable(fileLength)) s, too short: the clip needs \(readable(wanted)) s\(from) (\(why))")
        }
        return ClipTimeline.frames(seconds: wanted, fps: fps)
    }

    /// A still only ffmpeg reads (WebP, BMP, TIFF …), decoded and fitted as a clip's frame is.
    static func decodedStill(_ path: String, size: PixelSize, fit: FitMode, space: ColorSpace) throws(SegueError) -> PixelBuffer {
        let decoder = try VideoClipDecoder(path: path, start: 0, length: 1, fps: 1, size: size, fit: fit, firstPicture: true)
        defer { decoder.close() }
        guard var frame = try decoder.nextFrame() else { throw SegueError(.invalidInput, "no picture could be decoded", path: path) }
        try frame.convert(to: space)
        return frame
    }

    /// A video's average rate as an output rate: within `Limits.fps` (a file may claim any).
    static func usableRate(_ rate: Double) -> Double {
        rate.isFinite && Limits.fps.problem(rate) == nil ? rate : 30
    }

    /// The clips' sound placed where their pictures are, faded over exactly each cut's frames,
    /// and the bed under the whole output.
    static func audio(_ spec: SequenceSpec, clips: [PreparedClip], timeline: ClipTimeline) -> AudioTrack? {
        let fps = timeline.fps
        var pieces: [AudioTrack.Piece] = []
        for (i, clip) in clips.enumerated() where clip.media.hasAudio {
            let fadeIn = i > 0 ? Double(timeline.cutFrames[i - 1]) / fps : 0
            let fadeOut = i < timeline.cutFrames.count ? Double(timeline.cutFrames[i]) / fps : 0
            pieces.append(AudioTrack.Piece(file: clip.file, trimStart: clip.start, length: Double(clip.frames) / fps,
                                           start: Double(timeline.clipStarts[i]) / fps, fadeIn: fadeIn, fadeOut: fadeOut))
        }
        let length = Double(timeline.frameCount) / fps
        if let bed = spec.audio {
            pieces.append(AudioTrack.Piece(file: bed.file, trimStart: 0, length: length, start: 0,
                                           fadeIn: min(bed.fadeIn, length), fadeOut: min(bed.fadeOut, length), volume: bed.volume))
        }
        return pieces.isEmpty ? nil : AudioTrack(pieces: pieces, length: length, curve: spec.audioCurve.ffmpegName)
    }

    /// Whether any clip is a video (`render` keeps its transition-only default for two stills).
    public var hasVideo: Bool { clips.contains { $0.media.kind == .video } }

    /// Where each clip and transition falls in the output, in seconds (`--dry-run --json`).
    public var placements: SequencePlacements { SequencePlacements(self) }
}

/// `segue sequence --dry-run`: every clip's and transition's span in the output and the total.
public struct SequencePlacements: Codable, Sendable {
    public struct Span: Codable, Sendable {
        public var index: Int
        public var file: String?
        public var effect: String?
        public var start: Double
        public var end: Double
        public var frames: Int
    }
    public var size: String
    public var fps: Double
    public var frames: Int
    public var duration: Double
    public var clips: [Span]
    public var transitions: [Span]
    public var audio: Bool

    init(_ s: PreparedSequence) {
        let t = s.timeline
        func seconds(_ frames: Int) -> Double { (Double(frames) / t.fps * 1e6).rounded() / 1e6 }
        size = s.size.description
        fps = t.fps
        frames = t.frameCount
        duration = seconds(t.frameCount)
        clips = s.clips.enumerated().map { i, c in
            Span(index: i + 1, file: c.file, start: seconds(t.clipStarts[i]), end: seconds(t.clipStarts[i] + c.frames), frames: c.frames)
        }
        transitions = s.cuts.enumerated().map { i, cut in
            let start = t.cutStart(i)
            return Span(index: i + 1, effect: cut.descriptor.name, start: seconds(start), end: seconds(start + t.cutFrames[i]),
                        frames: t.cutFrames[i])
        }
        audio = s.audio != nil
    }
}
