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
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ffmpeg)
        process.arguments = ["-hide_banner", "-loglevel", "error", "-y", "-nostdin"] + track.inputArguments
            + ["-filter_complex", track.filterGraph(firstInput: 0), "-map", "[aout]", "-c:a", "pcm_s16le", "-f", "wav", file.temporaryPath]
        let log = try ChildProcessLog()
        defer { log.release() }
        process.standardError = log.handle
        process.standardOutput = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        let temporary = file.temporaryPath
        let token = try CleanupRegistry.shared.register(creating: { () throws(SegueError) in
            do { try process.run() } catch { throw SegueError(.io, "cannot start ffmpeg (\(error))", path: path) }
        }, cleanup: {
            if process.isRunning { kill(process.processIdentifier, SIGKILL); process.waitUntilExit() }
            unlink(temporary)
        }).1
        defer { CleanupRegistry.shared.remove(token) }
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            file.discard()
            throw SegueError(.io, "ffmpeg failed writing the audio: \(log.lastLine() ?? "exit status \(process.terminationStatus)")", path: path)
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
