import Foundation
import SegueCore

/// `--audio FILE.wav`: a timeline's sound beside outputs that carry none (PNG frames, raw,
/// y4m), as 16-bit PCM at `AudioTrack.sampleRate`, stereo. ffmpeg mixes it into the file's
/// temporary name, which is renamed into place only when ffmpeg succeeded; an interruption
/// stops ffmpeg and removes the temporary.
public enum WAVWriter {
    public static func write(_ track: AudioTrack, to path: String) throws(SegueError) {
        guard let ffmpeg = FFmpegSink.locate() else {
            throw SegueError(.ffmpegMissing, "audio needs ffmpeg, which is not on PATH (Debian: apt-get install ffmpeg)", path: path)
        }
        guard case .file(let resolved) = try OutputDestination(path) else {
            throw SegueError(.usage, "--audio needs a file name (a WAV file is rewound to write its header)", path: path)
        }
        let parent = parentDirectory(of: resolved)
        if !parent.isEmpty { try makeDirectories(parent) }
        let lock = try OutputLock(path: OutputLock.path(beside: resolved), guarding: path)
        defer { lock.release() }
        let file = AtomicFile(path: resolved)
        let temporary = file.temporaryPath
        let child = try ChildProcess(ffmpeg, ["-hide_banner", "-loglevel", "error", "-y", "-nostdin"] + track.inputArguments
            + ["-filter_complex", track.filterGraph(firstInput: 0), "-map", "[aout]", "-c:a", "pcm_s16le", "-f", "wav", temporary],
            name: path) { unlink(temporary) }
        defer { child.releaseCleanup() }
        let end = child.waitForExit()
        guard end.succeeded else {
            file.discard()
            throw SegueError(.io, "ffmpeg failed writing the audio: \(child.lastErrorLine() ?? "exit status \(end.status)")", path: path)
        }
        do throws(SegueError) {
            try SoundAlignment.check(file.temporaryPath, path: path, length: track.length, fps: nil, hasVideo: false)
        } catch {
            file.discard()
            throw error
        }
        try file.commit()
    }
}
