import Foundation
import SegueAuthoring
import SegueCore
import SegueIO

/// One job of a batch, resolved: paths are absolute or relative to the working directory.
public struct BatchJob: Sendable {
    /// 1-based position in the spec's `jobs`.
    public var index: Int
    public var name: String?
    public var job: Job

    public var request: TransitionRequest { job.request.transition }
    public var output: OutputSpec { job.output }

    /// The files the job reads, named as the spec names them (`job 2: key "from"`).
    func inputs() throws(SegueError) -> [NamedPath] {
        try request.inputFiles().map { NamedPath("\(label): \($0.0.specKey)", $0.1) }
    }

    /// Whether the effect is an author's shader (it runs under the per-frame time limit).
    public var runsUserShader: Bool { (try? request.catalog.resolve(request.effect))?.shader != nil }

    /// `job 2 "intro"` / `job 2`.
    public var label: String { name.map { "job \(index) \"\($0)\"" } ?? "job \(index)" }
}

/// `segue batch spec.json`: `{"defaults": {…}, "jobs": [{…}, …]}`. A job's keys are the request
/// options (`RequestOptions`, the render flags in camelCase) and its own `name`, `effect` and
/// `output`; `defaults` gives any option to every job. Every error names the file, the job and
/// the key. See docs/BATCH.md.
public enum BatchSpec {
    /// The keys a job (or `defaults`) may have, with the type each wants.
    static let keys = SpecObject.keys(RequestOptions.all, own: ["name": .string, "effect": .string, "output": .path])

    /// Effect names resolve through `catalog`, as `segue render` resolves them;
    /// `pngCompression` is for jobs whose spec names none (`segue batch --png-compression`).
    public static func load(path: String, catalog: EffectCatalog = EffectCatalog(),
                            pngCompression: PNGCompression = .fast) throws(SegueError) -> [BatchJob] {
        let data = Data(try InputFile.contents(path, maxBytes: InputFile.maxTextBytes))
        let base = (URL(fileURLWithPath: path).standardizedFileURL.deletingLastPathComponent().path as NSString)
        return try parse(data, file: path, baseDirectory: base as String, catalog: catalog, pngCompression: pngCompression)
    }

    /// Parses and checks a spec; relative paths resolve against `baseDirectory`.
    public static func parse(_ data: Data, file: String, baseDirectory: String, catalog: EffectCatalog = EffectCatalog(),
                             pngCompression: PNGCompression = .fast) throws(SegueError) -> [BatchJob] {
        let root = try SpecValue.parse(data, file: file)
        guard case .object(let top) = root else { throw .invalidInput("\(file): expected an object with \"jobs\"") }
        for key in top.keys.sorted() where key != "defaults" && key != "jobs" {
            throw .invalidInput("\(file): unknown top-level key \"\(key)\" (expected \"defaults\" and \"jobs\")")
        }
        var defaults: [String: SpecValue] = [:]
        if let d = top["defaults"] {
            guard case .object(let o) = d else { throw .invalidInput("\(file): key \"defaults\": expected an object, got \(d.typeName)") }
            try SpecObject(o, context: "\(file): defaults", keys: keys, base: baseDirectory).checkKeys()
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
            try SpecObject(own, context: context, keys: keys, base: baseDirectory).checkKeys()
            let merged = SpecObject(defaults.merging(own) { _, job in job }, context: context, keys: keys, base: baseDirectory)
            jobs.append(try job(merged, index: i + 1, name: name, catalog: catalog, pngCompression: pngCompression))
        }
        try checkOutputs(jobs, file: file)
        try checkInputsExist(jobs, file: file)
        try checkSettings(jobs, file: file)
        return jobs
    }

    private static func job(_ object: SpecObject, index: Int, name: String?, catalog: EffectCatalog,
                            pngCompression: PNGCompression) throws(SegueError) -> BatchJob {
        guard var effect = object.string("effect") else { throw object.missing("effect") }
        if effect.hasSuffix(".glsl") || effect.hasSuffix(".frag") {
            effect = object.resolve(effect)
            try object.checkExists("effect", effect)
        } else if !catalog.knows(effect) {
            throw object.bad("effect", "unknown effect \"\(effect)\" (known: \(catalog.effectNames.joined(separator: ", ")))")
        }
        var request = JobRequest(effect: effect)
        request.transition.catalog = catalog
        try object.read(RequestOptions.all, into: &request)
        guard let out = object.string("output") else { throw object.missing("output") }
        // An empty path would resolve to the spec's own folder and fill it with frames.
        guard !out.isEmpty else { throw object.bad("output", "empty: name a folder, a file or - (stdout)") }
        // The format is inferred from the name as written: resolving drops a trailing `/`.
        let format: OutputFormat
        do throws(SegueError) {
            format = if let given = request.format { given } else { try OutputFormat.inferred(from: out, formatOption: "key \"format\"") }
        } catch {
            throw object.bad("output", error.message)
        }
        request.format = format
        if out == "-" && !format.canWriteStdout { throw object.bad("output", "\"-\" (stdout) cannot take \(format.rawValue)") }
        let job: Job
        do throws(SegueError) {
            job = try Job(request, output: out == "-" ? "-" : object.resolve(out), pngCompression: pngCompression, frontEnd: .spec)
        } catch {
            throw SegueError(error.kind == .usage ? .invalidInput : error.kind, "\(object.context): \(error.message)")
        }
        return BatchJob(index: index, name: name, job: job)
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
