import ArgumentParser
import SegueCore
import SegueIO
import SeguePipeline

/// `render` between video clips, as ffmpeg's xfade times it (docs/TIMELINES.md): `--from`
/// until the offset, the transition over its duration with both clips moving, then the rest of
/// `--to`.
struct ClipOptions: ParsableArguments {
    @Option(help: "Seconds of the from clip before the transition starts (xfade's offset). Default: the from clip's length minus the transition's; 0 for a still.")
    var offset: Double?
    @Flag(help: "Write only the transition (the default when both sides are stills and no --offset is given).")
    var transitionOnly = false
    @Option(help: "Also write the sound to this WAV file (for png, raw and y4m outputs, which carry none).")
    var audio: String?
    @Option(help: "Gains of the audio crossfade.")
    var audioCurve: CrossfadeCurve = .equalPower

    /// The two clips as a sequence when this is a timeline: a side is a video, or an offset
    /// places two stills in time. Nil for a transition between stills, as before.
    func pair(_ options: TransitionOptions) throws(SegueError) -> SequenceSpec? {
        let sides = [("--from", options.from), ("--to", options.to)]
        var anyVideo = false
        for case (let option, let path?) in sides {
            do throws(SegueError) {
                anyVideo = try MediaProbe.probe(path).kind == .video || anyVideo
            } catch {
                throw SegueError(error.kind, "\(option) \(error.message)", path: error.path)
            }
        }
        guard anyVideo || offset != nil else {
            if audio != nil { throw .usage("--audio: the snapshots have no sound (it needs a video clip)") }
            return nil
        }
        guard let from = options.from, let to = options.to else {
            throw .usage("\(options.from == nil ? "--from" : "--to"): a timeline of clips needs both --from and --to files")
        }
        if let offset { try Limits.duration.check(offset, option: "--offset") }
        if let audio { try checkWAVFileName(audio) }
        var spec = SequenceSpec(file: "render")
        let request = try options.request(effect: "")
        spec.size = request.size
        spec.fps = options.fps
        spec.fit = request.fit
        spec.colorSpace = request.colorSpace
        spec.audioCurve = audioCurve
        spec.clips = [SequenceSpec.Clip(file: from), SequenceSpec.Clip(file: to)]
        spec.offset = offset
        return spec
    }
}

extension RenderCommand {
    /// Renders `--from` and `--to` as a two-clip sequence: the whole timeline, or with
    /// `--transition-only` just the transition's frames and the last one, the to clip's own.
    func renderClips(_ pair: SequenceSpec) throws(SegueError) {
        var spec = pair
        var request = try options.request(effect: effect)
        request.from = nil
        request.to = nil
        spec.transitions = [request]
        spec.file = effect
        var sequence = try PreparedSequence(spec)
        if clips.transitionOnly {
            // The cut alone: the from clip from the cut's start for the cut's frames, the to clip
            // for one frame more, so the last frame is the to clip's own, as a transition's is.
            let fps = sequence.fps
            let cutFrames = sequence.timeline.cutFrames[0]
            spec.offset = nil
            spec.fps = fps
            spec.clips[0].start += Double(sequence.timeline.cutStart(0)) / fps
            spec.clips[0].duration = Double(cutFrames) / fps
            spec.clips[1].duration = Double(cutFrames + 1) / fps
            sequence = try PreparedSequence(spec)
        }
        for parameter in sequence.cuts[0].offCanvasParameters { printError("segue: warning: --param \(parameter)") }
        let chosen = if let format { format } else { try OutputFormat.inferred(from: output ?? "out") }
        if contactSheet != nil || chosen == .contact { throw .usage("--contact-sheet: not for clips (render the transition of two stills)") }
        let destination = output ?? "out/\(sequence.cuts[0].descriptor.name)" + (chosen.isFrameSplittable ? "" : ".\(chosen.fileExtension)")
        try renderSequence(sequence, rendering: options.rendering,
                           output: OutputSpec(format: chosen, path: destination, pngCompression: outputOptions.pngCompression),
                           outputOptions: outputOptions, audioFile: clips.audio)
    }
}
