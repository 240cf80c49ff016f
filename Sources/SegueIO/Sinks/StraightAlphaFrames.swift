import SegueCore
import Synchronization

/// Frames as straight-alpha bytes for a stream (raw RGBA, ffmpeg's WebM and GIF input), with
/// no copy of an opaque frame: an opaque frame is written as it is, a frame the sink owns is
/// converted in place, and a frame other sinks still read is converted into a buffer kept
/// across frames. Conversions run band-parallel (`PixelBands`).
final class StraightAlphaFrames {
    private var converted: [UInt8] = []

    /// Un-premultiplies `frame` in place (the caller owns it; its pixels are then straight)
    /// and passes its bytes to `body`.
    func withStraightBytes(ofOwned frame: inout PixelBuffer,
                           _ body: (UnsafeRawBufferPointer) throws(SegueError) -> Void) throws(SegueError) {
        if frame.isKnownOpaque {  // straight already: no scan, no conversion
            return try frame.bytes.withUnsafeBytes { Self.call(body, $0) }.get()
        }
        let pixels = frame.width * frame.height
        let result: Result<Void, SegueError> = frame.bytes.withUnsafeMutableBytes { bytes in
            guard let base = bytes.baseAddress else { return .success(()) }
            let shared = SharedPointer(base)
            PixelBands.forEach(pixels: min(pixels, bytes.count / 4)) { band in
                let start = shared.pointer + 4 * band.lowerBound
                // An opaque band is straight already: the word scan reads it 64 bytes a step
                // (and stops at the first translucent block), cheaper than `convert`'s groups.
                if PixelBuffer.isOpaque(UnsafeRawPointer(start), pixels: band.count) { return }
                Unpremultiply.convert(from: UnsafeRawPointer(start), to: start, pixels: band.count)
            }
            return Self.call(body, UnsafeRawBufferPointer(bytes))
        }
        try result.get()
    }

    /// Passes the straight bytes of `frame`, which other readers share, to `body`: the frame's
    /// own bytes when it is opaque, else a converted copy in this object's buffer.
    func withStraightBytes(ofShared frame: PixelBuffer,
                           _ body: (UnsafeRawBufferPointer) throws(SegueError) -> Void) throws(SegueError) {
        let pixels = min(frame.width * frame.height, frame.bytes.count / 4)
        let result: Result<Void, SegueError> = frame.bytes.withUnsafeBytes { source in
            guard let base = source.baseAddress else { return .success(()) }
            let input = SharedPointer(UnsafeMutableRawPointer(mutating: base))
            if frame.isKnownOpaque || Self.isOpaque(input, pixels: pixels) { return Self.call(body, source) }
            // Only a translucent frame needs the buffer (kept across frames of one size).
            if converted.count != source.count { converted = [UInt8](repeating: 0, count: source.count) }
            return converted.withUnsafeMutableBytes { target in
                guard let out = target.baseAddress else { return .success(()) }
                let output = SharedPointer(out)
                PixelBands.forEach(pixels: pixels) { band in
                    Unpremultiply.convert(from: UnsafeRawPointer(input.pointer + 4 * band.lowerBound),
                                          to: output.pointer + 4 * band.lowerBound, pixels: band.count)
                }
                return Self.call(body, UnsafeRawBufferPointer(target))
            }
        }
        try result.get()
    }

    /// `body(bytes)` as a `Result`: the pointer closures it runs in do not carry typed throws.
    private static func call(_ body: (UnsafeRawBufferPointer) throws(SegueError) -> Void,
                             _ bytes: UnsafeRawBufferPointer) -> Result<Void, SegueError> {
        do throws(SegueError) { try body(bytes); return .success(()) } catch { return .failure(error) }
    }

    /// Band-parallel `PixelBuffer.isOpaque`.
    private static func isOpaque(_ input: SharedPointer, pixels: Int) -> Bool {
        let translucentBands = Atomic<Int>(0)
        PixelBands.forEach(pixels: pixels) { band in
            if translucentBands.load(ordering: .relaxed) == 0,
               !PixelBuffer.isOpaque(UnsafeRawPointer(input.pointer + 4 * band.lowerBound), pixels: band.count) {
                translucentBands.add(1, ordering: .relaxed)
            }
        }
        return translucentBands.load(ordering: .relaxed) == 0
    }
}

/// A frame's base address carried into band workers; each band reads or writes only its own
/// pixels.
struct SharedPointer: @unchecked Sendable {
    let pointer: UnsafeMutableRawPointer
    init(_ pointer: UnsafeMutableRawPointer) { self.pointer = pointer }
}
