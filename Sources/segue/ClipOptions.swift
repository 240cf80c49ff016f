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
}

extension RenderCommand {
    /// The two sides as a timeline, when they are one (a video clip, or `--offset`); nil for a
    /// transition between snapshots.
    func clipTimeline(_ request: TransitionRequest) throws(SegueError) -> PreparedSequence? {
        let sequence: PreparedSequence?
        do throws(SegueError) {
            sequence = try PreparedSequence.clips(request, fps: options.fps, offset: clips.offset, curve: clips.audioCurve,
                                                  transitionOnly: clips.transitionOnly)
        } catch where error.kind == .usage {
            throw .usage("--" + error.message)
        }
        if sequence == nil, clips.audio != nil { throw .usage("--audio: the snapshots have no sound (it needs a video clip)") }
        return sequence
    }

    /// Renders a two-clip timeline: the progress, the summary, `--audio` beside the output.
    func renderClips(_ sequence: PreparedSequence, output: OutputSpec) throws(SegueError) {
        if let audio = clips.audio { try checkWAVFileName(audio) }
        for parameter in sequence.cuts[0].offCanvasParameters { printError("segue: warning: --param \(parameter)") }
        if contactSheet != nil || output.format == .contact { throw .usage("--contact-sheet: not for clips (render the transition of two stills)") }
        try renderSequence(sequence, rendering: options.rendering, output: output, outputOptions: outputOptions, audioFile: clips.audio)
    }
}
