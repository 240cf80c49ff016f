import Foundation
import SegueAuthoring
import SegueCore
import SegueIO

/// A storyboard: clips in order, a transition at every cut, an optional audio bed
/// (`segue sequence FILE.json5`, docs/TIMELINES.md). Paths are absolute here.
public struct SequenceSpec: Sendable {
    /// One clip: a video or a still, recognised by its content.
    public struct Clip: Sendable {
        public var file: String
        /// Trim, seconds into the file (videos).
        public var start: Double = 0
        public var end: Double?
        /// How long the clip is on screen: a still's hold (required for a still between two
        /// cuts), or a video's length from `start` (instead of `end`).
        public var duration: Double?
        public init(file: String) { self.file = file }
    }

    /// An audio bed under the clips' own sound.
    public struct AudioBed: Sendable {
        public var file: String
        public var volume: Double = 1
        public var fadeIn: Double = 0
        public var fadeOut: Double = 0
        public init(file: String) { self.file = file }
    }

    /// The canvas; nil: the first clip's size.
    public var size: PixelSize?
    /// The output rate; nil: the first video's, else 30.
    public var fps: Double?
    public var fit: FitMode = .cover
    public var colorSpace: ColorSpaceChoice = .auto
    /// Device pixels per point for every cut that gives none; nil: `auto`.
    public var scale: Double?
    public var clips: [Clip] = []
    /// One per cut: the effect, its duration, timing, parameters, gesture and seed (the
    /// request's snapshots are the clips' frames, filled in frame by frame).
    public var transitions: [TransitionRequest] = []
    public var audio: AudioBed?
    public var audioCurve: CrossfadeCurve = .equalPower
    /// `render --offset`: the first cut starts this many seconds in (the first clip is on screen
    /// for the offset and the transition), as xfade's `offset`. Not a spec key: a storyboard
    /// says how long each clip is.
    public var offset: Double?
    /// The spec file, for messages.
    public var file: String

    public init(file: String) { self.file = file }
}

extension SequenceSpec {
    /// The request options a storyboard sets for every cut (`RequestOptions`), and those each
    /// transition sets for its own.
    static let topOptions = RequestOptions.options(["size", "fps", "fit", "colorspace", "scale"])
    static let transitionOptions = RequestOptions.options(["duration", "timing", "param", "gesture", "gesture-axis", "gesture-travel",
                                                           "seed", "scale"])
    static let topKeys = SpecObject.keys(topOptions, own: ["clips": .array, "transitions": .array, "audio": .object, "audioCurve": .string])
    static let clipKeys: [String: SpecType] = ["file": .path, "start": .number, "end": .number, "duration": .number]
    static let transitionKeys = SpecObject.keys(transitionOptions, own: ["effect": .string])
    static let audioKeys: [String: SpecType] = ["file": .path, "volume": .number, "fadeIn": .number, "fadeOut": .number]

    public static func load(path: String, catalog: EffectCatalog = EffectCatalog()) throws(SegueError) -> SequenceSpec {
        let data = Data(try InputFile.contents(path, maxBytes: InputFile.maxTextBytes))
        let base = URL(fileURLWithPath: path).standardizedFileURL.deletingLastPathComponent().path
        return try parse(data, file: path, baseDirectory: base, catalog: catalog)
    }

