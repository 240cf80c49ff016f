import Foundation
import SegueCore

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
