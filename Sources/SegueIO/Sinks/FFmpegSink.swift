import Foundation
import SegueCore
import Synchronization

/// Video files encoded by an `ffmpeg` child process: frames go to its stdin as raw RGBA (never
/// through a folder of temporary images). A regular file is written by ffmpeg under the
/// `AtomicFile`'s temporary name, renamed into place on success; standard output and special
/// files (a FIFO, a device) get ffmpeg's stream directly (`pipe:1`, MP4 and MOV fragmented since
/// a stream cannot be rewound). How each container is encoded is one table, `VideoEncoding`.
/// ffmpeg's messages go to an unnamed temporary file, which disappears with the process
/// whatever way it ends.
public final class FFmpegSink: OwningFrameSink, AbortableFrameSink, @unchecked Sendable {
    public enum Container: String, Sendable, CaseIterable {
        case mp4, webm, gif, mov, webp
    }

    public let path: String
    public let container: Container
    /// The frames ffmpeg gets and their rate (GIF above 50 fps keeps some).
    public let frameRate: FrameRateCap
    /// Why frames are left out, when they are: one line for stderr.
    public let note: String?
    private let child: ChildProcess
    private let input: ByteOutput
    private let stdinHandle: FileHandle
    private let straight = StraightAlphaFrames()
    /// `frameRate.kept` when frames are left out; nil when every frame is written.
    private let keptFrames: Set<Int>?
    /// The container takes straight RGBA; otherwise the frame over black (`VideoEncoding.keepsAlpha`).
    private let keepsAlpha: Bool
    /// A regular file: ffmpeg writes `file`'s temporary name; `lock` guards the final name.
    private let file: AtomicFile?
    private let lock: OutputLock?
    /// Standard output or a special file: ffmpeg's stdout.
    private let stream: ByteOutput?
    /// Set once the output is committed or discarded.
    private var done = false
    /// The sound's length, when the file carries sound: checked against the pictures before
    /// the file gets its name (`SoundAlignment`).
    private let soundLength: Double?
    /// The working space the frames are converted from, into sRGB, for a format that carries
    /// no colour tags (GIF, WebP): a viewer takes untagged numbers as sRGB, so Display P3
    /// numbers sent as they are would show as other colours. nil: sent as they are.
    private let convertsFrom: ColorSpace?

    /// The first `ffmpeg` on `PATH`, or nil.
    public static func locate() -> String? { FFmpegTools.locate("ffmpeg") }

    /// The names of the video encoders the ffmpeg at each path has, asked once per process.
    private static let encodersByProgram = Mutex<[String: Set<String>]>([:])

