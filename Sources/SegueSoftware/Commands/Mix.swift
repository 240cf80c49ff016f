import SegueCore

/// A cross-dissolve (`CrossDissolve`: a clear to transparent and the layers after it that cover
/// the canvas texel for texel, added) run as one pass per row:
/// `dst = Σ wᵢ·srcᵢ`, rounded once. The separate clear and per-layer passes give the same
/// pixels within one level; fused, the fade costs about one plain blend of the snapshots.
///
/// `@unchecked Sendable`: the sources point into images pinned, and only read, for the frame.
struct MixOp: RowOp, @unchecked Sendable {
    let sources: [UnsafePointer<UInt8>]
    /// Per source, 0…256.
    let weights: [UInt32]
    let width: Int

    func apply(row y: Int, dst: UnsafeMutablePointer<UInt32>, rowIsClear: Bool, scratch: UnsafeMutablePointer<UInt32>) -> Bool {
        let bytes = width * 4
        let out = UnsafeMutableRawPointer(dst).assumingMemoryBound(to: UInt8.self)
        let offset = y * bytes
        if sources.count == 2 {
            let a = sources[0] + offset, b = sources[1] + offset
            let wa = weights[0], wb = weights[1]
            for i in 0..<bytes {
                out[i] = UInt8(truncatingIfNeeded: min(255, (UInt32(a[i]) &* wa &+ UInt32(b[i]) &* wb &+ 128) >> 8))
            }
        } else {
            for i in 0..<bytes {
                var sum: UInt32 = 128
                for (s, w) in zip(sources, weights) { sum &+= UInt32(s[offset + i]) &* w }
                out[i] = UInt8(truncatingIfNeeded: min(255, sum >> 8))
            }
        }
        return false
    }
}
