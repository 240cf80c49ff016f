import Foundation
import SegueCore

/// Decodes a stretch of a video clip as a stream of frames of the canvas's size and rate, by an
/// `ffmpeg` child writing raw RGBA into a pipe (docs/IO.md, "Video clips as inputs", says why
/// a child process).
///
/// ffmpeg seeks to `start`, picks frames by timestamp on a grid of `fps` anchored there (the
/// `fps` filter: variable frame rates and any time base come out evenly spaced, a source frame
/// repeated or skipped as its timestamps say), and fits them to `size` as
/// `PixelBuffer.fitted(to:mode:)` does. A reading thread keeps up to `queueDepth` frames ready,
/// so decoding overlaps rendering and memory stays flat however long the clip.
///
/// Transport (`Transport.choose`): an 8-bit 4:2:0 clip of the canvas's size crosses the pipe
/// as its own YUV, 1.5 bytes a pixel; one resampled to cover the canvas as swscale's 4:4:4,
/// 3 bytes a pixel; both are converted here on the reading thread (`YUVFormat.convert`).
/// Anything else (alpha, contain's transparent bars, 10-bit, 4:4:4 sources) crosses as RGBA
/// from swscale. The YUV ways move fewer bytes and skip ffmpeg's conversion to RGB and the
/// opacity scan: a 1080p two-clip fade into raw frames takes about 40 % less CPU (docs/IO.md
/// has the profile), a 1080p clip resampled into 720p frames 13 % less.
///
/// Colour: YUV becomes RGB with the matrix and range the stream is tagged with (BT.601 and
/// limited range when untagged), here as in swscale (FFmpeg's `scale` filter,
/// `in_color_matrix=auto`); the RGB numbers are taken as sRGB: the stream's primaries and
/// transfer tags are not applied (BT.709 video shares sRGB's primaries; HDR and wide-gamut
/// clips come out as their numbers say, unconverted). Frames come out premultiplied, as
/// everything inside Segue; an RGBA frame that is opaque (every frame of an ordinary video)
/// is only scanned.
public final class VideoClipDecoder: @unchecked Sendable {
    public let path: String
    public let size: PixelSize
    /// The frames asked for, `frameCount(length:fps:)`; fewer come when the clip ends first.
    public let frameLimit: Int
    /// Frames decoded ahead of the one being rendered.
    public static let queueDepth = 3
    /// How frames cross the pipe.
    let transport: Transport

    private let child: ChildProcess
    private let output: FileHandle
    private let frames = FrameQueue(capacity: queueDepth)
    /// Signalled by the reading thread when it has finished (and reaped the child).
    private let readerDone = DispatchSemaphore(value: 0)
    private let closing = NSLock()
    private var closed = false

    /// The number of frames `length` seconds at `fps` make: `length · fps`, rounded.
    public static func frameCount(length: Double, fps: Double) -> Int {
        Int((length * fps).rounded())
    }

