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
            let a = sources[0] + offset, b = sources[1] + offset
            let wa = ChannelLanes(weight: weights[0]), wb = ChannelLanes(weight: weights[1])
            forEachBlock(width) { i, n in
                let pa = PixelBlock.load(a + i, count: n), pb = PixelBlock.load(b + i, count: n)
                PixelBlock(even: Self.mix(pa.evenChannels &* wa, pb.evenChannels &* wb),
                        odd: Self.mix(pa.oddChannels &* wa, pb.oddChannels &* wb)).store(dst + i, count: n)
            }
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

    /// `min(255, (x + y + 128) / 256)` per lane for two weighted channels: the 16-bit sum
    /// saturates exactly when the result would pass 255.
    @inline(__always) private static func mix(_ x: ChannelLanes, _ y: ChannelLanes) -> ChannelLanes {
        addSaturating(x &+ 0x80, y) &>> 8
    }
}
