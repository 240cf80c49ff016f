import Dispatch

/// Splits a frame's pixels into contiguous bands run on every core: the per-frame conversions
/// of stream output (un-premultiplying, Y4M) and the GL readback's copy out of a mapped buffer
/// are memory-bound passes that one core cannot saturate.
public enum PixelBands {
    /// Bands per core: enough that a core delayed by the renderer's own bands does not hold
    /// up the pass, few enough that each band stays a long streaming run.
    public static let bandsPerCore = 4
    /// Below this many pixels (a 256×256 frame) a pass runs on the calling thread.
    public static let minimumParallelPixels = 65_536

    /// Calls `body` on disjoint, ordered ranges that cover `0..<pixels`, each a multiple of
    /// `alignment` pixels long except the last, in parallel when the frame is large enough:
    /// `bands` of them, or `bandsPerCore` per core.
    public static func forEach(pixels: Int, alignment: Int = 16, bands: Int? = nil, _ body: (Range<Int>) -> Void) {
        guard pixels > 0 else { return }
        let bands = bands ?? SystemInfo.activeProcessorCount * bandsPerCore
        guard pixels >= minimumParallelPixels, bands > 1 else { return body(0..<pixels) }
        let step = (pixels / bands + alignment - 1) / alignment * alignment
        let count = (pixels + step - 1) / step
        withoutActuallyEscaping(body) { body in
            let band = UncheckedSendableBody(body)
            DispatchQueue.concurrentPerform(iterations: count) { i in
                band.body(i * step..<min(pixels, (i + 1) * step))
            }
        }
    }
}

/// A band body touches only its own range of pixels, so running it on several threads at once
/// is safe even though the closure is not `Sendable`.
private struct UncheckedSendableBody: @unchecked Sendable {
    let body: (Range<Int>) -> Void
    init(_ body: @escaping (Range<Int>) -> Void) { self.body = body }
}
