import SegueCore

/// What a user changes of a video encoder — `--crf`, `--preset`, `--bitrate`, `--keyint`,
/// `--audio-bitrate` (spec keys `crf`, `preset`, `bitrate`, `keyint`, `audioBitrate`) — over
/// the container's own options (`VideoEncoding`). Each applies to the encoders that have it
/// (FFmpeg's libx264 and libvpx-vp9 documentation); an option an output has no use for is
/// refused before rendering, naming the option and the format, never silently dropped.
public struct EncoderSettings: Sendable, Equatable {
    /// Constant quality: libx264 0…51 (lower is better; Segue's default 18), libvpx-vp9 0…63 (32).
    public var crf: Int?
    /// libx264's speed/size trade-off (`medium` by default).
    public var preset: String?
    /// An average video bitrate in ffmpeg's words (`8M`, `2500k`), instead of constant quality.
    public var bitrate: String?
    /// The largest distance between key frames, in frames (`-g`): seeking and streaming.
    public var keyint: Int?
    /// The sound's bitrate (`192k`); MP4's AAC and WebM's Opus.
    public var audioBitrate: String?
    /// Where the video goes (`--profile`): settings and rules of its own (`EncoderProfile`).
    public var profile: EncoderProfile?
    /// More of the encoder's own options, passed through (`--encoder-option NAME=VALUE`, spec
    /// `encoderOptions: {NAME: VALUE}`): only those in `passThrough`, which tune the encoder and
    /// can neither name a file nor change what is written where.
    public var passedOptions: [PassedOption] = []

    /// One `--encoder-option NAME=VALUE`.
    public struct PassedOption: Sendable, Equatable {
        public var name: String
        public var value: String
        public init(name: String, value: String) { self.name = name; self.value = value }
    }

    public init() {}

    public var isEmpty: Bool { self == EncoderSettings() }

    /// The options `--encoder-option` passes, per container, from FFmpeg's documentation of
    /// libx264, libvpx-vp9 and the AAC and Opus encoders; whether each is the sound's. Options
    /// that write files (x264's `stats`, `-passlogfile`), pick outputs or streams, or take
    /// free-form parameter strings are not among them.
    public static let passThrough: [FFmpegSink.Container: [String: Bool]] = [
        .mp4: ["tune": false, "profile:v": false, "level:v": false, "maxrate": false, "minrate": false, "bufsize": false,
               "bf": false, "refs": false, "keyint_min": false, "sc_threshold": false, "qmin": false, "qmax": false,
               "aq-mode": false, "aq-strength": false, "psy-rd": false, "threads": false, "ac": true, "ar": true],
        .webm: ["deadline": false, "cpu-used": false, "row-mt": false, "tile-columns": false, "frame-parallel": false,
                "lag-in-frames": false, "auto-alt-ref": false, "aq-mode": false, "maxrate": false, "minrate": false,
                "bufsize": false, "qmin": false, "qmax": false, "threads": false, "ac": true, "ar": true],
    ]

    /// `NAME=VALUE` as a passed option, or why not (the container is checked with the output).
    public static func passedOptionProblem(_ text: String) -> String? {
        guard let eq = text.firstIndex(of: "="), eq != text.startIndex, text.index(after: eq) != text.endIndex else {
            return "expected NAME=VALUE, such as tune=animation"
        }
        let name = String(text[..<eq])
        let known = Set(passThrough.values.flatMap(\.keys))
        guard known.contains(name) else { return "\(name) is not an encoder option Segue passes (\(known.sorted().joined(separator: ", ")))" }
        return nil
    }

    /// x264's presets, fastest first.
    public static let presets = ["ultrafast", "superfast", "veryfast", "faster", "fast", "medium", "slow", "slower", "veryslow", "placebo"]

    /// A bitrate as ffmpeg reads one: a positive number, optionally with k or M.
    public static func bitrateProblem(_ text: String) -> String? {
        let digits = text.hasSuffix("k") || text.hasSuffix("K") || text.hasSuffix("M") ? String(text.dropLast()) : text
        guard let n = Double(digits), n.isFinite, n > 0 else { return "expected a bitrate such as 2500k or 8M" }
        return nil
    }

