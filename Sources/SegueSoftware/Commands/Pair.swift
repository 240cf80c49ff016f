import SegueCore

/// `pair` (`LayerPair`): both layers drawn, added (`plus`), into a group of their own that
/// starts transparent, and the group drawn source-over onto the canvas. Each layer is a
/// `LayerOp`, so a pair samples and covers exactly as two layers do.
///
/// A row is drawn the cheapest way that gives the group's bytes:
/// - one layer only on the row: that layer source-over (the group is the layer alone);
/// - both over the same columns (a hero's two snapshots, a view transition's two images as wide
///   as their group): both sampled, then added and drawn over in one pass, the shapes' edges
///   pixel by pixel;
/// - otherwise through a group row: both layers into it, it over the canvas.
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

    /// Draws row `y` (one of `rows`, `columns` not empty: `PairsOp`'s index holds only those) of
    /// the pair at `pointer`; `scratch` is the band's: three rows of the canvas or of the widest
    /// source, `rowLength` pixels each. Reached through the pointer: a copy of every pair (half
    /// a kilobyte) for every row, the rows it misses included, was a tenth of a magic move's frame.
    @inline(__always)
    static func apply(_ pointer: UnsafePointer<PairDraw>, row y: Int, dst: UnsafeMutablePointer<UInt32>, rowIsClear: Bool,
                      scratch: UnsafeMutablePointer<UInt32>, rowLength: Int) -> Bool {
        let pair = pointer.pointee
        pair.first.prefetch(row: y + 1)
        pair.second.prefetch(row: y + 1)
        switch (pair.first.span(row: y), pair.second.span(row: y)) {
        case (nil, nil):
            return rowIsClear
        case (let a?, nil):
            return pair.first.apply(row: y, span: a, blend: .sourceOver, dst: dst, rowIsClear: rowIsClear, scratch: scratch)
        case (nil, let b?):
            return pair.second.apply(row: y, span: b, blend: .sourceOver, dst: dst, rowIsClear: rowIsClear, scratch: scratch)
        case (let a?, let b?) where a.outer == b.outer:
            drawTogether(pair, row: y, a, b, dst: dst, rowIsClear: rowIsClear, scratch: scratch, rowLength: rowLength)
            return false
        case (let a?, let b?):
            return drawThroughGroup(pair, row: y, a, b, dst: dst, rowIsClear: rowIsClear, scratch: scratch, rowLength: rowLength)
        }
    }

    /// Both layers over the same columns: sampled side by side, then `over(a·wa + b·wb, dst)`
    /// in one pass where both are uniformly covered, pixel by pixel at the shapes' edges.
    private static func drawTogether(_ pair: borrowing PairDraw, row y: Int, _ a: CoverageSpan, _ b: CoverageSpan,
                                     dst: UnsafeMutablePointer<UInt32>, rowIsClear: Bool,
                                     scratch: UnsafeMutablePointer<UInt32>, rowLength: Int) {
        let outer = a.outer, n = outer.count
        let samplesA = pair.first.samples(row: y, columns: outer, into: scratch, work: scratch + rowLength + n)
        let samplesB = pair.second.samples(row: y, columns: outer, into: scratch + rowLength, work: scratch + rowLength + n)
        let both = a.inner.clamped(to: b.inner)
        if !both.isEmpty {
            let offset = both.lowerBound - outer.lowerBound
            SpanKernel.pairOver(dst + both.lowerBound, samplesA + offset, samplesB + offset, count: both.count,
                                weights: (weight256(pair.first.opacity * a.innerCoverage), weight256(pair.second.opacity * b.innerCoverage)),
                                dstIsClear: rowIsClear)
        }
        let py = Double(y) + 0.5
        let split = both.isEmpty ? outer.upperBound : both.lowerBound
        for edge in [outer.lowerBound..<split, max(split, both.upperBound)..<outer.upperBound] {
            for x in edge {
                let i = x - outer.lowerBound
                let group = plusPixel(scalePixel(samplesA[i], pair.first.weight(column: x, of: a, py: py)),
                                      scalePixel(samplesB[i], pair.second.weight(column: x, of: b, py: py)))
                dst[x] = rowIsClear ? group : overPixel(group, dst[x])
            }
        }
    }

    /// The general case: a group row of scratch cleared over the pair's columns, both layers
    /// added into it, the group drawn over the row.
    private static func drawThroughGroup(_ pair: borrowing PairDraw, row y: Int, _ a: CoverageSpan, _ b: CoverageSpan,
                                         dst: UnsafeMutablePointer<UInt32>, rowIsClear: Bool,
                                         scratch: UnsafeMutablePointer<UInt32>, rowLength: Int) -> Bool {
        let columns = pair.columns, group = scratch, work = scratch + rowLength
        (group + columns.lowerBound).initialize(repeating: 0, count: columns.count)
        var groupIsClear = pair.first.apply(row: y, span: a, blend: .plus, dst: group, rowIsClear: true, scratch: work)
        groupIsClear = pair.second.apply(row: y, span: b, blend: .plus, dst: group, rowIsClear: groupIsClear, scratch: work)
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

/// A run of consecutive pairs, drawn in order. Each row visits only the pairs that touch it,
/// through an index made once per frame: a photo grid's hundreds of pairs each cover a few
/// dozen of the canvas's rows, and scanning every pair on every row had cost more than
/// drawing them.
struct PairsOp: RowOp {
    let pairs: [PairDraw]
    /// The length of a row of the band's scratch (it holds three).
    let rowLength: Int
    /// Row `y`'s pairs, in drawing order: `pairsOfRow[rowStarts[y]..<rowStarts[y + 1]]`.
    private let rowStarts: [Int32]
    private let pairsOfRow: [Int32]

    init(pairs: [PairDraw], rowLength: Int, canvasHeight: Int) {
        self.pairs = pairs
        self.rowLength = rowLength
        var starts = [Int32](repeating: 0, count: canvasHeight + 1)
        for pair in pairs where !pair.columns.isEmpty {
            for y in pair.rows.clamped(to: 0..<canvasHeight) { starts[y + 1] += 1 }
        }
        for y in 0..<canvasHeight { starts[y + 1] += starts[y] }
        var next = starts, index = [Int32](repeating: 0, count: Int(starts[canvasHeight]))
        for (i, pair) in pairs.enumerated() where !pair.columns.isEmpty {
            for y in pair.rows.clamped(to: 0..<canvasHeight) {
                index[Int(next[y])] = Int32(i)
                next[y] += 1
            }
        }
        rowStarts = starts
        pairsOfRow = index
    }

    func apply(row y: Int, dst: UnsafeMutablePointer<UInt32>, rowIsClear: Bool, scratch: UnsafeMutablePointer<UInt32>) -> Bool {
        guard rowStarts.indices.contains(y + 1) else { return rowIsClear }
        var clear = rowIsClear
        pairs.withUnsafeBufferPointer { pairs in
            guard let first = pairs.baseAddress else { return }
            for k in Int(rowStarts[y])..<Int(rowStarts[y + 1]) {
                clear = PairDraw.apply(first + Int(pairsOfRow[k]), row: y, dst: dst, rowIsClear: clear, scratch: scratch, rowLength: rowLength)
            }
        }
        return clear
    }
}
