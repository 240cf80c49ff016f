import SegueCore
import SegueIO

/// A job's frames once its files are read: a transition between two snapshots, or a timeline
/// of clips (a video on either side, or an `offset`).
public enum PreparedJob: Sendable {
    case transition(PreparedTransition)
    case clips(PreparedSequence)

    /// The effect's name: manifests, progress and summaries.
    public var name: String {
        switch self {
        case .transition(let t): t.descriptor.name
        case .clips(let s): s.cuts.first?.descriptor.name ?? s.name
        }
    }

    public var frameCount: Int {
        switch self {
        case .transition(let t): t.frameCount
        case .clips(let s): s.timeline.frameCount
        }
    }

    /// Notes for stderr, each once: `scale auto` guessing.
    public var notes: [String] {
        let all: [String] = switch self {
        case .transition(let t): [t.scaleNote].compactMap { $0 }
        case .clips(let s): s.cuts.compactMap(\.scaleNote)
        }
        return all.reduce(into: []) { if !$0.contains($1) { $0.append($1) } }
    }

    /// `JobIdentity` of the frames: equal for every run of the same job on the same backend.
    public func identity(backend: String, version: String) -> String {
        switch self {
        case .transition(let t): JobIdentity.of(t, backend: backend, version: version)
        case .clips(let s): SequenceJob.identity(of: s, backend: backend, version: version)
        }
    }

    /// Points and rectangles the user gave that lie outside the canvas (a warning each).
    public var offCanvasParameters: [OffCanvasParameter] {
        switch self {
        case .transition(let t): t.offCanvasParameters
        case .clips(let s): s.cuts.first?.offCanvasParameters ?? []
        }
    }
}

/// How a front end names an option in its messages: `--sheet-width` on the command line,
/// `key "sheetWidth"` in a spec.
public enum FrontEnd: Sendable {
    case commandLine, spec

    public func name(_ option: String) -> String {
        switch self {
        case .commandLine: option == "output" ? "-o" : "--" + option
        case .spec: "key \"\(RequestOptions.camelCase(option))\""
        }
    }
}

/// One render job, the way every front end runs it — `segue render`, each job of
/// `segue batch`, `segue bench --end-to-end` — in three steps:
///
/// 1. **Decided** (`init`): the effect, its parameters and timing settled, the output's format
///    (given, else from its name) and place (given, else `out/EFFECT` or `out/EFFECT.EXT`),
///    without reading a file; the request's input files (`TransitionRequest.inputFiles`) and
///    `writtenPaths` are what the front end hands to `OutputConflicts` before anything else.
/// 2. **Prepared** (`prepare`): the snapshots read and fitted, or the clips probed and placed —
///    a transition, or a timeline when a side is a video clip or an `offset` places the cut.
/// 3. **Run** (`run`): the frames drawn by a renderer into the output's sinks.
public struct Job: Sendable {
    public let request: JobRequest
    public let output: OutputSpec
    /// A contact sheet beside the output (a transition between snapshots only).
    public let contactSheet: String?
    /// The sound as WAV beside outputs that carry none (a timeline with sound only).
    public let audioFile: String?
    public var audioCurve: CrossfadeCurve = .equalPower
    /// Between clips: only the cut and the to clip's first own frame after it.
    public var transitionOnly = false
    /// Whose words the messages use.
    public let frontEnd: FrontEnd

    /// `output`: nil for the default place. `pngCompression`: the front end's default when the
    /// request names none.
    public init(_ request: JobRequest, output: String?, contactSheet: String? = nil, audioFile: String? = nil,
                pngCompression: PNGCompression = .fast, frontEnd: FrontEnd = .commandLine) throws(SegueError) {
        let settings = try TransitionSettings(request.transition)
        let format = if let given = request.format { given } else {
            try OutputFormat.inferred(from: output ?? "out", formatOption: frontEnd.name("format"))
        }
        let path = output ?? "out/\(settings.entry.name)" + (format.isFrameSplittable ? "" : ".\(format.fileExtension)")
        if request.givesSheetOptions, contactSheet == nil, format != .contact {
            let given = [("sheet-frames", request.sheetFrames), ("sheet-columns", request.sheetColumns), ("sheet-width", request.sheetWidth)]
                .first { $0.1 != nil }?.0 ?? "sheet-frames"
            let sheet = frontEnd == .commandLine ? "--contact-sheet FILE or " : ""
            throw .usage("\(frontEnd.name(given)): needs \(sheet)\(frontEnd.name("format")) contact")
        }
        if let (option, problem) = request.encoder.problem(for: format.rawValue, container: format.videoContainer) {
            throw .usage("\(frontEnd.name(option)): \(problem)")
        }
        self.request = request
        self.output = OutputSpec(format: format, path: path, pngCompression: request.pngCompression ?? pngCompression, sheet: request.sheet,
                                 encoder: request.encoder)
        self.contactSheet = contactSheet
        self.audioFile = audioFile
        self.frontEnd = frontEnd
    }

