import Foundation
import SegueCore
import SegueIO

/// A sequence written end to end: its frames through `RenderJob` (every output format, frame
/// selection and shards as for a transition; video outputs carry the sound), then, when asked,
/// the sound beside them as a WAV file.
public enum SequenceJob {
    /// `audioFile`: `--audio FILE.wav`. `notice` gets one-line messages for stderr.
    public static func run(_ sequence: PreparedSequence, renderer: any FrameRenderer, output: OutputSpec,
                           selection: FrameSelection = FrameSelection(), resume: Bool = false, audioFile: String? = nil,
                           version: String, progress: ((Int, Int) -> Void)? = nil,
                           notice: (String) -> Void = { _ in }) throws(SegueError) -> JobOutcome {
        if let audioFile, sequence.audio == nil {
            throw SegueError(.invalidInput, "--audio: no clip has sound and the sequence has no audio bed", path: audioFile)
        }
        if let audioFile, audioFile == output.path { throw .usage("--audio \(audioFile): is also the output (-o)") }
        let frames = SequenceFrames(sequence)
        defer { frames.close() }
        let shape = JobShape(name: sequence.name, size: sequence.size, fps: sequence.fps, frameCount: sequence.timeline.frameCount,
                             colorSpace: sequence.colorSpace, audio: sequence.audio) {
            identity(of: sequence, backend: renderer.backendName, version: version)
        }
        let outcome = try RenderJob.run(frames, shape: shape, renderer: renderer, output: output, selection: selection,
                                        resume: resume, version: version, progress: progress, notice: notice)
        if let audioFile, let track = sequence.audio { try WAVWriter.write(track, to: audioFile) }
        return outcome
    }

    /// `JobIdentity` of a sequence: the placements, every clip's file (its path, size and
    /// modification time: a changed file is a different job) and trim, every still's pixels and
    /// every cut's own identity (effect, parameters, timing and each step's plan).
    static func identity(of s: PreparedSequence, backend: String, version: String) -> String {
        var sum = ContentChecksum()
        sum.add("segue \(version) \(backend) sequence \(s.size) \(s.fps) \(s.colorSpace.rawValue) \(s.spec.fit.rawValue)")
        sum.add("\(s.timeline.clipFrames) \(s.timeline.cutFrames)")
        for clip in s.clips {
            var status = stat()
            let known = stat(clip.file, &status) == 0
            sum.add("\(clip.file) \(clip.start) \(known ? "\(status.st_size) \(status.st_mtim.tv_sec).\(status.st_mtim.tv_nsec)" : "?")")
            if let still = clip.still { sum.add(still.bytes) }
        }
        for cut in s.cuts { sum.add(JobIdentity.of(cut, images: cut.parameterImages, colorSpace: s.colorSpace, backend: backend, version: version)) }
        if let audio = s.audio { sum.add("\(audio)") }
        return sum.hex
    }
}

extension PreparedSequence {
    /// The spec file's name without its extension (`film.json5` → `film`): manifests and messages.
    public var name: String { Self.name(ofSpec: spec.file) }

    public static func name(ofSpec file: String) -> String {
        let base = (file as NSString).lastPathComponent
        return base.split(separator: ".").first.map(String.init) ?? base
    }
}
