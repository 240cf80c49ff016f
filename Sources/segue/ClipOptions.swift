import ArgumentParser
import SegueCore
import SegueIO
import SeguePipeline

/// `render` between video clips, as ffmpeg's xfade times it (docs/TIMELINES.md): `--from`
/// until the offset, the transition over its duration with both clips moving, then the rest of
/// `--to`.
struct ClipOptions: ParsableArguments {
    @Option(help: help("offset")) var offset: String?
    @Flag(help: "Write only the transition (the default when both sides are stills and no --offset is given).")
    var transitionOnly = false
    @Option(help: "Also write the sound to this WAV file (for png, raw and y4m outputs, which carry none).")
    var audio: String?
    @Option(help: "Gains of the audio crossfade.")
    var audioCurve: CrossfadeCurve = .equalPower
}
