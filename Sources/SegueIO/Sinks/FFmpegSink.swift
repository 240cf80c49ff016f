import Foundation
import SegueCore

/// Video files encoded by an `ffmpeg` child process: frames go to its stdin as raw RGBA (never
/// through a folder of temporary images). A regular file is written by ffmpeg under the
/// `AtomicFile`'s temporary name, renamed into place on success; standard output and special
/// files (a FIFO, a device) get ffmpeg's stream directly (`pipe:1`, MP4 fragmented since a
/// stream cannot be rewound). ffmpeg's messages go to an unnamed temporary file, which
/// disappears with the process whatever way it ends.
public final class FFmpegSink: OwningFrameSink, AbortableFrameSink, @unchecked Sendable {
    public enum Container: String, Sendable, CaseIterable {
        case mp4, webm, gif
    }

    public let path: String
    public let container: Container
    private let process = Process()
    private let input: ByteOutput
    private let stdinHandle: FileHandle
    private let straight = StraightAlphaFrames()
    /// A regular file: ffmpeg writes `file`'s temporary name; `lock` guards the final name.
    private let file: AtomicFile?
    private let lock: OutputLock?
    /// Standard output or a special file: ffmpeg's stdout.
    private let stream: ByteOutput?
    private let log: Int32
    private let cleanup: CleanupRegistry.Token
    /// Set once the output is committed or discarded.
    private var done = false

