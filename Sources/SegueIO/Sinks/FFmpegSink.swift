import Foundation
import SegueCore

/// Video files encoded by an `ffmpeg` child process: frames go to its stdin as raw RGBA (never
/// through a folder of temporary images); it writes the `AtomicFile`'s temporary name, renamed
/// into place on success.
public final class FFmpegSink: AbortableFrameSink, @unchecked Sendable {
    public enum Container: String, Sendable, CaseIterable {
        case mp4, webm, gif
    }

    public let path: String
    public let container: Container
    private let process = Process()
    private let input: ByteOutput
    private let file: AtomicFile
    private let logPath: String
    private let stdinHandle: FileHandle

    /// The first `ffmpeg` on `PATH`, or nil.
    public static func locate() -> String? {
        let dirs = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":")
        return dirs.map { "\($0)/ffmpeg" }.first { access($0, X_OK) == 0 }
    }

    /// Starts ffmpeg for frames of `size` at `fps`. Fails now (before any rendering) when
    /// ffmpeg is missing, naming the Debian package.
    public init(path: String, container: Container, size: PixelSize, fps: Double) throws(SegueError) {
        guard let ffmpeg = Self.locate() else {
            throw SegueError(.ffmpegMissing, "\(container.rawValue) output needs ffmpeg, which is not on PATH (Debian: apt-get install ffmpeg)",
                             path: path)
        }
        self.path = path
        self.container = container
        let parent = parentDirectory(of: path)
        if !parent.isEmpty { try makeDirectories(parent) }
        file = AtomicFile(path: path)
        logPath = NSTemporaryDirectory() + "segue-ffmpeg-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).log"
        _ = FileManager.default.createFile(atPath: logPath, contents: nil)

        process.executableURL = URL(fileURLWithPath: ffmpeg)
        process.arguments = ["-hide_banner", "-loglevel", "error", "-y",
                             "-f", "rawvideo", "-pix_fmt", Self.inputPixelFormat(container),
                             "-s", size.description, "-framerate", String(fps), "-i", "pipe:0"]
            + Self.encoderArguments(container) + ["-f", container.rawValue, file.temporaryPath]
        let pipe = Pipe()
        process.standardInput = pipe
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle(forWritingAtPath: logPath)
        do {
            try process.run()
        } catch {
            unlink(logPath)
            throw SegueError(.io, "cannot start ffmpeg (\(error))", path: path)
        }
        stdinHandle = pipe.fileHandleForWriting
        ByteOutput.enlargePipeBuffer(stdinHandle.fileDescriptor)
        input = ByteOutput(descriptor: stdinHandle.fileDescriptor, name: "ffmpeg (\(path))")
    }

    /// MP4 (H.264, 4:2:0) has no alpha: it gets the frame over black, which is the premultiplied
    /// RGB as it is (`rgb0` ignores the fourth byte). WebM (VP9 with alpha) and GIF get straight RGBA.
    static func inputPixelFormat(_ c: Container) -> String { c == .mp4 ? "rgb0" : "rgba" }

    static func encoderArguments(_ c: Container) -> [String] {
        switch c {
        case .mp4:
            // x264 4:2:0 needs even sides: pad by one transparent-black column/row when odd.
            return ["-vf", "pad=ceil(iw/2)*2:ceil(ih/2)*2", "-c:v", "libx264", "-preset", "medium", "-crf", "18",
                    "-pix_fmt", "yuv420p", "-movflags", "+faststart"]
        case .webm:
            return ["-c:v", "libvpx-vp9", "-crf", "32", "-b:v", "0", "-deadline", "good", "-cpu-used", "4",
                    "-row-mt", "1", "-pix_fmt", "yuva420p"]
        case .gif:
            return ["-filter_complex", "[0:v]split[a][b];[a]palettegen=reserve_transparent=1[p];[b][p]paletteuse",
                    "-loop", "0"]
        }
    }

    public func write(_ frame: PixelBuffer, index: Int) throws(SegueError) {
        var bytes = frame.bytes
        if container != .mp4 { unpremultiply(&bytes) }
        do throws(SegueError) {
            try input.write(bytes)
        } catch {
            // ffmpeg exited early: its own message says why better than EPIPE does.
            try? stdinHandle.close()
            process.waitUntilExit()
            let reason = failureReason()
            discard()
            throw reason ?? error
        }
    }

    public func finish() throws(SegueError) {
        try? stdinHandle.close()
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            let reason = failureReason() ?? SegueError(.io, "exit status \(process.terminationStatus)")
            discard()
            throw reason
        }
        unlink(logPath)
        try file.commit()
    }

    /// `PATH: ffmpeg failed: <its last stderr line>`.
    private func failureReason() -> SegueError? {
        let log = (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
        let last = log.split(whereSeparator: \.isNewline).last.map(String.init)
        return last.map { SegueError(.io, "ffmpeg failed: \($0)", path: path) }
    }

    public func abort() {
        try? stdinHandle.close()
        discard()
    }

    private func discard() {
        if process.isRunning { process.terminate(); process.waitUntilExit() }
        file.discard()
        unlink(logPath)
    }
}
