import CSegueKernels
import SegueCore

/// A cross-dissolve (`CrossDissolve`: a clear to transparent and the layers after it that cover
/// the canvas texel for texel, added) run as one pass per row:
/// `dst = Σ wᵢ·srcᵢ`, rounded once. The separate clear and per-layer passes give the same
/// pixels within one level; fused, the fade costs about one plain blend of the snapshots.
///
/// `@unchecked Sendable`: the sources point into images pinned, and only read, for the frame.
struct MixOp: RowOp, @unchecked Sendable {
    let sources: [UnsafePointer<UInt32>]
    /// Per source, 0…256.
    let weights: [UInt32]
    let width: Int

    func apply(row y: Int, dst: UnsafeMutablePointer<UInt32>, rowIsClear: Bool, scratch: UnsafeMutablePointer<UInt32>) -> Bool {
        let offset = y * width
        if sources.count == 2 {
            // The fade's one pass: the run-time dispatched byte loop (AVX2 where the CPU has it).
            segue_mix_bytes(UnsafeMutableRawPointer(dst).assumingMemoryBound(to: UInt8.self),
                            UnsafeRawPointer(sources[0] + offset).assumingMemoryBound(to: UInt8.self),
                            UnsafeRawPointer(sources[1] + offset).assumingMemoryBound(to: UInt8.self),
                            4 * width, UInt16(weights[0]), UInt16(weights[1]))
        } else {
            let lanes = weights.map { ChannelLanes(weight: $0) }
            forEachBlock(width) { i, n in
                var even = ChannelLanes(repeating: 0x80), odd = ChannelLanes(repeating: 0x80)
                for (s, w) in zip(sources, lanes) {
                    let p = PixelBlock.load(s + offset + i, count: n)
                    even = addSaturating(even, p.evenChannels &* w)
                    odd = addSaturating(odd, p.oddChannels &* w)
                }
                PixelBlock(even: even &>> 8, odd: odd &>> 8).store(dst + i, count: n)
            }
        }
        return false
    }

    func cover(row y: Int) -> RowCover { .replacesRow }
}
