import Foundation
import SegueCore
import SegueIO

/// Where and how one job writes.
public struct OutputSpec: Sendable {
    public var format: OutputFormat
    public var path: String
    public var pngCompression: PNGCompression
    public init(format: OutputFormat, path: String, pngCompression: PNGCompression = .fast) {
        self.format = format
        self.path = path
        self.pngCompression = pngCompression
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

/// What a PNG-sequence process wrote: enough to check that shards together make the sequence.
public struct Manifest: Codable, Sendable {
    public var effect: String
    public var size: String
    public var fps: Double
    public var frameCount: Int
    public var frames: [FrameRecord]
    public var selection: String
    public var segueVersion: String
}

/// One job end to end: selects frames, skips complete ones on `--resume`, renders into the
/// sinks, writes the manifest.
public enum RenderJob {
    public static func run(_ transition: PreparedTransition, renderer: any FrameRenderer, output: OutputSpec,
                           selection: FrameSelection = FrameSelection(), resume: Bool = false,
                           extraSinks: [any FrameSink] = [], version: String,
                           progress: ((Int, Int) -> Void)? = nil) throws(SegueError) -> JobOutcome {
        if !selection.isAll && !output.format.isFrameSplittable {
            throw .usage("--frames/--shard need PNG output (\(output.format.rawValue) is one stream)")
        }
        if resume && output.format != .png { throw .usage("--resume needs PNG output") }
        if output.path == "-" && !output.format.canWriteStdout {
            throw .usage("-o -: only raw and y4m can go to stdout")
        }
        var frames = try selection.frames(of: transition.frameCount)
        var kept: [FrameRecord] = []
        let sink: any FrameSink
        var pngSink: PNGSequenceSink?
        switch output.format {
        case .png:
            let s = try PNGSequenceSink(directory: output.path, compression: output.pngCompression)
            if resume {
                var todo: [Int] = []
                for n in frames {
                    if let record = s.completeFrame(n, size: transition.size) { kept.append(record) } else { todo.append(n) }
                }
                frames = todo
            }
            pngSink = s
            sink = s
        case .raw: sink = try RawVideoSink(path: output.path)
        case .y4m: sink = try Y4MSink(path: output.path, fps: transition.timeline.fps)
        case .mp4: sink = try FFmpegSink(path: output.path, container: .mp4, size: transition.size, fps: transition.timeline.fps)
        case .webm: sink = try FFmpegSink(path: output.path, container: .webm, size: transition.size, fps: transition.timeline.fps)
        case .gif: sink = try FFmpegSink(path: output.path, container: .gif, size: transition.size, fps: transition.timeline.fps)
        case .contact:
            if let problem = ContactSheetSink.sizeProblem(frameSize: transition.size, frameCount: transition.frameCount) {
                throw SegueError(.invalidInput, problem, path: output.path)
            }
            sink = ContactSheetSink(path: output.path, frameCount: transition.frameCount)
        }
        let stats: RenderStats
        do throws(SegueError) {
            stats = try FrameLoop.run(transition, renderer: renderer, sinks: [sink] + extraSinks, frames: frames, progress: progress)
        } catch {
            // No temporary file or ffmpeg process outlives a failed job.
            for s in [sink] + extraSinks { (s as? any AbortableFrameSink)?.abort() }
            throw error
        }
        var manifestPath: String?
        if let pngSink {
            let manifest = Manifest(effect: transition.descriptor.name, size: transition.size.description,
                                    fps: transition.timeline.fps, frameCount: transition.frameCount,
                                    frames: (kept + pngSink.records).sorted { $0.index < $1.index },
                                    selection: selection.description, segueVersion: version)
            let path = output.path + "/" + selection.manifestName
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            guard let data = try? encoder.encode(manifest) else { throw SegueError(.internalError, "manifest encoding failed") }
            try AtomicFile.write(Array(data) + [0x0A], to: path)
            manifestPath = path
        }
        return JobOutcome(frames: stats.frames, skipped: kept.count, seconds: stats.seconds,
                          renderSeconds: stats.renderSeconds, manifest: manifestPath)
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
