/// Where every clip and every cut of a sequence falls in the output, in whole frames, and what
/// output frame n shows (docs/TIMELINES.md). A transition overlaps its two neighbours, as
/// ffmpeg's xfade, editly and Remotion count: clip i+1 starts where the transition after clip i
/// starts, so the output lasts Σ clips − Σ transitions.
///
/// Lengths are counted in frames of the output rate, so a cut is frame-exact: the frame before a
/// transition is the outgoing clip's own, and so is its first frame (progress 0, as xfade's
/// first transition frame is its first input); the frame after its last one is the incoming
/// clip's own. No effect's rendering at progress 0 or 1 is ever shown, so a shader that is not
/// exact there cannot make a cut pop.
public struct ClipTimeline: Sendable, Equatable {
    public let fps: Double
    /// Frames each clip is on screen, transitions included.
    public let clipFrames: [Int]
    /// Frames of each transition (cut i joins clip i and clip i+1); 0 is a hard cut.
    public let cutFrames: [Int]
    /// The output frame at which each clip starts.
    public let clipStarts: [Int]

    /// What one output frame shows.
    public enum Moment: Sendable, Equatable {
        /// Frame `frame` of clip `clip` (counted from the clip's own start, after its trim).
        case clip(_ clip: Int, frame: Int)
        /// Step `step` (0 ..< the cut's frames) of the transition `cut`, between frame `fromFrame`
        /// of clip `cut` and frame `toFrame` of clip `cut + 1`: both keep moving.
        case cut(_ cut: Int, step: Int, fromFrame: Int, toFrame: Int)
    }

    /// Fails, naming the clip, when a clip is shorter than the transitions it takes part in
    /// (they would overlap, putting three clips on screen at once) or the counts disagree.
    public init(fps: Double, clipFrames: [Int], cutFrames: [Int]) throws(SegueError) {
        guard !clipFrames.isEmpty else { throw .invalidInput("a sequence needs at least one clip") }
        guard cutFrames.count == clipFrames.count - 1 else {
            throw .invalidInput("\(clipFrames.count) clips need \(clipFrames.count - 1) transitions, not \(cutFrames.count)")
        }
        for (i, frames) in clipFrames.enumerated() {
            let before = i > 0 ? cutFrames[i - 1] : 0
            let after = i < cutFrames.count ? cutFrames[i] : 0
            guard frames >= 1 else { throw .invalidInput("clip \(i + 1) lasts no frame at \(readable(fps)) fps") }
            guard before + after <= frames else {
                throw .invalidInput("clip \(i + 1) lasts \(Self.seconds(frames, fps)) s, shorter than its transitions "
                                    + "(\(Self.seconds(before + after, fps)) s)")
            }
        }
        self.fps = fps
        self.clipFrames = clipFrames
        self.cutFrames = cutFrames
        var starts = [0]
        for i in cutFrames.indices { starts.append(starts[i] + clipFrames[i] - cutFrames[i]) }
        clipStarts = starts
    }

    /// The output's frames: Σ clips − Σ transitions.
    public var frameCount: Int { clipStarts[clipStarts.count - 1] + clipFrames[clipFrames.count - 1] }

    /// The output frame at which cut i starts (its first frame shows clip i's own frame).
    public func cutStart(_ i: Int) -> Int { clipStarts[i + 1] }

    /// What output frame `n` (0 ..< frameCount) shows.
    public func moment(ofFrame n: Int) -> Moment {
        // The last clip that has started; clips start in order.
        var clip = 0
        while clip + 1 < clipStarts.count && clipStarts[clip + 1] <= n { clip += 1 }
        let local = n - clipStarts[clip]
        if clip > 0 && local < cutFrames[clip - 1] {
            let cut = clip - 1
            return .cut(cut, step: local, fromFrame: n - clipStarts[cut], toFrame: local)
        }
        return .clip(clip, frame: local)
    }

    /// `frames` frames in seconds, as the timeline's listing writes them.
    public static func seconds(_ frames: Int, _ fps: Double) -> String { readable(Double(frames) / fps) }

    /// Seconds at the output rate as whole frames (a clip or transition length).
    public static func frames(seconds: Double, fps: Double) -> Int { (seconds * fps).rounded().clampedInt(0...Limits.frameCount) }
}
