import SegueCore
import SegueIO

/// The frames of a sequence: a clip's own frame as decoded, or at a cut the transition drawn
/// between the two clips' frames of the moment. Each video is decoded by its own ffmpeg while
/// the loop renders (`VideoClipDecoder`), opened half a second before its clip first shows and
/// closed once the clip is over, so at most the two clips of a cut (or a clip and the next) are
/// being decoded. `close()` ends every
/// decoder; call it on every exit path.
public final class SequenceFrames: FrameSource {
    public let sequence: PreparedSequence
    private let readers: [ClipReader]

    public init(_ sequence: PreparedSequence) {
        self.sequence = sequence
        readers = sequence.clips.enumerated().map { i, clip in
            ClipReader(clip: clip, index: i, sequence: sequence)
        }
    }

    deinit { close() }

    public var size: PixelSize { sequence.size }
    public var frameCount: Int { sequence.timeline.frameCount }

    public func frame(_ n: Int, pool: FramePool) throws(SegueError) -> SourcedFrame {
        let timeline = sequence.timeline
        for (i, reader) in readers.enumerated() where timeline.clipStarts[i] + sequence.clips[i].frames <= n { reader.close() }
        // The next clip's ffmpeg starts half a second ahead, so its first frames are decoded by
        // the time they are needed rather than after a process start and a seek.
        let lead = Int(sequence.fps / 2)
        for (i, reader) in readers.enumerated() where timeline.clipStarts[i] > n && timeline.clipStarts[i] - n <= lead {
            try reader.prepare(pool: pool)
        }
        switch timeline.moment(ofFrame: n) {
        case .clip(let clip, let frame):
            return .ready(try readers[clip].frame(frame, pool: pool))
        case .cut(let cut, let step, let fromFrame, let toFrame):
            let from = try readers[cut].frame(fromFrame, pool: pool)
            let to = try readers[cut + 1].frame(toFrame, pool: pool)
            // The first step is progress 0: the outgoing clip's own frame, whatever the effect draws there.
            if step == 0 {
                pool.giveBack(to)
                return .ready(from)
            }
            let transition = sequence.cuts[cut]
            return .drawn(transition.plan(frame: step), transition.images(from: from, to: to), lent: [.from, .to])
        }
    }

    public func close() {
        for reader in readers { reader.close() }
    }
}

/// One clip's frames by their index in the clip, asked in increasing order, each in a buffer of
/// the frame pool that nothing else holds (so the pool can hand it on without a copy): a
/// still's pixels copied, or a video decoded as a stream straight into pool buffers. A jump
/// back, or far ahead (a shard's first frame), opens the decoder again at that time instead of
/// decoding what is skipped.
final class ClipReader {
    private let clip: PreparedClip
    private let index: Int
    private let sequence: PreparedSequence
    private var decoder: VideoClipDecoder?
    /// The index of the frame the decoder gives next.
    private var next = 0
    /// A copy of the latest of the clip's last frames: a decoder may come up short at the end of
    /// a file by a frame or two (its last frame lasting less than the rate's period), and that
    /// frame is then held, as a player holds it.
    private var tail: PixelBuffer?
    private static let shortfallFrames = 2

    init(clip: PreparedClip, index: Int, sequence: PreparedSequence) {
        self.clip = clip
        self.index = index
        self.sequence = sequence
    }

    func frame(_ k: Int, pool: FramePool) throws(SegueError) -> PixelBuffer {
        if let still = clip.still { return copy(still, pool: pool) }
        let fps = sequence.fps
        if decoder == nil || k < next || k - next > Int(fps * 2) { try open(at: k, pool: pool) }
        while next <= k, let decoder, var frame = try decoder.nextFrame() {
            try frame.convert(to: sequence.colorSpace)
            next += 1
            if next - 1 == k {
                if k >= clip.frames - 1 - Self.shortfallFrames { tail = copy(frame, pool: pool) }
                return frame
            }
            pool.giveBack(frame)
        }
        guard let tail, k - (next - 1) <= Self.shortfallFrames else {
            throw SegueError(.invalidInput, "\(sequence.spec.file): clip \(index + 1): the video has no frame at "
                             + "\(readable(clip.start + Double(k) / fps)) s", path: clip.file)
        }
        return copy(tail, pool: pool)
    }

    /// Starts decoding from the clip's first frame, if nothing has started it yet.
    func prepare(pool: FramePool) throws(SegueError) {
        if clip.still == nil && decoder == nil && next == 0 { try open(at: 0, pool: pool) }
    }

    /// `frame`'s pixels in a buffer of the pool.
    private func copy(_ frame: PixelBuffer, pool: FramePool) -> PixelBuffer {
        var buffer = pool.take()
        buffer.copyPixels(from: frame)
        return buffer
    }

    private func open(at k: Int, pool: FramePool) throws(SegueError) {
        close()
        let fps = sequence.fps
        // Half a frame more than the clip needs, so its last frame is never cut off by rounding.
        decoder = try VideoClipDecoder(path: clip.file, start: clip.start + Double(k) / fps,
                                       length: (Double(clip.frames - k) + 0.5) / fps, fps: fps, size: sequence.size,
                                       fit: sequence.spec.fit, pool: pool, source: clip.media)
        next = k
        tail = nil
    }

    func close() {
        decoder?.close()
        decoder = nil
    }
}
