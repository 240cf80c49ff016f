import Foundation
import SegueAuthoring
import SegueCore
import SegueIO

/// One job of a batch, resolved: paths are absolute or relative to the working directory.
public struct BatchJob: Sendable {
    /// 1-based position in the spec's `jobs`.
    public var index: Int
    public var name: String?
    public var request: TransitionRequest
    public var output: OutputSpec
    public var backend: BackendChoice?
    /// `fps` as the spec gives it: nil lets a video clip set the rate.
    public var fps: Double?
    /// `offset`: between video clips, the seconds of the from clip before the cut.
    public var offset: Double?

    /// The files the job reads, named as the spec names them (`job 2: key "from"`).
    func inputs() throws(SegueError) -> [NamedPath] {
        try request.inputFiles().map { NamedPath("\(label): \($0.0.specKey)", $0.1) }
    }

    /// Whether the effect is an author's shader (it runs under the per-frame time limit).
    public var runsUserShader: Bool { (try? request.catalog.resolve(request.effect))?.shader != nil }

    /// `job 2 "intro"` / `job 2`.
    public var label: String { name.map { "job \(index) \"\($0)\"" } ?? "job \(index)" }
}

/// `segue batch spec.json`: `{"defaults": {…}, "jobs": [{…}, …]}`. A job's keys mirror the
/// render flags; `defaults` gives any of them to every job. Every error names the file, the
/// job and the key. See docs/BATCH.md.
public enum BatchSpec {
    /// Keys a job (or `defaults`) may have, with the type each wants.
    static let keys: [String: String] = [
        "name": "string", "effect": "string", "from": "path", "to": "path", "output": "path",
        "format": "string", "size": "string", "fps": "number", "duration": "number", "timing": "string",
        "gesture": "path", "params": "object", "offset": "number", "backend": "string", "seed": "integer", "fit": "string", "colorspace": "string",
        "scale": "number or auto", "pngCompression": "string",
        "sheetFrames": "integer", "sheetColumns": "integer", "sheetWidth": "integer",
    ]

    /// Effect names resolve through `catalog`, as `segue render` resolves them.
    public static func load(path: String, catalog: EffectCatalog = EffectCatalog()) throws(SegueError) -> [BatchJob] {
        let data = Data(try InputFile.contents(path, maxBytes: InputFile.maxTextBytes))
        let base = (URL(fileURLWithPath: path).standardizedFileURL.deletingLastPathComponent().path as NSString)
        return try parse(data, file: path, baseDirectory: base as String, catalog: catalog)
    }

    /// Parses and checks a spec; relative paths resolve against `baseDirectory`.
    public static func parse(_ data: Data, file: String, baseDirectory: String,
                             catalog: EffectCatalog = EffectCatalog()) throws(SegueError) -> [BatchJob] {
        let root = try SpecValue.parse(data, file: file)
        guard case .object(let top) = root else { throw .invalidInput("\(file): expected an object with \"jobs\"") }
        for key in top.keys.sorted() where key != "defaults" && key != "jobs" {
            throw .invalidInput("\(file): unknown top-level key \"\(key)\" (expected \"defaults\" and \"jobs\")")
        }
        var defaults: [String: SpecValue] = [:]
        if let d = top["defaults"] {
            guard case .object(let o) = d else { throw .invalidInput("\(file): key \"defaults\": expected an object, got \(d.typeName)") }
            try checkKeys(o, context: "\(file): defaults")
            if o["output"] != nil || o["name"] != nil {
                throw .invalidInput("\(file): defaults: key \"\(o["output"] != nil ? "output" : "name")\": belongs to each job, not to defaults")
            }
            defaults = o
        }
        guard let jobsValue = top["jobs"] else { throw .invalidInput("\(file): missing key \"jobs\"") }
        guard case .array(let items) = jobsValue, !items.isEmpty else {
            throw .invalidInput("\(file): key \"jobs\": expected a non-empty array of objects")
        }
        var jobs: [BatchJob] = []
        for (i, item) in items.enumerated() {
            guard case .object(let own) = item else {
                throw .invalidInput("\(file): job \(i + 1): expected an object, got \(item.typeName)")
            }
            var name: String?
            if case .string(let n)? = own["name"] { name = n }
            let context = "\(file): " + (name.map { "job \(i + 1) \"\($0)\"" } ?? "job \(i + 1)")
            try checkKeys(own, context: context)
            let merged = defaults.merging(own) { _, job in job }
            jobs.append(try job(merged, index: i + 1, name: name, context: context, base: baseDirectory, catalog: catalog))
        }
        try checkOutputs(jobs, file: file)
        try checkInputsExist(jobs, file: file)
        try checkSettings(jobs, file: file)
        return jobs
    }

