import Foundation
import SegueCore
import SegueIO

/// Where and how one job writes.
public struct OutputSpec: Sendable {
    public var format: OutputFormat
    public var path: String
    public var pngCompression: PNGCompression
    /// What a `contact` output shows.
    public var sheet: ContactSheetSink.Layout
    /// A video output's encoder options.
    public var encoder: EncoderSettings
    public init(format: OutputFormat, path: String, pngCompression: PNGCompression = .fast,
                sheet: ContactSheetSink.Layout = ContactSheetSink.Layout(), encoder: EncoderSettings = EncoderSettings()) {
        self.format = format
        self.path = path
        self.pngCompression = pngCompression
        self.sheet = sheet
        self.encoder = encoder
    }
}

/// What a job did.
public struct JobOutcome: Sendable, Codable {
    /// Frames rendered and written by this process.
    public var frames: Int
    /// Frames `--resume` found complete and skipped.
    public var skipped: Int
    public var seconds: Double
    public var renderSeconds: Double
    /// The manifest written (PNG output), if any.
    public var manifest: String?
}

/// What a PNG-sequence process wrote: enough to check that shards together make the sequence,
/// and for `--resume` to trust exactly its frames (docs/BATCH.md "Frames, shards, manifests").
public struct Manifest: Codable, Sendable {
    /// `JobIdentity`: equal for every run (shard, resume) of the same job.
    public var job: String
    public var effect: String
    public var size: String
    public var fps: Double
    public var frameCount: Int
    public var frames: [FrameRecord]
    public var selection: String
    public var segueVersion: String
}

/// What the outputs of a job need to know of its frames, whatever makes them.
public struct JobShape {
    /// The effect's name, or the sequence's (manifests, messages).
    public var name: String
    public var size: PixelSize
    public var fps: Double
    public var frameCount: Int
    public var colorSpace: ColorSpace
    /// The sound video outputs carry (`--audio` writes it beside the others).
    public var audio: AudioTrack?
    /// `JobIdentity`, asked only for a PNG folder (the one output that can be resumed).
    public var identity: () -> String

    public init(name: String, size: PixelSize, fps: Double, frameCount: Int, colorSpace: ColorSpace, audio: AudioTrack? = nil,
                identity: @escaping () -> String) {
        self.name = name
        self.size = size
        self.fps = fps
        self.frameCount = frameCount
        self.colorSpace = colorSpace
        self.audio = audio
        self.identity = identity
    }

    public init(_ t: PreparedTransition, backend: String, version: String) {
        self.init(name: t.descriptor.name, size: t.size, fps: t.timeline.fps, frameCount: t.frameCount, colorSpace: t.colorSpace) {
            JobIdentity.of(t, backend: backend, version: version)
        }
    }
}

/// One job end to end: selects frames, skips on `--resume` the frames an earlier run of the
/// same job finished, renders into the sinks, writes the manifest. A PNG folder is locked
/// for the job's selection (`.MANIFEST.lock`) and journals its frames as they finish.
public enum RenderJob {
    /// `notice` receives one-line messages for stderr (a GIF leaving frames out).
    public static func run(_ transition: PreparedTransition, renderer: any FrameRenderer, output: OutputSpec,
                           selection: FrameSelection = FrameSelection(), resume: Bool = false,
                           extraSinks: [any FrameSink] = [], version: String,
                           progress: ((Int, Int) -> Void)? = nil, notice: (String) -> Void = { _ in }) throws(SegueError) -> JobOutcome {
        try run(transition, shape: JobShape(transition, backend: renderer.backendName, version: version), renderer: renderer,
                output: output, selection: selection, resume: resume, extraSinks: extraSinks, version: version,
                progress: progress, notice: notice)
    }

