import SegueCore

/// `pair` (`LayerPair`): both layers drawn, added (`plus`), into a row of their own that starts
/// transparent — the isolated group — and that row drawn source-over onto the canvas row.
/// Each layer is a `LayerOp`, so a pair samples and covers exactly as two layers do.
///
/// `@unchecked Sendable`: the layers point into images pinned, and only read, for the frame.
struct PairOp: RowOp, @unchecked Sendable {
    let first: LayerOp
    let second: LayerOp
    let columns: Range<Int>
    let rows: Range<Int>
    /// Where in the band's scratch the layers' own working rows start: the pair's row takes
    /// the scratch's first `layerScratchOffset` pixels.
    let layerScratchOffset: Int

    init(_ pair: LoweredPair, first: LayerOp, second: LayerOp, layerScratchOffset: Int) {
        self.first = first
        self.second = second
        columns = pair.columns
        rows = pair.rows
        self.layerScratchOffset = layerScratchOffset
    }

    func apply(row y: Int, dst: UnsafeMutablePointer<UInt32>, rowIsClear: Bool, scratch: UnsafeMutablePointer<UInt32>) -> Bool {
        guard rows.contains(y), !columns.isEmpty else { return rowIsClear }
        // The group's row, indexed by canvas column like `dst`.
        let group = scratch
        (group + columns.lowerBound).initialize(repeating: 0, count: columns.count)
        let work = scratch + layerScratchOffset
        var groupIsClear = first.apply(row: y, dst: group, rowIsClear: true, scratch: work)
        groupIsClear = second.apply(row: y, dst: group, rowIsClear: groupIsClear, scratch: work)
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