    /// Starts ffmpeg on `length` seconds of `path` from `start`. Fails now when the file is not
    /// a regular file (`.missingInput`; ffmpeg would wait forever on a FIFO), the arguments
    /// are out of range (`.invalidInput`) or ffmpeg is missing (`.ffmpegMissing`). A file
    /// ffmpeg cannot decode fails on the first `nextFrame`.
    /// `pool`: where frames are decoded into (the frame loop's, which gets them back from the
    /// sinks), so a long clip allocates no buffer per frame; its buffers must be `size`.
    /// `source`: the probe's description of `path`, which lets YUV cross the pipe; without it
    /// frames come as RGBA.
    /// `firstPicture`: a still ffmpeg decodes (WebP, a one-frame clip): its first picture as it
    /// is, whatever its timestamps (the `fps` filter gives none for a lone picture that lasts
    /// less than half an output frame); `length` and `fps` then only say how many frames.
    public init(path: String, start: Double, length: Double, fps: Double, size: PixelSize, fit: FitMode,
                pool: FramePool? = nil, source: MediaInfo? = nil, firstPicture: Bool = false) throws(SegueError) {
        guard start.isFinite, start >= 0, length.isFinite, length >= 0, fps.isFinite, Limits.fps.contains(fps) else {
            throw SegueError(.invalidInput, "clip start \(start) s, length \(length) s at \(fps) fps is out of range", path: path)
        }
        try PixelBuffer.checkSize(size, what: path)
        _ = try InputFile.prefix(path, count: 0)
        let ffmpeg = try FFmpegTools.required("ffmpeg", for: path)
        self.path = path
        self.size = size
        frameLimit = Self.frameCount(length: length, fps: fps)
        transport = Transport.choose(source: source, size: size, fit: fit)
        // A stream without a container cannot seek (ffmpeg gives no frame after `-ss` before
        // it): it is decoded from its start and the frames before `start` dropped.
        let seek = ["-ss", Self.seconds(start)]
        let seekable = source?.seekable ?? true
        var filter = Self.conformFilter(fps: fps, size: size, fit: fit, transport: transport)
        if firstPicture { filter = String(filter.drop { $0 != "," }.dropFirst()) }
        // `0:V:0`: the first video stream that is not cover art, the one `MediaProbe` describes;
        // `?` makes a file without one fail with ffmpeg's "does not contain any stream" as its
        // last line, not with its hint on how to ignore the missing stream.
        child = try ChildProcess(ffmpeg, ["-hide_banner", "-nostdin", "-loglevel", "error"] + (seekable ? seek : [])
            + FFmpegTools.inputArguments(path) + (seekable || start == 0 ? [] : seek)
            + ["-map", "0:V:0?", "-an", "-sn", "-dn", "-vf", filter,
               "-frames:v", String(frameLimit), "-f", "rawvideo", "-pix_fmt", transport.pixelFormat, "pipe:1"],
            stdout: .pipe, name: path)
        guard let pipe = child.output else { throw SegueError(.internalError, "no pipe from ffmpeg", path: path) }
        output = pipe
        ByteOutput.enlargePipeBuffer(output.fileDescriptor)
        let reader = FrameReader(path: path, size: size, transport: transport, limit: frameLimit, fd: output.fileDescriptor,
                                 child: child, frames: frames, done: readerDone, pool: pool?.size == size ? pool : nil)
        Thread.detachNewThread { reader.run() }
    }

    deinit { close() }

    /// The ffmpeg child's pid (tests: it is gone after `close`).
    var processIdentifier: Int32 { child.processIdentifier }

    /// The next frame, premultiplied, `size`; nil after the last (at `frameLimit`, or earlier
    /// when the clip ends: not an error here), and after `close`. Waits for ffmpeg when no
    /// frame is ready. ffmpeg failing before the first frame is `.invalidInput`
    /// (`PATH: cannot be decoded: <ffmpeg's last line>`); failing later (the file damaged
    /// part-way, the child killed) is `.invalidInput` too, after the frames it gave.
    public func nextFrame() throws(SegueError) -> PixelBuffer? {
        try frames.take()
    }

    /// Stops decoding: kills ffmpeg if it still runs, waits for it and for the reading thread,
    /// and closes the pipe and the log. Idempotent; call it on every exit path (`deinit` does).
    public func close() {
        closing.lock()
        defer { closing.unlock() }
        guard !closed else { return }
        closed = true
        frames.cancel()
        if child.isRunning { kill(child.processIdentifier, SIGKILL) }
        readerDone.wait()
        try? output.close()
        child.releaseLog()
    }

    /// The filters that conform the clip to the canvas. `fps` first: frames chosen by
    /// timestamp, the grid starting at the seek point (`start_time=0`: ffmpeg's timestamps
    /// begin at 0 after `-ss`). Then the fit, with `PixelBuffer.fitted(to:mode:)`'s arithmetic
    /// on the displayed size (`iw*sar`: anamorphic video as players show it):
    /// cover crops the centred region of the canvas's shape from the source (rounded to whole
    /// source pixels; `exact`: not to YUV 4:2:0's even offsets) and scales it to the canvas;
    /// contain scales to Fit's inner size and pads the centre with transparent black (RGBA
    /// first, so that the bars can be transparent); stretch scales to the canvas, as does
    /// contain when YUV crosses (the clip then has the canvas's shape). YUV keeps the source's
    /// range through swscale (`in_range`, `out_range`); the source's own 4:2:0 comes at the
    /// canvas's size already, so its `scale` passes frames through untouched (and would only
    /// act on a stream that changed size part-way). Commas inside expressions are quoted
    /// (FFmpeg Filtering Guide, "Notes on filtergraph escaping").
    static func conformFilter(fps: Double, size: PixelSize, fit: FitMode, transport: Transport = .rgba) -> String {
        let (w, h) = (size.width, size.height)
        let shown = "(iw*sar)"
        var scale = "flags=\(scaleFlags)", toRGBA = ",format=rgba"
        if case .yuv(let format, _) = transport {
            scale += ":in_range=\(format.rangeName):out_range=\(format.rangeName)"
            toRGBA = ""
        }
        let fitted = switch fit {
        case .cover:
            "crop=w='min(iw,round(\(w)/max(\(w)/\(shown),\(h)/ih)/sar))':h='min(ih,round(\(h)/max(\(w)/\(shown),\(h)/ih)))':exact=1,"
                + "scale=\(w):\(h):\(scale)\(toRGBA)"
        case .contain where transport != .rgba, .stretch:
            "scale=\(w):\(h):\(scale)\(toRGBA)"
        case .contain:
            "scale=w='max(1,min(\(w),round(\(shown)*min(\(w)/\(shown),\(h)/ih))))':h='max(1,min(\(h),round(ih*min(\(w)/\(shown),\(h)/ih))))':\(scale),"
                + "format=rgba,pad=\(w):\(h):x='floor((ow-iw)/2)':y='floor((oh-ih)/2)':color=black@0"
        }
        return "fps=fps=\(rate(fps)):start_time=0,\(fitted),setsar=1"
    }

