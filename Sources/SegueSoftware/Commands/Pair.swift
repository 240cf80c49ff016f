import SegueCore

/// `pair` (`LayerPair`): both layers drawn, added (`plus`), into a row of their own that starts
/// transparent — the isolated group — and that row drawn source-over onto the canvas row.
/// Each layer is a `LayerOp`, so a pair samples and covers exactly as two layers do.
///
/// Consecutive pairs (a magic move's hundreds of elements) are one op, `PairsOp`, so each row
/// passes through one call that skips the pairs the row misses.
///
/// `@unchecked Sendable`: the layers point into images pinned, and only read, for the frame.
struct PairDraw: @unchecked Sendable {
    let first: LayerOp
    let second: LayerOp
    let columns: Range<Int>
    let rows: Range<Int>

    init(_ pair: LoweredPair, first: LayerOp, second: LayerOp) {
        self.first = first
        self.second = second
        columns = pair.columns
        rows = pair.rows
    }

    /// Draws row `y` of `pair`; `group` is a canvas-wide row of scratch, `work` the layers'.
    /// Borrowed, not copied: a copy per pair and row was a tenth of a magic move's frame.
    @inline(__always)
    static func apply(_ pair: borrowing PairDraw, row y: Int, dst: UnsafeMutablePointer<UInt32>, rowIsClear: Bool,
                      group: UnsafeMutablePointer<UInt32>, work: UnsafeMutablePointer<UInt32>) -> Bool {
        let columns = pair.columns
        guard pair.rows.contains(y), !columns.isEmpty else { return rowIsClear }
        (group + columns.lowerBound).initialize(repeating: 0, count: columns.count)
        var groupIsClear = pair.first.apply(row: y, dst: group, rowIsClear: true, scratch: work)
        groupIsClear = pair.second.apply(row: y, dst: group, rowIsClear: groupIsClear, scratch: work)
        if groupIsClear { return rowIsClear }
        let out = dst + columns.lowerBound, src = UnsafePointer(group + columns.lowerBound)
        if rowIsClear {
            SpanKernel.store(out, src, count: columns.count, weight: 256)
        } else {
            SpanKernel.blend(out, src, count: columns.count, weight: 256, .sourceOver)
        }
        return false
    }
}

/// A run of consecutive pairs, drawn in order.
struct PairsOp: RowOp {
    var pairs: [PairDraw]
    /// Where in the band's scratch the layers' own working rows start: the group row takes
    /// the scratch's first `layerScratchOffset` pixels.
    let layerScratchOffset: Int

    func apply(row y: Int, dst: UnsafeMutablePointer<UInt32>, rowIsClear: Bool, scratch: UnsafeMutablePointer<UInt32>) -> Bool {
        var clear = rowIsClear
        let work = scratch + layerScratchOffset
        pairs.withUnsafeBufferPointer { pairs in
            for i in pairs.indices {
                clear = PairDraw.apply(pairs[i], row: y, dst: dst, rowIsClear: clear, group: scratch, work: work)
            }
        }
        return clear
    }
}
