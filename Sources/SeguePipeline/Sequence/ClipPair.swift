import SegueCore
import SegueIO

/// A transition whose sides are video clips (`render --from A --to B`, a batch job): the two
/// clips as a sequence with one cut, timed as ffmpeg's xfade (docs/TIMELINES.md).
extension PreparedSequence {
    /// The timeline of `request`'s two sides, or nil when both are snapshots (or the built-in
    /// samples) and no `offset` places them in time: a transition between stills, as before.
    /// The output rate is the request's, nil for the from clip's. `transitionOnly`: just the
    /// cut and the to clip's first own frame after it, as a transition between snapshots has.
    public static func clips(_ request: TransitionRequest, offset: Double?, curve: CrossfadeCurve = .equalPower,
                             transitionOnly: Bool = false) throws(SegueError) -> PreparedSequence? {
        var anyVideo = false
        MediaProbe.prefetch([request.from, request.to].compactMap { $0 })
        for case let path? in [request.from, request.to] {
            anyVideo = try MediaProbe.kind(path) == .video || anyVideo
        }
        guard anyVideo || offset != nil else { return nil }
        guard let from = request.from, let to = request.to else {
            throw .usage("\(request.from == nil ? "from" : "to"): a timeline of clips needs both a from and a to file")
        }
        if let offset, let problem = Limits.duration.problem(offset) { throw .usage("offset \(readable(offset)): \(problem)") }
        var spec = SequenceSpec(file: request.effect)
        spec.size = request.size
        spec.fps = request.fps
        spec.fit = request.fit
        spec.colorSpace = request.colorSpace
        spec.audioCurve = curve
        spec.clips = [SequenceSpec.Clip(file: from), SequenceSpec.Clip(file: to)]
        spec.offset = offset
        var cut = request
        cut.from = nil
        cut.to = nil
        spec.transitions = [cut]
        let whole = try PreparedSequence(spec)
        guard transitionOnly else { return whole }
        // The from clip from the cut's start for the cut's frames, the to clip for one frame more.
        let frames = whole.timeline.cutFrames[0]
        spec.offset = nil
        spec.fps = whole.fps
        spec.clips[0].start += Double(whole.timeline.cutStart(0)) / whole.fps
        spec.clips[0].duration = Double(frames) / whole.fps
        spec.clips[1].duration = Double(frames + 1) / whole.fps
        return try PreparedSequence(spec)
    }
}