    private static func checkKeys(_ object: [String: SpecValue], context: String) throws(SegueError) {
        for key in object.keys.sorted() where keys[key] == nil {
            throw .invalidInput("\(context): unknown key \"\(key)\" (known: \(keys.keys.sorted().joined(separator: ", ")))")
        }
        for (key, value) in object.sorted(by: { $0.key < $1.key }) {
            let want = keys[key]!
            let ok: Bool
            switch (want, value) {
            case ("string", .string), ("path", .string), ("number", .number), ("object", .object): ok = true
            case ("number or auto", .number), ("number or auto", .string("auto")): ok = true
            case ("integer", .number(let n)): ok = n == n.rounded() && n >= 0 && n <= 9_007_199_254_740_992
            default: ok = false
            }
            guard ok else {
                let expected = want == "path" ? "a string (a path)" : want == "integer" ? "a whole number ≥ 0"
                    : want == "number or auto" ? "a number or \"auto\"" : "a \(want)"
                throw .invalidInput("\(context): key \"\(key)\": expected \(expected), got \(value.typeName)")
            }
        }
    }

    private static func job(_ o: [String: SpecValue], index: Int, name: String?, context: String, base: String,
                            catalog: EffectCatalog) throws(SegueError) -> BatchJob {
        let object = SpecObject(o, context: context, keys: keys, base: base)
        func string(_ key: String) -> String? { object.string(key) }
        func number(_ key: String) -> Double? { object.number(key) }
        func bad(_ key: String, _ why: String) -> SegueError { object.bad(key, why) }
        func resolve(_ p: String) -> String { object.resolve(p) }
        func input(_ key: String) -> String? { object.path(key) }

        guard var effect = string("effect") else { throw .invalidInput("\(context): missing key \"effect\"") }
        if effect.hasSuffix(".glsl") || effect.hasSuffix(".frag") {
            effect = resolve(effect)
        } else if !catalog.effectNames.contains(effect) {
            throw bad("effect", "unknown effect \"\(effect)\" (known: \(catalog.effectNames.joined(separator: ", ")))")
        }
        var request = TransitionRequest(effect: effect)
        request.catalog = catalog
        request.from = input("from")
        request.to = input("to")
        request.gesture = input("gesture")
        if let s = string("size") {
            guard let size = PixelSize(parsing: s) else { throw bad("size", "\"\(s)\": expected WxH, e.g. 1920x1080") }
            if let problem = TransitionRequest.problem(size: size) { throw bad("size", problem) }
            request.size = size
        }
        if let fps = number("fps") {
            if let problem = TransitionRequest.problem(fps: fps) { throw bad("fps", problem) }
            request.fps = fps
        }
        if let d = number("duration") {
            if let problem = TransitionRequest.problem(duration: d) { throw bad("duration", problem) }
            request.duration = d
        }
        request.timing = string("timing")
        if let f = string("fit") {
            guard let fit = FitMode(rawValue: f) else { throw bad("fit", "\"\(f)\": expected \(FitMode.choiceList)") }
            request.fit = fit
        }
        if let c = string("colorspace") {
            guard let choice = ColorSpaceChoice(rawValue: c) else { throw bad("colorspace", "\"\(c)\": expected \(ColorSpaceChoice.choiceList)") }
            request.colorSpace = choice
        }
        if let s = number("scale") {
            if let problem = TransitionRequest.problem(scale: s) { throw bad("scale", problem) }
            request.scale = s
        }
        if let seed = number("seed") { request.seed = UInt64(seed) }
        request.parameters = try object.parameters("params")
        var backend: BackendChoice?
        if let b = string("backend") {
            guard let choice = BackendChoice(rawValue: b) else { throw bad("backend", "\"\(b)\": expected \(BackendChoice.choiceList)") }
            backend = choice
        }
        guard let out = string("output") else { throw .invalidInput("\(context): missing key \"output\"") }
        // An empty path would resolve to the spec's own folder and fill it with frames.
        guard !out.isEmpty else { throw bad("output", "empty: name a folder, a file or - (stdout)") }
        let outputPath = out == "-" ? "-" : resolve(out)
        let format: OutputFormat
        if let f = string("format") {
            guard let explicit = OutputFormat(rawValue: f) else {
                throw bad("format", "\"\(f)\": expected \(OutputFormat.choiceList)")
            }
            format = explicit
        } else {
            // Inferred from the name as written: resolving drops a trailing `/`.
            do throws(SegueError) { format = try OutputFormat.inferred(from: out, formatOption: "key \"format\"") } catch {
                throw bad("output", error.message)
            }
        }
        if outputPath == "-" && !format.canWriteStdout { throw bad("output", "\"-\" (stdout) cannot take \(format.rawValue)") }
        var sheet = ContactSheetSink.Layout()
        for (key, limit, field) in [("sheetFrames", Limits.sheetFrames, \ContactSheetSink.Layout.frames),
                                    ("sheetColumns", Limits.sheetColumns, \.columns), ("sheetWidth", Limits.sheetWidth, \.thumbnailWidth)] {
            // `checkKeys` took only whole numbers up to 2^53.
            guard let value = number(key).map({ Int($0) }) else { continue }
            if let problem = limit.problem(value) { throw bad(key, "\(value): \(problem)") }
            sheet[keyPath: field] = value
        }
        var compression = PNGCompression.fast
        if let c = string("pngCompression") {
            guard let value = PNGCompression(rawValue: c) else { throw bad("pngCompression", "\"\(c)\": expected \(PNGCompression.choiceList)") }
            compression = value
        }
        if let offset = number("offset"), let problem = Limits.duration.problem(offset) { throw bad("offset", "\(readable(offset)): \(problem)") }
        return BatchJob(index: index, name: name, request: request,
                        output: OutputSpec(format: format, path: outputPath, pngCompression: compression, sheet: sheet), backend: backend,
                        fps: number("fps"), offset: number("offset"))
    }