    /// A job whose frames come from `source`, written as `shape` says.
    public static func run(_ source: any FrameSource, shape: JobShape, renderer: any FrameRenderer, output: OutputSpec,
                           selection: FrameSelection = FrameSelection(), resume: Bool = false,
                           extraSinks: [any FrameSink] = [], version: String,
                           progress: ((Int, Int) -> Void)? = nil, notice: (String) -> Void = { _ in }) throws(SegueError) -> JobOutcome {
        if !selection.isAll && !output.format.isFrameSplittable {
            throw .usage("--frames/--shard need PNG output (\(output.format.rawValue) is one stream)")
        }
        if resume && output.format != .png { throw .usage("--resume needs PNG output") }
        if let profile = output.encoder.profile,
           let problem = profile.problem(container: output.format.videoContainer, size: shape.size, fps: shape.fps, frameCount: shape.frameCount) {
            throw .usage("profile \(profile.rawValue): \(problem)")
        }
        if output.path == "-" && !output.format.canWriteStdout {
            throw .usage("-o -: \(output.format == .png ? "a PNG folder" : output.format.rawValue) cannot go to stdout; choose a stream format "
                + "(--format \(OutputFormat.allCases.filter(\.canWriteStdout).map(\.rawValue).joined(separator: ", ")))")
        }
        var frames = try selection.frames(of: shape.frameCount)
        var kept: [FrameRecord] = []
        let sink: any FrameSink
        var pngSink: PNGSequenceSink?
        var lock: OutputLock?
        defer { lock?.release() }
        // Only a PNG folder can be resumed, so only it needs the job's identity.
        let job = output.format == .png ? shape.identity() : ""
        let manifestPath = output.path + "/" + selection.manifestName
        switch output.format {
        case .png:
            let s = try PNGSequenceSink(directory: output.path, compression: output.pngCompression, colorSpace: shape.colorSpace)
            lock = try OutputLock(path: OutputLock.path(beside: manifestPath), guarding: output.path)
            AtomicFile.removeStaleTemporaries(in: output.path,
                                              for: Set(frames.map(PNGSequenceSink.fileName(ofFrame:)) + [selection.manifestName]))
            if resume {
                let trusted = trustedRecords(in: output.path, job: job)
                var todo: [Int] = []
                for n in frames {
                    if let record = trusted[n], s.holds(record) { kept.append(record) } else { todo.append(n) }
                }
                frames = todo
            }
            s.journal = try FrameJournal(path: FrameJournal.path(forManifest: manifestPath), job: job, kept: kept)
            pngSink = s
            sink = s
        default:
            var stream = FrameStream(size: shape.size, fps: shape.fps, frameCount: shape.frameCount, colorSpace: shape.colorSpace, audio: shape.audio)
            stream.encoder = output.encoder
            sink = try output.format.streamSink(path: output.path, stream: stream, sheet: output.sheet, notice: notice)
        }
        let stats: RenderStats
        do throws(SegueError) {
            stats = try FrameLoop.run(source, renderer: renderer, sinks: [sink] + extraSinks, frames: frames, progress: progress)
        } catch {
            // No temporary file or ffmpeg process outlives a failed job.
            for s in [sink] + extraSinks { (s as? any AbortableFrameSink)?.abort() }
            throw error
        }
        var writtenManifest: String?
        if let pngSink {
            let manifest = Manifest(job: job, effect: shape.name, size: shape.size.description,
                                    fps: shape.fps, frameCount: shape.frameCount,
                                    frames: (kept + pngSink.records).sorted { $0.index < $1.index },
                                    selection: selection.description, segueVersion: version)
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            guard let data = try? encoder.encode(manifest) else { throw SegueError(.internalError, "manifest encoding failed") }
            try AtomicFile.write(Array(data) + [0x0A], to: manifestPath)
            pngSink.journal?.remove()
            writtenManifest = manifestPath
        }
        return JobOutcome(frames: stats.frames, skipped: kept.count, seconds: stats.seconds,
                          renderSeconds: stats.renderSeconds, manifest: writtenManifest)
    }

    /// Frames earlier runs of `job` recorded in `directory`, by index: from its manifests (any
    /// selection: a resumed job may be split differently) and from the journals of runs that
    /// were stopped before writing one.
    static func trustedRecords(in directory: String, job: String) -> [Int: FrameRecord] {
        var records: [Int: FrameRecord] = [:]
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        for name in names.sorted() {
            let path = directory + "/" + name
            if name.hasPrefix("manifest"), name.hasSuffix(".json"),
               let bytes = try? InputFile.contents(path, maxBytes: Limits.manifestBytes),
               let manifest = try? JSONDecoder().decode(Manifest.self, from: Data(bytes)), manifest.job == job {
                for record in manifest.frames { records[record.index] = record }
            } else if name.hasPrefix(".manifest"), name.hasSuffix(".journal") {
                for record in FrameJournal.records(at: path, job: job) { records[record.index] = record }
            }
        }
        return records
    }
}

extension FrameSelection: CustomStringConvertible {
    /// `all`, `frames 10-20`, `shard 1/4`, or both.
    public var description: String {
        var parts: [String] = []
        if let range { parts.append("frames \(range.lowerBound)-\(range.upperBound)") }
        if let shard { parts.append("shard \(shard)") }
        return parts.isEmpty ? "all" : parts.joined(separator: ", ")
    }
}