    /// How the job writes its outputs, for `OutputRecord.writing`: a change here (the format, a
    /// sheet's layout, a contact sheet or sound file added) makes `batch --resume` write them again.
    public var writing: String {
        let sheet = output.sheet
        return "\(output.format.rawValue) png:\(output.pngCompression) sheet:\(sheet.frames)x\(sheet.columns)@\(sheet.thumbnailWidth)"
            + " contact:\(contactSheet ?? "-") audio:\(audioFile ?? "-") curve:\(audioCurve) transition-only:\(transitionOnly)"
            + " encoder:\(output.encoder.summary)"
    }

    /// The places the job writes, each named as the front end names its option.
    public var writtenPaths: [NamedPath] {
        [output.named(frontEnd.name("output"))] + [("contact-sheet", contactSheet), ("audio", audioFile)].compactMap { option, path in
            path.map { NamedPath(frontEnd.name(option), $0) }
        }
    }

    /// Reads the job's files: a timeline when either side is a video clip or an offset places
    /// the cut, else a transition between snapshots.
    public func prepare() throws(SegueError) -> PreparedJob {
        let sequence: PreparedSequence?
        do throws(SegueError) {
            sequence = try PreparedSequence.clips(request.transition, offset: request.offset, curve: audioCurve, transitionOnly: transitionOnly)
        } catch where error.kind == .usage && frontEnd == .commandLine {
            throw .usage("--" + error.message)
        }
        if let sequence {
            if contactSheet != nil || output.format == .contact {
                throw .usage("\(frontEnd.name(contactSheet != nil ? "contact-sheet" : "format")): not for clips (render the transition of two stills)")
            }
            return .clips(sequence)
        }
        if audioFile != nil { throw .usage("\(frontEnd.name("audio")): the snapshots have no sound (it needs a video clip)") }
        let transition = try PreparedTransition(request.transition)
        if contactSheet != nil || output.format == .contact,
           let problem = ContactSheetSink.sizeProblem(frameSize: transition.size, frameCount: transition.frameCount, layout: output.sheet) {
            let named = contactSheet.map { "\(frontEnd.name("contact-sheet")) \($0)" } ?? "\(frontEnd.name("format")) contact"
            throw .usage("\(named): \(problem) (use a smaller \(frontEnd.name("sheet-width")))")
        }
        return .transition(transition)
    }

    /// The renderer `session` gives the job (its `backend`, else the session's).
    public func renderer(for prepared: PreparedJob, in session: RenderSession) throws(SegueError) -> any FrameRenderer {
        switch prepared {
        case .transition(let t): try session.renderer(for: t, backend: request.backend)
        case .clips(let s): try session.renderer(for: s, backend: request.backend)
        }
    }

    /// Draws every selected frame into the output (and the contact sheet or WAV beside it).
    public func run(_ prepared: PreparedJob, renderer: any FrameRenderer, selection: FrameSelection = FrameSelection(),
                    resume: Bool = false, version: String, progress: ((Int, Int) -> Void)? = nil,
                    notice: (String) -> Void = { _ in }) throws(SegueError) -> JobOutcome {
        switch prepared {
        case .transition(let transition):
            let sheet = contactSheet.map {
                ContactSheetSink(path: $0, frameCount: transition.frameCount, layout: output.sheet, colorSpace: transition.colorSpace)
            }
            return try RenderJob.run(transition, renderer: renderer, output: output, selection: selection, resume: resume,
                                     extraSinks: sheet.map { [$0] } ?? [], version: version, progress: progress, notice: notice)
        case .clips(let sequence):
            return try SequenceJob.run(sequence, renderer: renderer, output: output, selection: selection, resume: resume,
                                       audioFile: audioFile, version: version, progress: progress, notice: notice)
        }
    }
}
