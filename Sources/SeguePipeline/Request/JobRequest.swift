import SegueCore
import SegueIO

/// Everything one render job is asked, whichever front end asked it (`segue render`, a batch
/// job, `segue serve`'s query): the transition, the renderer, and how the output is written.
/// Filled through the one table of request options (`RequestOptions`), so every front end
/// reads each option alike.
public struct JobRequest: Sendable {
    public var transition: TransitionRequest
    /// nil: the command's (`--backend`), else `auto`.
    public var backend: BackendChoice?
    /// Between video clips: seconds of the from clip before the cut (xfade's `offset`).
    public var offset: Double?
    /// nil: from the output's name (`OutputFormat.inferred`).
    public var format: OutputFormat?
    /// nil: the command's default.
    public var pngCompression: PNGCompression?
    /// The contact sheet's layout options, each nil when not given (a sheet option without a
    /// sheet is refused, not ignored).
    public var sheetFrames: Int?
    public var sheetColumns: Int?
    public var sheetWidth: Int?
    /// A video output's encoder options (`--crf`, `--preset`, `--bitrate`, `--keyint`, `--audio-bitrate`).
    public var encoder = EncoderSettings()

    public init(effect: String) { transition = TransitionRequest(effect: effect) }

    /// The sheet options given, over the defaults.
    public var sheet: ContactSheetSink.Layout {
        var layout = ContactSheetSink.Layout()
        if let sheetFrames { layout.frames = sheetFrames }
        if let sheetColumns { layout.columns = sheetColumns }
        if let sheetWidth { layout.thumbnailWidth = sheetWidth }
        return layout
    }

    /// Whether any sheet option was given.
    public var givesSheetOptions: Bool { sheetFrames != nil || sheetColumns != nil || sheetWidth != nil }
}
