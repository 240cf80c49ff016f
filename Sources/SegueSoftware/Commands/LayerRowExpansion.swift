import SegueCore

/// A magnified layer's source rows, each resampled once to the canvas columns.
///
/// A layer drawn at least twice its source's height (a blur read from a small pyramid level and
/// scaled up to the canvas) reads every source row for two or more canvas rows. Sampling
/// horizontally first, once per source row, leaves each canvas row one constant-weight blend of
/// two resampled rows, instead of a per-pixel gather of four texels. Bilinear either way; the
/// rounding of the intermediate row differs by at most one level from sampling vertically first.
struct ExpandedRows: @unchecked Sendable {
    /// Row `firstRow` of the source, resampled; rows follow every `canvasWidth` pixels.
    let base: UnsafePointer<UInt32>
    let firstRow: Int
    let rowCount: Int
    let canvasWidth: Int

    /// Source row `y` resampled to canvas columns (clamped to the rows expanded).
    @inline(__always) func row(_ y: Int) -> UnsafePointer<UInt32> { base + clamp(y - firstRow, 0, rowCount - 1) * canvasWidth }
}

/// Memory for what a frame's layers work out before drawing (`ExpandedRows`, `ColumnTable`),
/// kept across frames so that a warm sequence allocates nothing; taken in order during a
/// frame, all free again at the next.
final class FrameMemoryPool {
    private var buffers: [(base: UnsafeMutablePointer<UInt32>, pixels: Int)] = []
    private var taken = 0

    func startFrame() { taken = 0 }

    /// Uninitialised memory for `pixels` pixels, valid until the next `startFrame`.
    func take(pixels: Int) -> UnsafeMutablePointer<UInt32> {
        defer { taken += 1 }
        if taken < buffers.count {
            if buffers[taken].pixels >= pixels { return buffers[taken].base }
            buffers[taken].base.deallocate()
            buffers[taken] = (.allocate(capacity: pixels), pixels)
            return buffers[taken].base
        }
        buffers.append((.allocate(capacity: pixels), pixels))
        return buffers[taken].base
    }

    deinit {
        for buffer in buffers { buffer.base.deallocate() }
    }
}
