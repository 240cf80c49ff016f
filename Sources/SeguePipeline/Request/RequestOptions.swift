import SegueCore
import SegueIO

/// The table of job request options (in the spirit of ffmpeg's `AVOption` tables): each row
/// names the option, says what it takes, reads it into a `JobRequest` and writes it back. The
/// command line, batch specs, sequence specs and `segue serve`'s query all read through it, so
/// an option means the same everywhere and the same mistake gets the same words; a new option
/// is one row here (and, for `--help`, one property of the command that offers it).
///
/// Ranges are checked here, on reading, against `Limits`. What needs more than the value to
/// judge — a timing spec, an effect's parameters, a file's content — is checked when the job
/// is prepared (`TransitionSettings`), as invalid input (65) wherever it came from.
public enum RequestOptions {
    public static let all: [RequestOption] = [
        path("from", "The 'from' snapshot or video clip (PNG, JPEG, or any file ffmpeg decodes). Default: the built-in list screen.",
             \.transition.from),
        path("to", "The 'to' snapshot or video clip. Default: the built-in detail screen.", \.transition.to),
        RequestOption(name: "size", specKey: "size", help: "Output size WxH in pixels. Default: the 'to' snapshot's size.",
                      specType: .string, repeats: false, read: { value, request throws(OptionProblem) in
            guard case .text(let text) = value, let size = PixelSize(parsing: text) else { throw OptionProblem(value, "expected WxH, e.g. 1920x1080") }
            if let problem = sizeProblem(size) { throw OptionProblem(value, problem) }
            request.transition.size = size
        }, write: { [$0.transition.size?.description].compactMap { $0 } }),
        number("fps", "Frames per second. Default: 60, or with a video clip the from clip's rate (the first video's).",
               Limits.fps, \.transition.fps),
        number("duration", "Duration in seconds. Default: the effect's (or a spring's settling time).", Limits.duration,
               \.transition.duration),
        text("timing", "Timing curve: linear, easeIn, easeOut, easeInEaseOut, default, cubic-bezier(x1,y1,x2,y2), spring(…), keyframes(…) (docs/TIMING.md).",
             \.transition.timing),
        RequestOption(name: "param", specKey: "params", help: "Effect parameter name=value (repeatable).", specType: .object, repeats: true,
                      read: { value, request throws(OptionProblem) in
            guard case .text(let text) = value, let eq = text.firstIndex(of: "="), eq != text.startIndex else {
                throw OptionProblem(value, "expected name=value")
            }
            request.transition.parameters.append((String(text[..<eq]), String(text[text.index(after: eq)...])))
        }, write: { $0.transition.parameters.map { "\($0.0)=\($0.1)" } }),
        choice("fit", "How snapshots of another size fit the output.", \.transition.fit, default: .cover),
        choice("colorspace", "Working colour space: display-p3 when every snapshot is Display P3 for auto, else srgb (docs/IO.md).",
               \.transition.colorSpace, default: .auto),
        RequestOption(name: "scale", specKey: "scale",
                      help: "Screen scale (pixels per point) for parameters in points, or auto: inferred from the 'to' snapshot's size (3 when its shorter side is an iPhone width at 3×, 2 at 2× or an iPad, else 1).",
                      specType: .numberOrAuto, repeats: false, read: { value, request throws(OptionProblem) in
            if value == .text("auto") { request.transition.scale = nil; return }
            request.transition.scale = try checked(number(value, "auto or a number"), Limits.scale, value)
        }, write: { [$0.transition.scale.map { Allowed<Double>.format($0) }].compactMap { $0 } }),
        RequestOption(name: "seed", specKey: "seed", help: "Seed for effects with randomness (a whole number, 0…2⁶⁴−1).",
                      specType: .wholeNumber, repeats: false, read: { value, request throws(OptionProblem) in
            let why = "must be a whole number in 0…\(UInt64.max)"
            switch value {
            case .text(let text):
                guard let seed = UInt64(text) else { throw OptionProblem(value, why) }
                request.transition.seed = seed
            case .number(let n):
                guard n == n.rounded(), n >= 0 else { throw OptionProblem(value, why) }
                // A spec's numbers are doubles: whole ones are exact up to 2⁵³ only.
                guard n <= 9_007_199_254_740_992 else { throw OptionProblem(value, "beyond 2⁵³, which a spec's numbers cannot hold exactly") }
                request.transition.seed = UInt64(n)
            }
        }, write: { $0.transition.seed == 0 ? [] : ["\($0.transition.seed)"] }),
        path("gesture", "A recorded gesture (JSON or CSV, see docs/GESTURES.md) that drives the transition.", \.transition.gesture),
        RequestOption(name: "gesture-axis", specKey: "gestureAxis", help: "Gesture axis when the track does not say (\(GestureTrack.Axis.choiceList)).",
                      specType: .string,
                      repeats: false, read: { value, request throws(OptionProblem) in
            request.transition.gestureOptions.axis = try pick(GestureTrack.Axis.self, value)
        }, write: { [$0.transition.gestureOptions.axis?.rawValue].compactMap { $0 } }),
        number("gesture-travel", "Gesture travel (full progress) in the track's units when the track does not say.", Limits.gestureTravel,
               \.transition.gestureOptions.travel),
        RequestOption(name: "backend", specKey: "backend", help: "Renderer (\(BackendChoice.choiceList); default auto).", specType: .string,
                      repeats: false,
                      read: { value, request throws(OptionProblem) in request.backend = try pick(BackendChoice.self, value) },
                      write: { [$0.backend?.rawValue].compactMap { $0 } }),
        number("offset", "Seconds of the from clip before the transition starts (xfade's offset). Default: the from clip's length minus the transition's; 0 for a still.",
               Limits.duration, \.offset),
        RequestOption(name: "format", specKey: "format",
                      help: "Output format (\(OutputFormat.choiceList)). Default: from the output's extension (none: png); an unknown one is refused.",
                      specType: .string, repeats: false, read: { value, request throws(OptionProblem) in
            request.format = try pick(OutputFormat.self, value)
        }, write: { [$0.format?.rawValue].compactMap { $0 } }),
        RequestOption(name: "png-compression", specKey: "pngCompression", help: "PNG compression (\(PNGCompression.choiceList)).", specType: .string,
                      repeats: false,
                      read: { value, request throws(OptionProblem) in request.pngCompression = try pick(PNGCompression.self, value) },
                      write: { [$0.pngCompression?.rawValue].compactMap { $0 } }),
        whole("sheet-frames", "Frames on the contact sheet (1…12; --contact-sheet or --format contact; default 12).", Limits.sheetFrames,
              \.sheetFrames),
        whole("sheet-columns", "Contact sheet columns (1…12; default 4).", Limits.sheetColumns, \.sheetColumns),
        whole("sheet-width", "Contact sheet thumbnail width in pixels (16…4096; default 240).", Limits.sheetWidth, \.sheetWidth),
        whole("crf", "Video quality, constant: mp4 (libx264) 0…51, default 18; webm (libvpx-vp9) 0…63, default 32; lower is better.",
              Limits.crf, \.encoder.crf),
        RequestOption(name: "preset", specKey: "preset", help: "libx264's speed for size (mp4): \(EncoderSettings.presets.joined(separator: ", ")); default medium.",
                      specType: .string, repeats: false, read: { value, request throws(OptionProblem) in
            guard case .text(let text) = value, EncoderSettings.presets.contains(text) else {
                throw OptionProblem(value, "expected \(EncoderSettings.presets.joined(separator: ", "))")
            }
            request.encoder.preset = text
        }, write: { [$0.encoder.preset].compactMap { $0 } }),
        bitrate("bitrate", "Average video bitrate (mp4, webm) instead of constant quality, e.g. 8M or 2500k.", \.encoder.bitrate),
        whole("keyint", "Most frames between key frames (mp4, webm).", Limits.keyint, \.encoder.keyint),
        bitrate("audio-bitrate", "The sound's bitrate (mp4 AAC, default 192k; webm Opus, 160k).", \.encoder.audioBitrate),
        RequestOption(name: "encoder-option", specKey: "encoderOptions",
                      help: "One more option of the video or sound encoder, NAME=VALUE (repeatable; mp4 and webm): tune=animation, keyint_min=5, cpu-used=2, ar=44100 … (docs/IO.md).",
                      specType: .object, repeats: true, read: { value, request throws(OptionProblem) in
            guard case .text(let text) = value else { throw OptionProblem(value, "expected NAME=VALUE") }
            if let problem = EncoderSettings.passedOptionProblem(text) { throw OptionProblem(value, problem) }
            let eq = text.firstIndex(of: "=")!
            request.encoder.passedOptions.append(.init(name: String(text[..<eq]), value: String(text[text.index(after: eq)...])))
        }, write: { $0.encoder.passedOptions.map { "\($0.name)=\($0.value)" } }),
        RequestOption(name: "profile", specKey: "profile",
                      help: "Where the video goes (mp4): web (H.264 High, stereo AAC 48 kHz, for browsers) or app-store (Apple's app preview rules, checked before rendering; docs/IO.md).",
                      specType: .string, repeats: false, read: { value, request throws(OptionProblem) in
            request.encoder.profile = try pick(EncoderProfile.self, value)
        }, write: { [$0.encoder.profile?.rawValue].compactMap { $0 } }),
    ]