    /// Parses and checks a spec; relative paths resolve against `baseDirectory`. Every error
    /// names the file, the clip or transition (1-based) and the key.
    public static func parse(_ data: Data, file: String, baseDirectory: String,
                             catalog: EffectCatalog = EffectCatalog()) throws(SegueError) -> SequenceSpec {
        guard case .object(let top) = try SpecValue.parse(data, file: file) else {
            throw .invalidInput("\(file): expected an object with \"clips\"")
        }
        let root = SpecObject(top, context: file, keys: topKeys, base: baseDirectory)
        try root.checkKeys()
        var spec = SequenceSpec(file: file)
        var every = JobRequest(effect: "")
        try root.read(topOptions, into: &every)
        spec.size = every.transition.size
        spec.fps = every.transition.fps
        spec.fit = every.transition.fit
        spec.colorSpace = every.transition.colorSpace
        spec.scale = every.transition.scale
        if let c = root.string("audioCurve") {
            guard let curve = CrossfadeCurve(rawValue: c) else { throw root.bad("audioCurve", "\"\(c)\": expected \(CrossfadeCurve.choiceList)") }
            spec.audioCurve = curve
        }
        guard case .array(let clipItems)? = top["clips"], !clipItems.isEmpty else {
            throw root.bad("clips", "expected a non-empty array of clips")
        }
        for (i, item) in clipItems.enumerated() {
            let o = try root.member(item, named: "clip \(i + 1)", keys: clipKeys)
            guard let path = o.path("file") else { throw o.missing("file") }
            var clip = Clip(file: path)
            clip.start = try o.seconds("start") ?? 0
            clip.end = try o.seconds("end")
            clip.duration = try o.seconds("duration")
            if let end = clip.end, end <= clip.start { throw o.bad("end", "\(readable(end)): must be after start (\(readable(clip.start)))") }
            if clip.end != nil && clip.duration != nil { throw o.bad("duration", "give end or duration, not both") }
            try o.checkExists("file", path)
            spec.clips.append(clip)
        }
        let cuts = clipItems.count - 1
        var transitions: [TransitionRequest] = []
        if case .array(let items)? = top["transitions"] {
            guard items.count == cuts || items.count == 1 else {
                throw root.bad("transitions", "\(items.count) given for \(cuts) cuts: give one per cut, or one for every cut")
            }
            for (i, item) in items.enumerated() {
                let o = try root.member(item, named: "transition \(i + 1)", keys: transitionKeys)
                transitions.append(try transition(o, catalog: catalog))
            }
        } else if cuts > 0 {
            throw root.missing("transitions")
        }
        spec.transitions = transitions.count == 1 && cuts > 1 ? Array(repeating: transitions[0], count: cuts) : Array(transitions.prefix(cuts))
        if case .object(let a)? = top["audio"] {
            let o = SpecObject(a, context: "\(file): audio", keys: audioKeys, base: baseDirectory)
            try o.checkKeys()
            guard let path = o.path("file") else { throw o.missing("file") }
            try o.checkExists("file", path)
            var bed = AudioBed(file: path)
            if let v = o.number("volume") {
                guard (0...16).contains(v) else { throw o.bad("volume", "\(readable(v)): must be in 0…16") }
                bed.volume = v
            }
            bed.fadeIn = try o.seconds("fadeIn") ?? 0
            bed.fadeOut = try o.seconds("fadeOut") ?? 0
            spec.audio = bed
        }
        return spec
    }

    /// One cut's request: everything `render` takes for a transition but the snapshots.
    private static func transition(_ o: SpecObject, catalog: EffectCatalog) throws(SegueError) -> TransitionRequest {
        guard var effect = o.string("effect") else { throw o.missing("effect") }
        if effect.hasSuffix(".glsl") || effect.hasSuffix(".frag") {
            effect = o.resolve(effect)
            try o.checkExists("effect", effect)
        } else if !catalog.knows(effect) {
            throw o.bad("effect", "unknown effect \"\(effect)\" (known: \(catalog.effectNames.joined(separator: ", ")))")
        }
        var job = JobRequest(effect: effect)
        job.transition.catalog = catalog
        try o.read(transitionOptions, into: &job)
        let request = job.transition
        if let gesture = request.gesture { try o.checkExists("gesture", gesture) }
        do throws(SegueError) {
            _ = try TransitionSettings(request)
        } catch {
            throw SegueError(error.kind == .usage ? .invalidInput : error.kind, "\(o.context): \(error.message)")
        }
        return request
    }
}

/// `audioCurve`, `--audio-curve`: the gains of a crossfade, as ffmpeg's `afade` names them
/// (FFmpeg filters documentation, `afade` `curve`).
public enum CrossfadeCurve: String, CaseIterable, Sendable {
    /// sin/cos quarter waves: the summed power stays constant, so uncorrelated sounds keep their
    /// loudness through the cut (`qsin`).
    case equalPower = "equal-power"
    /// Straight ramps: the summed amplitude stays constant, right for the same sound on both
    /// sides (`tri`).
    case linear
    /// Half-sine ease in and out (`hsin`).
    case sCurve = "s-curve"

    public var ffmpegName: String {
        switch self {
        case .equalPower: "qsin"
        case .linear: "tri"
        case .sCurve: "hsin"
        }
    }
}
