import Foundation
import SegueCore

/// A byte stream opened for output: a file (written under a temporary name and renamed by
/// `commit`) or standard output. Writes loop over short writes; a closed reader (EPIPE — the
/// CLI ignores SIGPIPE so it arrives as an error) or a full disk (ENOSPC) is an `.io` error.
public final class ByteOutput: @unchecked Sendable {
    public let name: String
    private let fd: Int32
    private let finalPath: String?
    private let temporaryPath: String?
    private var closed = false

    /// Messages of the write failures after which no later output can succeed either: the
    /// reader is gone (EPIPE) or the disk is full. `segue batch` stops on these.
    static let closedPipeText = "the reader closed the pipe"
    public static func isFatal(_ error: SegueError) -> Bool {
        error.kind == .io && [closedPipeText, errnoText(ENOSPC), errnoText(EDQUOT)].contains { error.message.hasSuffix($0) }
    }

    /// `-` is standard output; anything else a file, created under a temporary name beside it.
    public init(path: String) throws(SegueError) {
        if path == "-" {
            name = "stdout"
            fd = STDOUT_FILENO
            finalPath = nil
            temporaryPath = nil
            Self.enlargePipeBuffer(fd)
        } else {
            name = path
            let parent = parentDirectory(of: path)
            if !parent.isEmpty { try makeDirectories(parent) }
            let temp = PNGCodec.temporaryPath(for: path)
            let opened = open(temp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
            guard opened >= 0 else { throw .io("\(path): \(errnoText())") }
            fd = opened
            finalPath = path
            temporaryPath = temp
        }
    }

    /// Writes to a descriptor someone else owns (a child's stdin); `commit` does nothing.
    init(descriptor: Int32, name: String) {
        self.name = name
        fd = descriptor
        finalPath = nil
        temporaryPath = nil
    }

    /// `F_SETPIPE_SZ` (Linux; not exported by Glibc's Swift overlay). A 1 MiB pipe moves
    /// 1080p RGBA about 3× faster than the default 64 KiB (docs/BATCH.md).
    static let setPipeSize: Int32 = 1031

    /// Raises a pipe's buffer to 1 MiB; files, terminals and a refused raise are left alone.
    static func enlargePipeBuffer(_ fd: Int32) {
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFIFO else { return }
        _ = fcntl(fd, setPipeSize, Int32(1 << 20))
    }

    public func write(_ bytes: UnsafeRawBufferPointer) throws(SegueError) {
        var offset = 0
        while offset < bytes.count {
            let n = Glibc.write(fd, bytes.baseAddress! + offset, bytes.count - offset)
            if n < 0 {
                if errno == EINTR { continue }
                let code = errno
                throw .io("\(name): \(code == EPIPE ? Self.closedPipeText : errnoText(code))")
            }
            offset += n
        }
    }

    public func write(_ bytes: [UInt8]) throws(SegueError) {
        let result: Result<Void, SegueError> = bytes.withUnsafeBytes { b in
            do throws(SegueError) { try write(b); return .success(()) } catch { return .failure(error) }
        }
        try result.get()
    }

    /// Closes a file and moves it to its final name; standard output is left open.
    public func commit() throws(SegueError) {
        guard let finalPath, let temporaryPath, !closed else { return }
        closed = true
        if close(fd) != 0 {
            let text = errnoText()
            unlink(temporaryPath)
            throw .io("\(finalPath): \(text)")
        }
        guard rename(temporaryPath, finalPath) == 0 else {
            let text = errnoText()
            unlink(temporaryPath)
            throw .io("\(finalPath): \(text)")
        }
    }

    /// Closes and removes an unfinished file, so no partial output keeps the final name.
    public func discard() {
        guard let temporaryPath, !closed else { return }
        closed = true
        close(fd)
        unlink(temporaryPath)
    }
}

/// A sink that holds an unfinished output (a temporary file, a child process) to clean up
/// when the job fails before `finish`.
public protocol AbortableFrameSink: FrameSink {
    func abort()
}

/// Raw RGBA frames back to back, **straight** (un-premultiplied) alpha like PNG output, so
/// `ffmpeg -f rawvideo -pix_fmt rgba -s WxH -i -` reads them as they are.
public final class RawVideoSink: AbortableFrameSink {
    private let stream: ByteOutput
    public init(path: String) throws(SegueError) { stream = try ByteOutput(path: path) }

    public func write(_ frame: PixelBuffer, index: Int) throws(SegueError) {
        var bytes = frame.bytes
        unpremultiply(&bytes)
        do throws(SegueError) { try stream.write(bytes) } catch { stream.discard(); throw error }
    }

    public func finish() throws(SegueError) { try stream.commit() }
    public func abort() { stream.discard() }
}

/// YUV4MPEG2, 4:4:4 (`C444`), limited-range BT.601, progressive, square pixels. Colour is the
/// frame composited over black (the premultiplied RGB, so nothing to divide); 4:4:4 keeps every
/// chroma sample, leaving subsampling to the encoder that reads the stream.
public final class Y4MSink: AbortableFrameSink, @unchecked Sendable {
    private let stream: ByteOutput
    private let fps: Double
    private var headerWritten = false
    private var planes: [UInt8] = []

    public init(path: String, fps: Double) throws(SegueError) {
        stream = try ByteOutput(path: path)
        self.fps = fps
    }

    /// `F30000:1001`-style rate: integer rates exactly, others to a millisecond.
    static func rate(_ fps: Double) -> String {
        if fps == fps.rounded() { return "\(Int(fps)):1" }
        return "\(Int((fps * 1000).rounded())):1000"
    }

    public static func header(size: PixelSize, fps: Double) -> String {
        "YUV4MPEG2 W\(size.width) H\(size.height) F\(rate(fps)) Ip A1:1 C444\n"
    }

    public func write(_ frame: PixelBuffer, index: Int) throws(SegueError) {
        do throws(SegueError) {
            if !headerWritten {
                try stream.write(Array(Self.header(size: frame.size, fps: fps).utf8))
                headerWritten = true
            }
            Self.convert(frame, into: &planes)
            try stream.write(Array("FRAME\n".utf8))
            try stream.write(planes)
        } catch {
            stream.discard()
            throw error
        }
    }

    public func finish() throws(SegueError) { try stream.commit() }
    public func abort() { stream.discard() }

    /// Premultiplied RGBA → Y, U, V planes (BT.601 limited range, 8-bit fixed point).
    static func convert(_ frame: PixelBuffer, into planes: inout [UInt8]) {
        let n = frame.width * frame.height
        if planes.count != 3 * n { planes = [UInt8](repeating: 0, count: 3 * n) }
        frame.bytes.withUnsafeBufferPointer { src in
            planes.withUnsafeMutableBufferPointer { dst in
                for i in 0..<n {
                    let r = Int32(src[4 * i]), g = Int32(src[4 * i + 1]), b = Int32(src[4 * i + 2])
                    dst[i] = UInt8(truncatingIfNeeded: ((66 &* r &+ 129 &* g &+ 25 &* b &+ 128) >> 8) &+ 16)
                    dst[n + i] = UInt8(truncatingIfNeeded: ((-38 &* r &- 74 &* g &+ 112 &* b &+ 128) >> 8) &+ 128)
                    dst[2 * n + i] = UInt8(truncatingIfNeeded: ((112 &* r &- 94 &* g &- 18 &* b &+ 128) >> 8) &+ 128)
                }
            }
        }
    }
}