    /// Inputs are checked after outputs, so an input that another job would write is reported
    /// as that, not as a missing file.
    private static func checkInputsExist(_ jobs: [BatchJob], file: String) throws(SegueError) {
        for job in jobs {
            for (input, path) in [(RequestInput.from, job.request.from), (.to, job.request.to), (.gesture, job.request.gesture),
                                  (.shader, job.request.effect.hasPrefix("/") ? job.request.effect : nil)] {
                guard let path else { continue }
                do throws(SegueError) { _ = try InputFile.prefix(path, count: 0) } catch {
                    throw SegueError(.missingInput, "\(file): \(job.label): \(input.specKey): \(error.message)")
                }
            }
        }
    }

    /// What `render` would refuse before its first frame — the effect's parameters, the
    /// timing, the duration a curve implies, a gesture file, images named by parameters — is
    /// refused here, before any job renders, naming the job.
    private static func checkSettings(_ jobs: [BatchJob], file: String) throws(SegueError) {
        for job in jobs {
            do throws(SegueError) {
                let settings = try TransitionSettings(job.request)
                if let gesture = job.request.gesture { _ = try GestureTrack.load(path: gesture, options: job.request.gestureOptions) }
                for (_, path) in settings.parameterImages {
                    do throws(SegueError) { _ = try InputFile.prefix(path, count: 0) } catch {
                        throw SegueError(error.kind, "key \"params\": \(error.message)")
                    }
                }
            } catch {
                // A bad value in a spec is bad data (65), not a bad command line (64).
                throw SegueError(error.kind == .usage ? .invalidInput : error.kind, "\(file): \(job.label): \(error.message)")
            }
        }
    }

    /// No two jobs write the same place (one stdout at most), and no job's output is, or is a
    /// folder holding, a file any job reads or the spec itself (`OutputConflicts`, by file
    /// identity: links and `..` change nothing).
    private static func checkOutputs(_ jobs: [BatchJob], file: String) throws(SegueError) {
        let toStdout = jobs.filter { $0.output.path == "-" }
        if toStdout.count > 1 {
            throw .usage("\(file): \(toStdout[1].label): key \"output\": stdout is also the output of \(toStdout[0].label)")
        }
        var inputs = [NamedPath("the spec", file)]
        for job in jobs {
            // A job whose settings are wrong is reported by `checkSettings` with its own message.
            inputs += (try? job.inputs()) ?? []
        }
        do throws(SegueError) {
            try OutputConflicts.check(inputs: inputs, outputs: jobs.map { $0.output.named("\($0.label): key \"output\"") })
        } catch {
            throw SegueError(error.kind, "\(file): \(error.message)")
        }
    }
}
