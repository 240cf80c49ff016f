import Foundation
import SegueCore

/// Raw RGBA frames back to back, **straight** (un-premultiplied) alpha like PNG output, so
/// `ffmpeg -f rawvideo -pix_fmt rgba -s WxH -i -` reads them as they are. Each frame is written
/// from its own buffer: as it is when opaque, un-premultiplied in place when this sink is its
/// only reader (`StraightAlphaFrames`).
public final class RawVideoSink: OwningFrameSink, AbortableFrameSink, @unchecked Sendable {
    private let stream: ByteOutput
    private let straight = StraightAlphaFrames()
    public init(path: String) throws(SegueError) { stream = try ByteOutput(path: path) }

    public func write(owned frame: inout PixelBuffer, index: Int) throws(SegueError) {
        do throws(SegueError) { try straight.withStraightBytes(ofOwned: &frame) { bytes throws(SegueError) in try stream.write(bytes) } } catch {
            stream.discard()
            throw error
        }
    }

    public func write(_ frame: PixelBuffer, index: Int) throws(SegueError) {
        do throws(SegueError) { try straight.withStraightBytes(ofShared: frame) { bytes throws(SegueError) in try stream.write(bytes) } } catch {
            stream.discard()
            throw error
        }
    }

    public func finish() throws(SegueError) { try stream.commit() }
    public func abort() { stream.discard() }
}

/// YUV4MPEG2, 4:4:4 (`C444`), limited-range BT.601, progressive, square pixels. Colour is the
/// frame composited over black (the premultiplied RGB, so nothing to divide); 4:4:4 keeps every
/// chroma sample, leaving subsampling to the encoder that reads the stream. The planes are
/// converted (`Y4MPlanes`) into one buffer kept across frames.
public final class Y4MSink: AbortableFrameSink, @unchecked Sendable {
    private let stream: ByteOutput
    private let fps: Double
    private var headerWritten = false
    private var planes: [UInt8] = []
    private static let frameMarker = Array("FRAME\n".utf8)

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
            try stream.write(Self.frameMarker)
            try stream.write(planes)
        } catch {
            stream.discard()
            throw error
        }
    }

    public func finish() throws(SegueError) { try stream.commit() }
    public func abort() { stream.discard() }

    /// Premultiplied RGBA → Y, U, V planes (`Y4MPlanes`), resizing `planes` when the frame size
    /// changes.
    static func convert(_ frame: PixelBuffer, into planes: inout [UInt8]) {
        let n = frame.width * frame.height
        if planes.count != 3 * n { planes = [UInt8](repeating: 0, count: 3 * n) }
        planes.withUnsafeMutableBytes { Y4MPlanes.convert(frame, into: $0) }
    }
}