    /// Starts ffmpeg for `frameCount` frames of `size` at `fps` whose numbers are in
    /// `colorSpace`, with `audio` mixed and encoded beside them when given and the container
    /// carries sound (`note` says so when it does not). Fails now (before any rendering) when
    /// ffmpeg or the container's encoder is missing, naming what to install.
    public init(path: String, container: Container, size: PixelSize, fps: Double, frameCount: Int,
                colorSpace: ColorSpace = .srgb, audio: AudioTrack? = nil, settings: EncoderSettings = EncoderSettings()) throws(SegueError) {
        guard let ffmpeg = Self.locate() else {
            throw SegueError(.ffmpegMissing, "\(container.rawValue) output needs ffmpeg, which is not on PATH (Debian: apt-get install ffmpeg)",
                             path: path)
        }
        let encoding = container.encoding
        guard Self.encoders(of: ffmpeg).contains(encoding.encoder) else {
            throw SegueError(.ffmpegMissing, "\(container.rawValue) output needs ffmpeg's \(encoding.encoder) encoder, which \(ffmpeg) lacks "
                             + "(Debian's ffmpeg package has it)", path: path)
        }
        self.path = path
        self.container = container
        keepsAlpha = encoding.keepsAlpha
        let cap = FrameRateCap(frameCount: frameCount, fps: fps, maxRate: encoding.maxFrameRate?.rate)
        frameRate = cap
        keptFrames = cap.dropsFrames ? Set(cap.kept) : nil
        let sound = encoding.audio.flatMap { codec in audio.map { (track: $0, codec: codec) } }
        soundLength = sound?.track.length
        convertsFrom = colorSpace != .srgb && !encoding.yuv ? colorSpace : nil
        let notes = [convertsFrom.map { "\(path): \(container.rawValue) carries no colour profile: frames converted from \($0.rawValue) to sRGB" },encoding.maxFrameRate.flatMap { limit in cap.dropsFrames ? "\(path): \(limit.reason): \(cap.summary)" : nil },
                     audio != nil && sound == nil ? "\(path): \(container.rawValue) carries no sound; the audio is left out" : nil,
                     EncoderCost.note(container, size: size, frames: cap.kept.count, path: path)]
            .compactMap { $0 }
        note = notes.isEmpty ? nil : notes.joined(separator: "; ")
        let target: String
        let output: ChildProcess.Stream
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
            output = .null
        case .standardOutput, .special:
            let stream = try ByteOutput(path: path)
            self.stream = stream
            file = nil
            lock = nil
            target = "pipe:1"
            output = .handle(FileHandle(fileDescriptor: stream.descriptor, closeOnDealloc: false))
        }
        let arguments = ["-hide_banner", "-loglevel", "error", "-y",
                         "-f", "rawvideo", "-pix_fmt", encoding.keepsAlpha ? "rgba" : "rgb0",
                         "-s", size.description, "-framerate", String(frameRate.rate), "-i", "pipe:0"]
            + (sound?.track.inputArguments ?? [])
            + Self.graphArguments(container, colorSpace, audio: sound?.track, frames: cap.kept.count, size: size)
            + Self.encoderArguments(container, seekable: file != nil, settings: settings) + (sound.map { settings.audioOptions($0.codec) } ?? [])
            + [target]
        let temporary = file?.temporaryPath
        do throws(SegueError) {
            // An interruption stops the child and removes its file, never one without the other.
            child = try ChildProcess(ffmpeg, arguments, stdin: .pipe, stdout: output, name: path) {
                if let temporary { unlink(temporary) }
            }
        } catch {
            stream?.discard()
            lock?.release()
            throw error
        }
        guard let pipe = child.input else { throw SegueError(.internalError, "no pipe into ffmpeg", path: path) }
        stdinHandle = pipe
        ByteOutput.enlargePipeBuffer(stdinHandle.fileDescriptor)
        input = ByteOutput(descriptor: stdinHandle.fileDescriptor, name: "ffmpeg (\(path))")
    }

    /// `ffmpeg -encoders`' names; empty when it cannot be run (the check then names the encoder,
    /// and installing Debian's ffmpeg mends both).
    private static func encoders(of ffmpeg: String) -> Set<String> {
        if let known = encodersByProgram.withLock({ $0[ffmpeg] }) { return known }
        guard let child = try? ChildProcess(ffmpeg, ["-hide_banner", "-encoders"], stdout: .pipe, stderr: .null) else { return [] }
        let listing = String(decoding: child.readAllAndWait().0, as: UTF8.self)
        // Each encoder is a line ` V....D name  description`, after a legend and a ` ------` line.
        let names = Set(listing.split(whereSeparator: \.isNewline).compactMap { line -> String? in
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            return fields.count >= 2 && fields[0].count == 6 && fields[0] != "------" ? String(fields[1]) : nil
        })
        encodersByProgram.withLock { $0[ffmpeg] = names }
        return names
    }

    /// The filters applied before encoding: the container's own (`VideoEncoding.filter`), then
    /// for a YUV encoder the conversion with the BT.709 matrix, limited range — ffmpeg's swscale
    /// converts with BT.601 unless told (FFmpeg filters documentation, `scale`:
    /// `out_color_matrix`, `out_range`) — and the tags that say what the numbers mean, so that
    /// ffmpeg, browsers and QuickTime decode the same colours: that matrix and range, the
    /// working space's primaries (BT.709, which sRGB shares, or SMPTE EG 432-1 for Display P3)
    /// and the sRGB transfer (IEC 61966-2-1), H.273 code points 1/1 or 12, 13. They are set on
    /// the frames (`setparams`), from which every encoder takes them into its stream (H.264 VUI,
    /// VP9 header, ProRes frame header) and the muxers into MP4/MOV `colr` and WebM `Colour`:
    /// `prores_ks` ignores the `-color_*` options. GIF and WebP (RGB in) carry none: their
    /// frames are converted to sRGB first (`convertsFrom`).
    /// `frames` of `size`: the output's, for a container whose filter would otherwise hold them
    /// all (`VideoEncoding.filter(frames:size:)`).
    public static func filterGraph(_ c: Container, _ space: ColorSpace, frames: Int = 0,
                                   size: PixelSize = PixelSize(width: 0, height: 0)) -> String? {
        let primaries = space == .displayP3 ? "smpte432" : "bt709"
        let yuv = "scale=out_color_matrix=bt709:out_range=tv,"
            + "setparams=color_primaries=\(primaries):color_trc=iec61966-2-1:colorspace=bt709:range=tv"
        let filters = [c.encoding.filter(frames: frames, size: size), c.encoding.yuv ? yuv : nil].compactMap { $0 }
        return filters.isEmpty ? nil : filters.joined(separator: ",")
    }

    /// `-filter_complex` and `-map`s: the pictures through `filterGraph` and, with a sound
    /// track, the track's graph on inputs 1… beside them. Without sound ffmpeg maps the one
    /// video stream itself.
    static func graphArguments(_ c: Container, _ space: ColorSpace, audio: AudioTrack?, frames: Int = 0,
                               size: PixelSize = PixelSize(width: 0, height: 0)) -> [String] {
        let video = filterGraph(c, space, frames: frames, size: size)
        guard let audio else { return video.map { ["-filter_complex", "[0:v]" + $0] } ?? [] }
        let graph = (video.map { ["[0:v]" + $0 + "[vout]"] } ?? []) + [audio.filterGraph(firstInput: 1)]
        return ["-filter_complex", graph.joined(separator: ";"), "-map", video == nil ? "0:v" : "[vout]", "-map", "[aout]"]
    }

    /// Encoder and container options, before the output's name (`segue bench --compare-ffmpeg`
    /// gives ffmpeg the same), from the container's row of `VideoEncoding`. `seekable`: a
    /// regular file; otherwise a stream.
    public static func encoderArguments(_ c: Container, seekable: Bool = true, settings: EncoderSettings = EncoderSettings()) -> [String] {
        let e = c.encoding
        return ["-c:v", e.encoder] + settings.videoOptions(e.options) + (seekable ? e.fileOptions : e.streamOptions) + ["-f", e.muxer]
    }

    /// A frame the container keeps (`frameRate`); the others are not sent.
    private func keeps(_ index: Int) -> Bool { keptFrames?.contains(index) ?? true }

    /// A format without alpha reads the frame as it is; the others un-premultiply it in place
    /// (`StraightAlphaFrames`).
    public func write(owned frame: inout PixelBuffer, index: Int) throws(SegueError) {
        guard keeps(index) else { return }
        do throws(SegueError) {
            if let space = convertsFrom { try frame.convertToSRGB(from: space) }
            if !keepsAlpha { return try input.write(frame.bytes) }
            try straight.withStraightBytes(ofOwned: &frame) { bytes throws(SegueError) in try input.write(bytes) }
        } catch {
            throw stopped(by: error)
        }
    }

    /// A format without alpha reads the frame as it is; the others un-premultiply a copy
    /// unless it is opaque.
    public func write(_ frame: PixelBuffer, index: Int) throws(SegueError) {
        guard keeps(index) else { return }
        if convertsFrom != nil {
            var converted = frame
            return try write(owned: &converted, index: index)
        }
        do throws(SegueError) {
            if !keepsAlpha { return try input.write(frame.bytes) }
            try straight.withStraightBytes(ofShared: frame) { bytes throws(SegueError) in try input.write(bytes) }
        } catch {
            throw stopped(by: error)
        }
    }

    /// The error to report when a write failed: ffmpeg's own message when it exited early.
    private func stopped(by error: SegueError) -> SegueError {
        // ffmpeg exited early: its own message says why better than EPIPE does.
        try? stdinHandle.close()
        _ = child.waitForExit()
        let reason = failureReason()
        discard()
        return reason ?? error
    }

    public func finish() throws(SegueError) {
        try? stdinHandle.close()
        let end = child.waitForExit()
        guard end.succeeded else {
            let reason = failureReason() ?? SegueError(.io, "exit status \(end.status)", path: path)
            discard()
            throw reason
        }
        // A stream cannot be read back: only a file is checked before it is named.
        if let file, let soundLength {
            do throws(SegueError) {
                try SoundAlignment.check(file.temporaryPath, path: path, length: soundLength, fps: frameRate.rate, hasVideo: true)
            } catch {
                discard()
                throw error
            }
        }
        done = true
        child.releaseCleanup()
        child.releaseLog()
        defer { lock?.release() }
        if let stream { try stream.commit() }
        try file?.commit()
    }

    /// `PATH: ffmpeg failed: <its last stderr line>`.
    private func failureReason() -> SegueError? {
        child.lastErrorLine().map { SegueError(.io, "ffmpeg failed: \($0)", path: path) }
    }

    public func abort() {
        try? stdinHandle.close()
        discard()
    }

    private func discard() {
        guard !done else { return }
        done = true
        child.terminate()
        _ = child.waitForExit()
        child.releaseCleanup()
        file?.discard()
        stream?.discard()
        lock?.release()
        child.releaseLog()
    }
}