    /// swscale's filter: `area` averages the source pixels each output pixel covers when
    /// shrinking and is bilinear when growing, Fit's own rule. Against Fit on the same frame
    /// (`VideoClipTests`) it is closer than `bilinear` when shrinking (mean difference 3.3
    /// levels instead of 4.3 on testsrc2 at 2.4×, identical when growing) and it does not
    /// ring as the default bicubic does.
    static let scaleFlags = "area"

    /// `fps` as the fraction ffmpeg parses exactly: over 1001000, ffmpeg's own largest
    /// denominator for rates (`av_parse_video_rate`), so 30000/1001 stays NTSC's rate.
    static func rate(_ fps: Double) -> String {
        "\(Int((fps * 1_001_000).rounded()))/1001000"
    }

    /// Seconds in plain decimal (ffmpeg's time syntax has no exponents).
    static func seconds(_ value: Double) -> String {
        String(format: "%.6f", value)
    }
}

/// The reading thread's work: whole frames from ffmpeg's stdout into the queue, then ffmpeg's
/// exit awaited and judged. It holds no reference to the decoder, so dropping the decoder
/// closes it.
private struct FrameReader: @unchecked Sendable {
    let path: String
    let size: PixelSize
    let transport: VideoClipDecoder.Transport
    let limit: Int
    let fd: Int32
    let child: ChildProcess
    let frames: FrameQueue
    let done: DispatchSemaphore
    let pool: FramePool?

    func run() {
        var delivered = 0
        var cancelled = false
        // YUV frames land here before their conversion into a buffer of the pool.
        var planes = [UInt8](repeating: 0, count: transport == .rgba ? 0 : transport.frameBytes(size))
        while delivered < limit, let frame = readFrame(planes: &planes) {
            guard frames.put(frame) else { cancelled = true; break }
            delivered += 1
        }
        if cancelled, child.isRunning { kill(child.processIdentifier, SIGKILL) }
        let end = child.wait()
        frames.finish(cancelled ? nil : failure(end, after: delivered))
        done.signal()
    }

    /// The next whole frame, premultiplied, or nil at the end of the stream (a partial frame
    /// means ffmpeg stopped mid-frame: its exit says why).
    private func readFrame(planes: inout [UInt8]) -> PixelBuffer? {
        // A buffer the frame loop gave back, when there is one: no fresh pages to fault in per frame.
        var frame = pool?.take() ?? PixelBuffer(size: size)
        switch transport {
        case .yuv(let format, let chroma):
            guard planes.withUnsafeMutableBytes({ DescriptorIO.readWhole($0, from: fd) }), format.convert(planes, chroma: chroma, into: &frame) else { break }
            return frame
        case .rgba:
            guard frame.bytes.withUnsafeMutableBytes({ DescriptorIO.readWhole($0, from: fd) }) else { break }
            let opaque = frame.bytes.withUnsafeBytes { PixelBuffer.isOpaque($0.baseAddress!, pixels: size.pixelCount) }
            if opaque { frame.markOpaque() } else { premultiply(&frame.bytes) }
            return frame
        }
        pool?.giveBack(frame)
        return nil
    }

    /// The error ffmpeg's exit means, or nil when it ended well.
    private func failure(_ end: ChildProcess.End, after delivered: Int) -> SegueError? {
        let how: String
        switch end {
        case .exit(0): return nil
        case .exit(let status): how = "exit status \(status)"
        case .signal(let number): how = "killed by signal \(number)"
        }
        let reason = child.lastErrorLine().map { FFmpegTools.reason($0, path: path) } ?? "ffmpeg \(how)"
        let detail = delivered == 0 ? "cannot be decoded: \(reason)" : "decoding stopped after \(delivered) frames: \(reason)"
        return SegueError(.invalidInput, detail, path: path)
    }
}