    /// The first option `format` has no use for, or a value out of its encoder's range: the
    /// option's name (the command line's) and why; nil when every one applies.
    public func problem(for format: String, container: FFmpegSink.Container?) -> (option: String, problem: String)? {
        if let profile, container != .mp4 { return ("profile", "\(profile.rawValue) needs mp4 output (this output is \(format))") }
        if profile == .appStore {
            // App Store Connect wants its own rates: a constant quality or another bitrate would break them.
            for (option, isGiven) in [("crf", crf != nil), ("bitrate", bitrate != nil), ("audio-bitrate", audioBitrate != nil)] where isGiven {
                return (option, "the app-store profile sets the rate itself (video 10–12 Mbps, sound 256 kb/s, as Apple asks)")
            }
        }
        for name in passedOptions.map(\.name) {
            guard let container, let options = Self.passThrough[container], options[name] != nil else {
                let takers = Self.passThrough.filter { $0.value[name] != nil }.map(\.key.rawValue).sorted().joined(separator: " and ")
                return ("encoder-option", "\(name): only for \(takers) output (this output is \(format))")
            }
            if profile == .appStore && ["profile:v", "level:v", "maxrate", "minrate", "bufsize", "ac", "ar"].contains(name) {
                return ("encoder-option", "\(name): the app-store profile sets it, as Apple asks")
            }
        }
        let given: [(String, Bool)] = [("crf", crf != nil), ("preset", preset != nil), ("bitrate", bitrate != nil),
                                       ("keyint", keyint != nil), ("audio-bitrate", audioBitrate != nil)]
        let videoCodecs: Set<FFmpegSink.Container> = [.mp4, .webm]
        for (option, isGiven) in given where isGiven {
            let usable = switch option {
            case "preset": container == .mp4
            default: container.map(videoCodecs.contains) ?? false
            }
            if !usable {
                let takers = option == "preset" ? "mp4" : "mp4 and webm"
                return (option, "only for \(takers) output (this output is \(format))")
            }
        }
        if let crf {
            let range = container == .webm ? 0...63 : 0...51
            if !range.contains(crf) {
                return ("crf", "\(container?.encoding.encoder ?? "this encoder") takes \(range.lowerBound)…\(range.upperBound), not \(crf)")
            }
            if bitrate != nil { return ("bitrate", "constant quality (crf) and an average bitrate do not go together: give one") }
        }
        if let preset, !Self.presets.contains(preset) { return ("preset", "\(preset): expected \(Self.presets.joined(separator: ", "))") }
        return nil
    }

    /// `options` (the container's video encoder options) with these settings over them.
    func videoOptions(_ options: [String]) -> [String] {
        var options = profile?.videoOptions(options) ?? options
        if let crf { options.setOption("-crf", String(crf)) }
        if let preset { options.setOption("-preset", preset) }
        if let bitrate {
            options.removeOption("-crf")
            options.setOption("-b:v", bitrate)
        }
        if let keyint { options.setOption("-g", String(keyint)) }
        for option in passedOptions where !Self.isSoundOption(option.name) { options.setOption("-" + option.name, option.value) }
        return options
    }

    /// Whether a passed option is the sound encoder's (`-ac`, `-ar`).
    static func isSoundOption(_ name: String) -> Bool { passThrough.values.contains { $0[name] == true } }

    /// The sound's encoder options with the bitrate over the container's.
    func audioOptions(_ options: [String]) -> [String] {
        var options = profile?.audioOptions(options) ?? options
        for option in passedOptions where Self.isSoundOption(option.name) { options.setOption("-" + option.name, option.value) }
        if let audioBitrate { options.setOption("-b:a", audioBitrate) }
        return options
    }

    /// For `OutputRecord.writing` and messages: the settings given.
    public var summary: String {
        [profile.map { "profile \($0.rawValue)" }, crf.map { "crf \($0)" }, preset.map { "preset \($0)" }, bitrate.map { "bitrate \($0)" }, keyint.map { "keyint \($0)" },
         audioBitrate.map { "audio \($0)" }].compactMap { $0 }.joined(separator: " ")
            + passedOptions.map { " \($0.name)=\($0.value)" }.joined()
    }
}

extension [String] {
    /// An ffmpeg option's value set: replaced where the option is, else appended.
    mutating func setOption(_ key: String, _ value: String) {
        if let i = firstIndex(of: key), i + 1 < count { self[i + 1] = value } else { self += [key, value] }
    }

    /// An ffmpeg option and its value taken out.
    mutating func removeOption(_ key: String) {
        if let i = firstIndex(of: key), i + 1 < count { removeSubrange(i...(i + 1)) }
    }
}
