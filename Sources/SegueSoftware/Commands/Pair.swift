import CSegueKernels
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
    /// Set when the pair's rows are drawn in C (`PairInC`).
    let inC: PairInC?

    init(_ pair: LoweredPair, first: LayerOp, second: LayerOp) {
        self.first = first
        self.second = second
        columns = pair.columns
        rows = pair.rows
        inC = PairInC(first, second)
    }

    /// Draws row `y` (one of `rows`, `columns` not empty: `PairsOp`'s index holds only those) of
    /// the pair at `pointer`; `scratch` is the band's: five rows of the canvas or of the widest
    /// source, `rowLength` pixels each. Reached through the pointer, its layers read in place
    /// (`PairFields`): copying every pair for every row had been a tenth of a magic move's frame.
    @inline(__always)
    static func apply(_ pointer: UnsafePointer<PairDraw>, row y: Int, dst: UnsafeMutablePointer<UInt32>, rowIsClear: Bool,
                      scratch: UnsafeMutablePointer<UInt32>, rowLength: Int) -> Bool {
        let pair = PairFields(pointer)
        pair.first.prefetch(row: y + 1)
        pair.second.prefetch(row: y + 1)
        switch (pair.first.shape(row: y), pair.second.shape(row: y)) {
        case (nil, nil):
            return rowIsClear
        case (let a?, nil):
            return pair.first.apply(row: y, shape: a, blend: .sourceOver, dst: dst, rowIsClear: rowIsClear, scratch: scratch)
        case (nil, let b?):
            return pair.second.apply(row: y, shape: b, blend: .sourceOver, dst: dst, rowIsClear: rowIsClear, scratch: scratch)
        case (let a?, let b?) where a.span.outer == b.span.outer:
            drawTogether(pointer, row: y, a, b, dst: dst, rowIsClear: rowIsClear, scratch: scratch, rowLength: rowLength)
            return false
        case (let a?, let b?):
            return drawThroughGroup(pointer, row: y, a, b, dst: dst, rowIsClear: rowIsClear, scratch: scratch, rowLength: rowLength)
        }
    }

    /// Both layers over the same columns: sampled side by side, then `over(a·wa + b·wb, dst)`
    /// in one pass (`SpanKernel.pairGroup`), uniform weights where both shapes cover fully, each
    /// pixel's own at the shapes' edges: on a straight row (`StraightRows`) weights worked out
    /// once per frame, on others here, into the scratch's fourth and fifth rows.
    private static func drawTogether(_ pointer: UnsafePointer<PairDraw>, row y: Int, _ shapeA: ShapeRow, _ shapeB: ShapeRow,
                                     dst: UnsafeMutablePointer<UInt32>, rowIsClear: Bool,
                                     scratch: UnsafeMutablePointer<UInt32>, rowLength: Int) {
        let pair = PairFields(pointer), a = shapeA.span, b = shapeB.span, outer = a.outer, n = outer.count
        let samplesA = pair.first.samples(row: y, columns: outer, into: scratch, work: scratch + rowLength + n)
        let samplesB = pair.second.samples(row: y, columns: outer, into: scratch + rowLength, work: scratch + rowLength + n)
        let both = a.inner.clamped(to: b.inner)
        let left = outer.lowerBound..<(both.isEmpty ? outer.upperBound : both.lowerBound)
        let right = max(left.upperBound, both.upperBound)..<outer.upperBound
        let edgesA: UnsafePointer<UInt32>, edgesB: UnsafePointer<UInt32>
        if a.inner == b.inner, let cachedA = shapeA.edgeWeights, let cachedB = shapeB.edgeWeights {
            // The group's edges are then each shape's own.
            (edgesA, edgesB) = (cachedA, cachedB)
        } else {
            let weightsA = scratch + 3 * rowLength, weightsB = weightsA + (left.count + right.count), py = Double(y) + 0.5
            var e = 0
            func weigh(_ columns: Range<Int>) {
                for x in columns {
                    weightsA[e] = pair.first.weight(column: x, of: shapeA, py: py)
                    weightsB[e] = pair.second.weight(column: x, of: shapeB, py: py)
                    e += 1
                }
            }
            weigh(left)
            weigh(right)
            (edgesA, edgesB) = (UnsafePointer(weightsA), UnsafePointer(weightsB))
        }
        SpanKernel.pairGroup(dst + outer.lowerBound, samplesA, samplesB, count: n,
                             both: left.count..<(right.lowerBound - outer.lowerBound),
                             weights: (weight256(pair.first.opacity * a.innerCoverage), weight256(pair.second.opacity * b.innerCoverage)),
                             edgeWeights: (edgesA, edgesB), dstIsClear: rowIsClear)
    }

    /// The general case: a group row of scratch cleared over the pair's columns, both layers
    /// added into it, the group drawn over the row.
    private static func drawThroughGroup(_ pointer: UnsafePointer<PairDraw>, row y: Int, _ a: ShapeRow, _ b: ShapeRow,
                                         dst: UnsafeMutablePointer<UInt32>, rowIsClear: Bool,
                                         scratch: UnsafeMutablePointer<UInt32>, rowLength: Int) -> Bool {
        let pair = PairFields(pointer), columns = pointer.pointee.columns, group = scratch, work = scratch + rowLength
        (group + columns.lowerBound).initialize(repeating: 0, count: columns.count)
        var groupIsClear = pair.first.apply(row: y, shape: a, blend: .plus, dst: group, rowIsClear: true, scratch: work)
        groupIsClear = pair.second.apply(row: y, shape: b, blend: .plus, dst: group, rowIsClear: groupIsClear, scratch: work)
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

/// A pair's two layers read in place (`PairDraw.apply`) rather than the pair (880 bytes)
/// copied out of its pointer for each of its rows.
private struct PairFields {
    let pointer: UnsafePointer<PairDraw>
    init(_ pointer: UnsafePointer<PairDraw>) { self.pointer = pointer }
    @inline(__always) var first: LayerOp { _read { yield pointer.pointee.first } }
    @inline(__always) var second: LayerOp { _read { yield pointer.pointee.second } }
}

/// A run of consecutive pairs, drawn in order. Each chunk of rows (`ChunkRows`) visits only
/// the pairs that touch it, through an index made once per frame (a photo grid's hundreds of
/// pairs each cover a few dozen of the canvas's rows, and scanning every pair on every row had
/// cost more than drawing them), and draws each pair over all its rows of the chunk before the
/// next: a pixel still sees the pairs in their order, and a pair's tables stay at hand.
struct PairsOp: RowOp {
    let pairs: [PairDraw]
    /// The length of a row of the band's scratch (it holds five).
    let rowLength: Int
    /// Chunk `c`'s pairs (rows `c · rowsPerChunk` on), in drawing order:
    /// `pairsOfChunk[chunkStarts[c]..<chunkStarts[c + 1]]`.
    private let chunkStarts: [Int32]
    private let pairsOfChunk: [Int32]
    init(pairs: [PairDraw], rowLength: Int, canvasHeight: Int) {
        self.pairs = pairs
        self.rowLength = rowLength
        let chunkCount = (canvasHeight + rowsPerChunk - 1) / rowsPerChunk
        func chunks(of pair: PairDraw) -> Range<Int> {
            let rows = pair.rows.clamped(to: 0..<canvasHeight)
            guard !pair.columns.isEmpty, !rows.isEmpty else { return 0..<0 }
            return (rows.lowerBound / rowsPerChunk)..<((rows.upperBound - 1) / rowsPerChunk + 1)
        }
        var starts = [Int32](repeating: 0, count: chunkCount + 1)
        for pair in pairs { for c in chunks(of: pair) { starts[c + 1] += 1 } }
        for c in 0..<chunkCount { starts[c + 1] += starts[c] }
        var next = starts, index = [Int32](repeating: 0, count: Int(starts[chunkCount]))
        for (i, pair) in pairs.enumerated() {
            for c in chunks(of: pair) {
                index[Int(next[c])] = Int32(i)
                next[c] += 1
            }
        }
        chunkStarts = starts
        pairsOfChunk = index
    }

    func apply(row y: Int, dst: UnsafeMutablePointer<UInt32>, rowIsClear: Bool, scratch: UnsafeMutablePointer<UInt32>) -> Bool {
        var clear = rowIsClear
        forEachPair(inChunkOf: y) { pair in
            guard pair.pointee.rows.contains(y) else { return }
            clear = PairDraw.apply(pair, row: y, dst: dst, rowIsClear: clear, scratch: scratch, rowLength: rowLength)
        }
        return clear
    }

    func apply(chunk rows: Range<Int>, drawn: ChunkRows<Bool>, rowIsClear: inout ChunkRows<Bool>,
               canvas: UnsafeMutablePointer<UInt32>, width: Int, scratch: UnsafeMutablePointer<UInt32>) {
        guard !rows.isEmpty else { return }
        assert(rows.lowerBound % rowsPerChunk == 0 && rows.count <= rowsPerChunk, "chunk \(rows)")
        forEachPair(inChunkOf: rows.lowerBound) { pair in
            let pairRows = pair.pointee.rows.clamped(to: rows)
            var y = pairRows.lowerBound
            while y < pairRows.upperBound {
                let k = y - rows.lowerBound
                // Rows drawn over what is there, for C a run of them at a time.
                if drawn[k], !rowIsClear[k], let inC = pair.pointee.inC {
                    var end = y + 1
                    while end < pairRows.upperBound && drawn[end - rows.lowerBound] && !rowIsClear[end - rows.lowerBound] { end += 1 }
                    withUnsafePointer(to: inC.first) { first in
                        withUnsafePointer(to: inC.second) { second in
                            segue_pair_rows(canvas, width, Int32(y), Int32(end), first, second, scratch, rowLength)
                        }
                    }
                    y = end
                    continue
                }
                if drawn[k] {
                    rowIsClear[k] = PairDraw.apply(pair, row: y, dst: canvas + y * width, rowIsClear: rowIsClear[k], scratch: scratch,
                                                   rowLength: rowLength)
                }
                y += 1
            }
        }
    }

    /// Calls `body` with each pair of the chunk holding row `y`, in drawing order.
    @inline(__always) private func forEachPair(inChunkOf y: Int, _ body: (UnsafePointer<PairDraw>) -> Void) {
        let c = y / rowsPerChunk
        guard y >= 0, chunkStarts.indices.contains(c + 1) else { return }
        pairs.withUnsafeBufferPointer { pairs in
            guard let first = pairs.baseAddress else { return }
            for j in Int(chunkStarts[c])..<Int(chunkStarts[c + 1]) { body(first + Int(pairsOfChunk[j])) }
        }
    }
}