    /// The row named `name` (the command line's and the query's name).
    public static func option(_ name: String) -> RequestOption {
        guard let row = all.first(where: { $0.name == name }) else { preconditionFailure("no request option \(name)") }
        return row
    }

    /// The rows named, in the table's order: the options one front end offers.
    public static func options(_ names: Set<String>) -> [RequestOption] { all.filter { names.contains($0.name) } }

    /// An output size's problem, or nil: each side in `Limits.canvasSide`, the pixels within
    /// `Limits.canvasPixels` (without the value, which the caller's message already names).
    static func sizeProblem(_ size: PixelSize) -> String? {
        let side = Limits.canvasSide
        guard side.contains(size.width), side.contains(size.height), size.pixelCount <= Limits.canvasPixels else {
            return "each side must be in \(side.text), at most \(Limits.canvasPixels / (1024 * 1024)) Mpx in all"
        }
        return nil
    }

    // MARK: Reading

    /// Reads `given` (option name, value) in order into `request`; a problem becomes the
    /// error `failure` makes of the row and the problem's words.
    public static func read(_ given: [(name: String, value: OptionValue)], into request: inout JobRequest,
                            failure: (RequestOption, String) -> SegueError) throws(SegueError) {
        for (name, value) in given {
            let row = option(name)
            do throws(OptionProblem) { try row.read(value, into: &request) } catch { throw failure(row, error.detail) }
        }
    }