    /// The first `ffmpeg` on `PATH`, or nil.
    public static func locate() -> String? {
        let dirs = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":")
        return dirs.map { "\($0)/ffmpeg" }.first { access($0, X_OK) == 0 }
    }

    /// Starts ffmpeg for frames of `size` at `fps` whose numbers are in `colorSpace`. Fails now
    /// (before any rendering) when ffmpeg is missing, naming the Debian package.
    public init(path: String, container: Container, size: PixelSize, fps: Double, colorSpace: ColorSpace = .srgb) throws(SegueError) {
        guard let ffmpeg = Self.locate() else {
            throw SegueError(.ffmpegMissing, "\(container.rawValue) output needs ffmpeg, which is not on PATH (Debian: apt-get install ffmpeg)",
                             path: path)
        }
        self.path = path
        self.container = container
        let target: String
        switch try OutputDestination(path) {
        case .file(let resolved):
            let parent = parentDirectory(of: resolved)
            if !parent.isEmpty { try makeDirectories(parent) }
            lock = try OutputLock(path: OutputLock.path(beside: resolved), guarding: path)
            AtomicFile.removeStaleTemporaries(in: parent, for: [fileName(of: resolved)])
            let file = AtomicFile(path: resolved)
            self.file = file
            stream = nil
            target = file.temporaryPath
            process.standardOutput = FileHandle.nullDevice
        case .standardOutput, .special:
            let stream = try ByteOutput(path: path)
            self.stream = stream
            file = nil
            lock = nil
            target = "pipe:1"
            process.standardOutput = FileHandle(fileDescriptor: stream.descriptor, closeOnDealloc: false)
        }
        log = try Self.anonymousLogFile()

        process.executableURL = URL(fileURLWithPath: ffmpeg)
        process.arguments = ["-hide_banner", "-loglevel", "error", "-y",
                             "-f", "rawvideo", "-pix_fmt", Self.inputPixelFormat(container),
                             "-s", size.description, "-framerate", String(fps), "-i", "pipe:0"]
            + Self.filterArguments([Self.videoFilter(container), Self.colorFilter(container)].compactMap { $0 })
            + Self.encoderArguments(container, seekable: file != nil) + Self.colorArguments(container, colorSpace)
            + ["-f", container.rawValue, target]
        let pipe = Pipe()
        process.standardInput = pipe
        process.standardError = FileHandle(fileDescriptor: log, closeOnDealloc: false)
        let (process, temporary) = (process, file?.temporaryPath)
        do throws(SegueError) {
            // Started and registered as one step: an interruption stops the child and removes
            // its file, never one without the other.
            cleanup = try CleanupRegistry.shared.register(creating: { () throws(SegueError) in
                do { try process.run() } catch { throw SegueError(.io, "cannot start ffmpeg (\(error))", path: path) }
            }, cleanup: {
                if process.isRunning { kill(process.processIdentifier, SIGKILL); process.waitUntilExit() }
                if let temporary { unlink(temporary) }
            }).1
        } catch {
            close(log)
            stream?.discard()
            lock?.release()
            throw error
        }
        stdinHandle = pipe.fileHandleForWriting
        ByteOutput.enlargePipeBuffer(stdinHandle.fileDescriptor)
        input = ByteOutput(descriptor: stdinHandle.fileDescriptor, name: "ffmpeg (\(path))")
    }

    /// A file in the temporary folder that has no name from the start (created, then unlinked
    /// at once, with no interruption possible in between): nothing is ever left in /tmp.
    private static func anonymousLogFile() throws(SegueError) -> Int32 {
        let folder = NSTemporaryDirectory()
        let (fd, _) = try CleanupRegistry.shared.register(creating: { () throws(SegueError) in
            var template = Array((folder + "segue-ffmpeg-XXXXXX").utf8CString)
            let fd = template.withUnsafeMutableBufferPointer { b -> Int32 in b.baseAddress.map { mkstemp($0) } ?? -1 }
            guard fd >= 0 else { throw .system(path: folder) }
            unlink(String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self))
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            return fd
        }, cleanup: {})
        return fd
    }

    /// MP4 (H.264, 4:2:0) has no alpha: it gets the frame over black, which is the premultiplied
    /// RGB as it is (`rgb0` ignores the fourth byte). WebM (VP9 with alpha) and GIF get straight RGBA.
    static func inputPixelFormat(_ c: Container) -> String { c == .mp4 ? "rgb0" : "rgba" }

    /// The filter applied before encoding: x264 4:2:0 needs even sides, so MP4 is padded by one
    /// transparent-black column/row when odd.
    public static func videoFilter(_ c: Container) -> String? { c == .mp4 ? "pad=ceil(iw/2)*2:ceil(ih/2)*2" : nil }

    /// `-vf` with `filters` in order, or nothing.
    static func filterArguments(_ filters: [String]) -> [String] {
        filters.isEmpty ? [] : ["-vf", filters.joined(separator: ",")]
    }

    /// RGB → YUV with the BT.709 matrix, limited range, for the formats that encode YUV: ffmpeg's
    /// swscale converts with BT.601 unless told (FFmpeg filters documentation, `scale`:
    /// `out_color_matrix`, `out_range`), and players read an untagged or BT.709-tagged HD stream
    /// with BT.709. GIF keeps RGB.
    public static func colorFilter(_ c: Container) -> String? {
        c == .gif ? nil : "scale=out_color_matrix=bt709:out_range=tv"
    }

    /// The tags that say what the YUV numbers mean, so ffmpeg, browsers and QuickTime decode the
    /// same colours: the BT.709 matrix and limited range (as `colorFilter` made them), the
    /// working space's primaries (BT.709, which sRGB shares, or SMPTE EG 432-1 for Display P3)
    /// and the sRGB transfer (IEC 61966-2-1): H.273 code points 1/1 or 12, 13, into the H.264 VUI
    /// and MP4 `colr` box, the VP9 header and WebM `Colour` element. GIF has no such tags.
    public static func colorArguments(_ c: Container, _ space: ColorSpace) -> [String] {
        guard c != .gif else { return [] }
        return ["-colorspace", "bt709", "-color_primaries", space == .displayP3 ? "smpte432" : "bt709",
                "-color_trc", "iec61966-2-1", "-color_range", "tv"]
    }

    /// Encoder and container options (`segue bench --compare-ffmpeg` gives ffmpeg the same).
    /// `seekable`: a regular file (MP4 moves its index to the front); otherwise a stream (MP4
    /// written as fragments, which needs no seeking).
    public static func encoderArguments(_ c: Container, seekable: Bool = true) -> [String] {
        switch c {
        case .mp4:
            return ["-c:v", "libx264", "-preset", "medium", "-crf", "18",
                    "-pix_fmt", "yuv420p", "-movflags", seekable ? "+faststart" : "frag_keyframe+empty_moov+default_base_moof"]
        case .webm:
            return ["-c:v", "libvpx-vp9", "-crf", "32", "-b:v", "0", "-deadline", "good", "-cpu-used", "4",
                    "-row-mt", "1", "-pix_fmt", "yuva420p"]
        case .gif:
            return ["-filter_complex", "[0:v]split[a][b];[a]palettegen=reserve_transparent=1[p];[b][p]paletteuse",
                    "-loop", "0"]
        }
    }

    /// MP4 reads the frame as it is; the others un-premultiply it in place (`StraightAlphaFrames`).
    public func write(owned frame: inout PixelBuffer, index: Int) throws(SegueError) {
        do throws(SegueError) {
            if container == .mp4 { return try input.write(frame.bytes) }
            try straight.withStraightBytes(ofOwned: &frame) { bytes throws(SegueError) in try input.write(bytes) }
        } catch {
            throw stopped(by: error)
        }
    }

    /// MP4 reads the frame as it is; the others un-premultiply a copy unless it is opaque.
    public func write(_ frame: PixelBuffer, index: Int) throws(SegueError) {
        do throws(SegueError) {
            if container == .mp4 { return try input.write(frame.bytes) }
            try straight.withStraightBytes(ofShared: frame) { bytes throws(SegueError) in try input.write(bytes) }
        } catch {
            throw stopped(by: error)
        }
    }

    /// The error to report when a write failed: ffmpeg's own message when it exited early.
    private func stopped(by error: SegueError) -> SegueError {
        // ffmpeg exited early: its own message says why better than EPIPE does.
        try? stdinHandle.close()
        process.waitUntilExit()
        let reason = failureReason()
        discard()
        return reason ?? error
    }

    public func finish() throws(SegueError) {
        try? stdinHandle.close()
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            let reason = failureReason() ?? SegueError(.io, "exit status \(process.terminationStatus)", path: path)
            discard()
            throw reason
        }
        done = true
        CleanupRegistry.shared.remove(cleanup)
        close(log)
        defer { lock?.release() }
        if let stream { try stream.commit() }
        try file?.commit()
    }

    /// `PATH: ffmpeg failed: <its last stderr line>`.
    private func failureReason() -> SegueError? {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        var offset: off_t = 0
        while true {
            let n = chunk.withUnsafeMutableBytes { pread(log, $0.baseAddress, $0.count, offset) }
            if n <= 0 { break }
            bytes += chunk[..<n]
            offset += off_t(n)
        }
        let last = String(decoding: bytes, as: UTF8.self).split(whereSeparator: \.isNewline).last.map(String.init)
        return last.map { SegueError(.io, "ffmpeg failed: \($0)", path: path) }
    }

    public func abort() {
        try? stdinHandle.close()
        discard()
    }

    private func discard() {
        guard !done else { return }
        done = true
        if process.isRunning { process.terminate(); process.waitUntilExit() }
        CleanupRegistry.shared.remove(cleanup)
        file?.discard()
        stream?.discard()
        lock?.release()
        close(log)
    }
}
