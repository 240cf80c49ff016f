import Foundation
import SegueCore
import CSegueFastPNG

/// An animated PNG (PNG 3rd edition, `acTL`/`fcTL`/`fdAT`), straight RGBA, looping, written by
/// Segue itself: each frame is deflated by the `fast` PNG writer (`CSegueFastPNG`) on any core
/// (frames are independent until they are put in order), then appended as the next frame. Every
/// frame's delay is the exact fraction `1/fps` (`fcTL` delay_num/delay_den), and the frame count
/// (`acTL`) is known before the first frame, so the file is written front to back and can be
/// streamed to stdout or a FIFO. ffmpeg's APNG encoder makes files about 7× smaller but tries
/// several blend and dispose modes per frame on one core (70× slower on 1080p frames), and its
/// muxer must seek back to the header (docs/BATCH.md "Outputs").
public final class APNGSink: AbortableFrameSink, ConcurrentFrameSink, @unchecked Sendable {
    private let stream: ByteOutput
    private let size: PixelSize
    private let frameCount: Int
    private let delay: (numerator: UInt16, denominator: UInt16)
    /// What the numbers mean (`PNGColorChunks`), as every PNG Segue writes says.
    private let colorSpace: ColorSpace
    private let lock = NSLock()
    /// The next frame index to append, and deflated frames that arrived before their turn
    /// (at most the frames in flight).
    private var next = 0
    private var waiting: [Int: [UInt8]] = [:]

    public init(path: String, size: PixelSize, fps: Double, frameCount: Int, colorSpace: ColorSpace = .srgb) throws(SegueError) {
        stream = try ByteOutput(path: path)
        self.colorSpace = colorSpace
        self.size = size
        self.frameCount = max(1, frameCount)
        delay = Self.delay(fps: fps)
    }

    /// `1/fps` as a fraction of 16-bit numbers: exact for every whole rate up to 65535 and for
    /// decimal ones such as 29.97 (100/2997); otherwise the closest continued-fraction
    /// convergent whose terms fit.
    static func delay(fps: Double) -> (numerator: UInt16, denominator: UInt16) {
        let seconds = 1 / fps
        guard seconds.isFinite, seconds > 0 else { return (1, UInt16.max) }
        guard seconds < Double(UInt16.max) else { return (UInt16.max, 1) }
        var (p0, q0, p1, q1) = (0.0, 1.0, 1.0, 0.0)
        var x = seconds
        for _ in 0..<32 {
            let a = x.rounded(.down)
            let (p, q) = (a * p1 + p0, a * q1 + q0)
            guard p <= Double(UInt16.max), q <= Double(UInt16.max) else { break }
            (p0, q0, p1, q1) = (p1, q1, p, q)
            let rest = x - a
            if rest < 1e-9 || abs(p1 / q1 - seconds) < 1e-12 * seconds { break }
            x = 1 / rest
        }
        return q1 == 0 ? (UInt16.max, 1) : (UInt16(p1), UInt16(q1))
    }

    public func write(_ frame: PixelBuffer, index: Int) throws(SegueError) {
        guard frame.size == size, (0..<frameCount).contains(index) else {
            throw SegueError(.internalError, "frame \(index) (\(frame.size)) does not belong to this \(size) animation", path: stream.name)
        }
        let data = try Self.deflate(frame)
        lock.lock()
        defer { lock.unlock() }
        waiting[index] = data
        do throws(SegueError) {
            while let ready = waiting.removeValue(forKey: next) {
                try writeFrame(next, data: ready)
                next += 1
            }
        } catch {
            stream.discard()
            throw error
        }
    }

    public func finish() throws(SegueError) {
        lock.lock()
        defer { lock.unlock() }
        guard next == frameCount else {
            stream.discard()
            throw SegueError(.internalError, "\(next) of \(frameCount) frames reached the animation", path: stream.name)
        }
        do throws(SegueError) {
            try writeChunk("IEND")
        } catch {
            stream.discard()
            throw error
        }
        try stream.commit()
    }

    public func abort() { stream.discard() }

    /// The frame's zlib stream: rows filtered Up and un-premultiplied, RGBA always (every frame
    /// of an animation has the colour type of its `IHDR`).
    static func deflate(_ frame: PixelBuffer) throws(SegueError) -> [UInt8] {
        let width = UInt32(truncatingIfNeeded: frame.width), height = UInt32(truncatingIfNeeded: frame.height)
        let bound = segue_fast_png_bound(width, height, 4)
        guard bound > 0 else { throw .io("PNG encoding failed (a \(frame.size) frame)") }
        let data = [UInt8](unsafeUninitializedCapacity: bound) { out, count in
            count = frame.bytes.withUnsafeBufferPointer { pixels in
                unpremultiplyTable.withUnsafeBufferPointer { table in
                    segue_fast_png_zlib(pixels.baseAddress, width, height, 4, table.baseAddress, out.baseAddress, bound)
                }
            }
        }
        guard !data.isEmpty else { throw .io("PNG encoding failed (out of memory)") }
        return data
    }

    /// Frame 0: the signature, `IHDR`, the colour chunks, `acTL`, its `fcTL` and its data as `IDAT` (so a viewer
    /// without APNG shows the first frame). Frame k > 0: `fcTL` and `fdAT`. `fcTL` and `fdAT`
    /// share one sequence: frame k's are 2k − 1 and 2k.
    private func writeFrame(_ k: Int, data: [UInt8]) throws(SegueError) {
        if k == 0 {
            try stream.write(PNGCodec.signature)
            try writeChunk("IHDR", Self.be32(size.width) + Self.be32(size.height) + [8, 6, 0, 0, 0])
            try stream.write(PNGColorChunks.bytes(for: colorSpace))
            // acTL: frames, plays (0: loop forever).
            try writeChunk("acTL", Self.be32(frameCount) + Self.be32(0))
        }
        // fcTL: sequence, width, height, x, y, delay, dispose NONE, blend SOURCE (each frame
        // replaces the canvas, transparent pixels included).
        try writeChunk("fcTL", Self.be32(max(0, 2 * k - 1)) + Self.be32(size.width) + Self.be32(size.height) + Self.be32(0)
                       + Self.be32(0) + Self.be16(delay.numerator) + Self.be16(delay.denominator) + [0, 0])
        if k == 0 { try writeChunk("IDAT", data: data) } else { try writeChunk("fdAT", Self.be32(2 * k), data: data) }
    }

    /// Length, type, `head` and `data`, CRC-32 of all but the length; `data` is written from
    /// its own buffer.
    private func writeChunk(_ type: String, _ head: [UInt8] = [], data: [UInt8] = []) throws(SegueError) {
        let typed = Array(type.utf8) + head
        var crc = typed.withUnsafeBufferPointer { segue_png_crc32(0, $0.baseAddress, $0.count) }
        crc = data.withUnsafeBufferPointer { segue_png_crc32(crc, $0.baseAddress, $0.count) }
        try stream.write(Self.be32(head.count + data.count) + typed)
        if !data.isEmpty { try stream.write(data) }
        try stream.write(Self.be32(Int(crc)))
    }

    static func be32(_ v: Int) -> [UInt8] { [UInt8(v >> 24 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
    static func be16(_ v: UInt16) -> [UInt8] { [UInt8(v >> 8), UInt8(v & 0xFF)] }
}