    /// The command line's words: `--fps 0: must be …`, a usage error (64).
    public static func readCommandLine(_ given: [(name: String, text: String)], into request: inout JobRequest) throws(SegueError) {
        try read(given.map { ($0.name, .text($0.text)) }, into: &request) { row, problem in .usage("--\(row.name) \(problem)") }
    }

    // MARK: Row makers

    private static func path(_ name: String, _ help: String, _ field: WritableKeyPath<JobRequest, String?> & Sendable) -> RequestOption {
        RequestOption(name: name, specKey: name, help: help, specType: .path, repeats: false, read: { value, request throws(OptionProblem) in
            guard case .text(let text) = value, !text.isEmpty else { throw OptionProblem(value, "expected a file name") }
            request[keyPath: field] = text
        }, write: { [$0[keyPath: field]].compactMap { $0 } })
    }

    private static func text(_ name: String, _ help: String, _ field: WritableKeyPath<JobRequest, String?> & Sendable) -> RequestOption {
        RequestOption(name: name, specKey: name, help: help, specType: .string, repeats: false, read: { value, request throws(OptionProblem) in
            guard case .text(let text) = value else { throw OptionProblem(value, "expected text") }
            request[keyPath: field] = text.isEmpty ? nil : text
        }, write: { [$0[keyPath: field]].compactMap { $0 } })
    }

