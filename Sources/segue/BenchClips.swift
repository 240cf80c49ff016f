import ArgumentParser
import Foundation
import SegueCore
import SegueIO
import SeguePipeline

/// `segue bench EFFECT --clips A B --end-to-end FORMAT`: a transition between two video clips,
/// timed as a user waits for it — decoding, the timeline, the sound and the output — against
/// ffmpeg's `xfade` (and `acrossfade` when the output carries sound) writing the same format
/// with the same encoder settings, in the same run.
extension BenchCommand {
    /// The transition's length in the clip benchmark; its offset is xfade's default use, the
    /// end of the from clip.
    static let clipTransitionSeconds = 1.0

    struct ClipRow: Encodable {
        var effect: String
        var from: String
        var to: String
        var format: String
        var frames: Int
        /// Whole runs, seconds.
        var seconds: Stat
        var fps: Double
        var ffmpeg: ClipFFmpegRow?
    }
    struct ClipFFmpegRow: Encodable {
        var command: String
        var seconds: Stat
        /// ffmpeg's median time / Segue's: above 1, Segue is faster.
        var speedup: Double
    }

    func benchClips(size: PixelSize, ffmpeg: String?) throws(SegueError) -> [ClipRow] {
        guard clips.count == 2 else { throw .usage("--clips: give two video files (from, to), not \(clips.count)") }
        guard !endToEnd.isEmpty else { throw .usage("--clips: needs --end-to-end raw, y4m, png or mp4") }
        let session = RenderSession(backend: backend == .all ? .software : BackendChoice(rawValue: backend.rawValue) ?? .software,
                                    eglPlatform: gl.eglPlatform, notice: { printError("segue: \($0)") })
        var rows: [ClipRow] = []
        for name in effects.isEmpty ? ["fade"] : effects {
            for format in endToEnd {
                let row = try benchClip(name, format: format, size: size, session: session, ffmpeg: ffmpeg)
                if !json { printError(Self.line(row)) }
                rows.append(row)
            }
        }
        return rows
    }

    /// One effect between the two clips, written as `format`, timed `runs` times.
    private func benchClip(_ name: String, format: EndToEndFormat, size: PixelSize, session: RenderSession,
                           ffmpeg: String?) throws(SegueError) -> ClipRow {
        var spec = SequenceSpec(file: "bench")
        spec.size = size
        spec.clips = clips.map { SequenceSpec.Clip(file: $0) }
        var request = try transitionRequest(effect: name)
        request.duration = Self.clipTransitionSeconds
        request.timing = "linear"
        spec.transitions = [request]
        let sequence = try PreparedSequence(spec)
        let renderer = try session.renderer(for: sequence)
        let dir = NSTemporaryDirectory() + "segue-bench-clips-\(getpid())"
        try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = format == .raw || format == .y4m ? "/dev/null" : dir + (format == .png ? "/frames" : "/out.mp4")
        var times: [Double] = []
        for run in 0...runs {
            let start = DispatchTime.now()
            _ = try SequenceJob.run(sequence, renderer: renderer, output: OutputSpec(format: format.output, path: path),
                                    version: Segue.version)
            if run > 0 { times.append(Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9) }
            if path != "/dev/null" { try? FileManager.default.removeItem(atPath: path) }
        }
        let stat = Stat(times)
        var row = ClipRow(effect: name, from: clips[0], to: clips[1], format: format.rawValue, frames: sequence.timeline.frameCount,
                          seconds: stat, fps: Double(sequence.timeline.frameCount) / stat.median)
        if let ffmpeg, let xfade = Self.xfadeEquivalent(of: name, parameters: request.parameters) {
            row.ffmpeg = try timeXfadeClips(ffmpeg, xfade: xfade, sequence: sequence, format: format, dir: dir, segue: stat.median)
        }
        return row
    }

    /// The equivalent ffmpeg command: both clips scaled to the canvas, `xfade` at the same
    /// offset and duration, `acrossfade` over the same span when both have sound and the format
    /// carries it (MP4), `FFmpegSink`'s own filters and encoders.
    private func timeXfadeClips(_ ffmpeg: String, xfade: String, sequence s: PreparedSequence, format: EndToEndFormat,
                                dir: String, segue: Double) throws(SegueError) -> ClipFFmpegRow {
        let fps = readable(s.fps, decimals: 6)
        let offset = readable(Double(s.timeline.cutStart(0)) / s.fps, decimals: 6)
        let duration = readable(Double(s.timeline.cutFrames[0]) / s.fps, decimals: 6)
        let conform = { (i: Int) in "[\(i):v]fps=\(fps),scale=\(s.size.width):\(s.size.height),setsar=1[v\(i)];" }
        var graph = conform(0) + conform(1) + "[v0][v1]xfade=transition=\(xfade):duration=\(duration):offset=\(offset)"
        var maps = ["-map", "[v]"]
        let output: [String]
        switch format {
        case .raw: output = ["-f", "rawvideo", "-pix_fmt", "rgba", "-"]
        case .y4m: output = ["-f", "yuv4mpegpipe", "-pix_fmt", "yuv444p", "-"]
        case .png: output = ["-pix_fmt", "rgba", "-compression_level", "1", "-f", "image2", dir + "/ffmpeg-%06d.png"]
        case .mp4:
            graph += FFmpegSink.filterGraph(.mp4, .srgb).map { "," + $0 } ?? ""
            if s.clips.allSatisfy(\.media.hasAudio) {
                graph += "[v];[0:a][1:a]acrossfade=d=\(duration):c1=qsin:c2=qsin[a]"
                maps += ["-map", "[a]"]
            }
            output = FFmpegSink.encoderArguments(.mp4) + (FFmpegSink.Container.mp4.encoding.audio ?? []) + [dir + "/ffmpeg.mp4"]
        }
        if !graph.hasSuffix("[a]") { graph += "[v]" }
        let arguments = ["-hide_banner", "-v", "error", "-nostdin", "-y", "-i", s.clips[0].file, "-i", s.clips[1].file,
                         "-filter_complex", graph] + maps + output
        var times: [Double] = []
        for run in 0...runs {
            let seconds = try runFFmpeg(ffmpeg, arguments)
            if run > 0 { times.append(seconds) }
        }
        let stat = Stat(times)
        return ClipFFmpegRow(command: "ffmpeg " + arguments.filter { !$0.hasPrefix(dir) }.joined(separator: " "), seconds: stat,
                             speedup: stat.median / max(1e-9, segue))
    }

    static func line(_ r: ClipRow) -> String {
        var s = String(format: "%@ %@ → %@ into %@: %d frames in %.2f s (%.2f–%.2f), %.1f fps", r.effect, fileName(r.from), fileName(r.to),
                       r.format, r.frames, r.seconds.median, r.seconds.min, r.seconds.max, r.fps)
        if let f = r.ffmpeg {
            s += String(format: "  | ffmpeg xfade%@ %.2f s (%.2f–%.2f) → segue %.2f× as fast", r.format == "mp4" ? "+acrossfade" : "",
                        f.seconds.median, f.seconds.min, f.seconds.max, f.speedup)
        }
        return s
    }

    private static func fileName(_ path: String) -> String { String(path.split(separator: "/").last ?? "") }
}