    private static func bitrate(_ name: String, _ help: String, _ field: WritableKeyPath<JobRequest, String?> & Sendable) -> RequestOption {
        RequestOption(name: name, specKey: camelCase(name), help: help, specType: .string, repeats: false,
                      read: { value, request throws(OptionProblem) in
            let text: String
            switch value {
            case .text(let given): text = given
            case .number(let n): text = Allowed<Double>.format(n)
            }
            if let problem = EncoderSettings.bitrateProblem(text) { throw OptionProblem(value, problem) }
            request[keyPath: field] = text
        }, write: { [$0[keyPath: field]].compactMap { $0 } })
    }

    private static func number(_ name: String, _ help: String, _ allowed: Allowed<Double>,
                               _ field: WritableKeyPath<JobRequest, Double?> & Sendable) -> RequestOption {
        RequestOption(name: name, specKey: camelCase(name), help: help, specType: .number, repeats: false,
                      read: { value, request throws(OptionProblem) in
            request[keyPath: field] = try checked(number(value, "a number"), allowed, value)
        }, write: { [$0[keyPath: field].map { Allowed<Double>.format($0) }].compactMap { $0 } })
    }

    private static func whole(_ name: String, _ help: String, _ allowed: Allowed<Int>,
                              _ field: WritableKeyPath<JobRequest, Int?> & Sendable) -> RequestOption {
        RequestOption(name: name, specKey: camelCase(name), help: help, specType: .wholeNumber, repeats: false,
                      read: { value, request throws(OptionProblem) in
            let n = try number(value, "a whole number")
            guard n == n.rounded(), abs(n) <= 9_007_199_254_740_992 else { throw OptionProblem(value, "expected a whole number") }
            let whole = Int(n)
            if let problem = allowed.problem(whole) { throw OptionProblem(value, problem) }
            request[keyPath: field] = whole
        }, write: { [$0[keyPath: field].map(String.init)].compactMap { $0 } })
    }

    private static func choice<Choice: CaseIterable & RawRepresentable & Sendable & Equatable>(
        _ name: String, _ help: String, _ field: WritableKeyPath<JobRequest, Choice> & Sendable, default: Choice
    ) -> RequestOption where Choice.RawValue == String {
        RequestOption(name: name, specKey: name, help: help + " (\(Choice.choiceList); default \(`default`.rawValue))", specType: .string,
                      repeats: false, read: { value, request throws(OptionProblem) in
            request[keyPath: field] = try pick(Choice.self, value)
        }, write: { $0[keyPath: field] == `default` ? [] : [$0[keyPath: field].rawValue] })
    }

    /// One of an enum's cases by its name.
    private static func pick<Choice: CaseIterable & RawRepresentable>(_ type: Choice.Type, _ value: OptionValue) throws(OptionProblem) -> Choice
    where Choice.RawValue == String {
        guard case .text(let text) = value, let choice = Choice(rawValue: text) else { throw OptionProblem(value, "expected \(Choice.choiceList)") }
        return choice
    }

    /// A number, from a spec's number or from text.
    private static func number(_ value: OptionValue, _ expected: String) throws(OptionProblem) -> Double {
        switch value {
        case .number(let n): return n
        case .text(let text):
            guard let n = Double(text) else { throw OptionProblem(value, "expected \(expected)") }
            return n
        }
    }

    private static func checked(_ n: Double, _ allowed: Allowed<Double>, _ value: OptionValue) throws(OptionProblem) -> Double {
        if let problem = allowed.problem(n) { throw OptionProblem(value, problem) }
        return n
    }

    /// `png-compression` → `pngCompression`.
    static func camelCase(_ name: String) -> String {
        let words = name.split(separator: "-")
        return words.enumerated().map { $0.offset == 0 ? String($0.element) : $0.element.prefix(1).uppercased() + $0.element.dropFirst() }.joined()
    }
}
