/// One lowered draw command prepared for a frame: geometry worked out once, then applied row
/// by row by the band executor, so a row stays in cache while every command runs over it.
protocol RowOp: Sendable {
    /// Draws this command's part of row `y` into `dst` (the row's first pixel). `rowIsClear`
    /// says the row is entirely transparent black so far; returns whether it still is.
    /// `scratch` is this band's working memory: room for five rows of the canvas or of the
    /// widest source image, whichever is wider.
    func apply(row y: Int, dst: UnsafeMutablePointer<UInt32>, rowIsClear: Bool, scratch: UnsafeMutablePointer<UInt32>) -> Bool

    /// Draws this command over a chunk of rows (`ChunkRows`), as the band executor does each op
    /// over all of a chunk's rows before the next: row `y` of `rows` at `canvas + y · width`,
    /// drawn where `drawn[y − rows.lowerBound]`, its `rowIsClear` as `apply(row:…)` takes and
    /// returns it. By default row after row; an op of many small elements (`PairsOp`) draws
    /// each over its rows in turn.
    func apply(chunk rows: Range<Int>, drawn: ChunkRows<Bool>, rowIsClear: inout ChunkRows<Bool>,
               canvas: UnsafeMutablePointer<UInt32>, width: Int, scratch: UnsafeMutablePointer<UInt32>)

    /// How much of row `y` this op covers, for the executor to skip work a later op hides.
    /// Conservative: `.partly` is always a safe answer.
    func cover(row y: Int) -> RowCover
    /// A clear to transparent black: skipped when the next op writes the whole row anyway.
    var clearsToTransparent: Bool { get }
}

extension RowOp {
    func apply(chunk rows: Range<Int>, drawn: ChunkRows<Bool>, rowIsClear: inout ChunkRows<Bool>,
               canvas: UnsafeMutablePointer<UInt32>, width: Int, scratch: UnsafeMutablePointer<UInt32>) {
        for (k, y) in rows.enumerated() where drawn[k] {
            rowIsClear[k] = apply(row: y, dst: canvas + y * width, rowIsClear: rowIsClear[k], scratch: scratch)
        }
    }

    func cover(row y: Int) -> RowCover { .partly }
    var clearsToTransparent: Bool { false }
}

/// What an op leaves of what the row held before it.
enum RowCover {
    /// Some pixels keep or blend with what was there.
    case partly
    /// Every pixel is written from the op's sources at full weight: over a clear row, what it
    /// writes does not depend on the row (an op may then be handed an unwritten row marked clear).
    case wholeRowOverClear
    /// Nothing of the row shows through (a clear, a pass that writes every pixel, an opaque
    /// image at full opacity): the ops before it need not run on this row.
    case replacesRow
}

/// Per-row state of a chunk: the rows drawn together, each op over all of them before the
/// next (`SoftwareRenderer.draw`), so a pass over whole rows (a cross-dissolve) streams sixteen
/// rows of its sources at a time instead of being interrupted, row after row, by ops that read
/// elsewhere (a magic move's elements); the chunk's rows of the canvas stay in cache meanwhile.
/// Chunks start at multiples of `rowsPerChunk`.
typealias ChunkRows<Element> = InlineArray<16, Element>
let rowsPerChunk = ChunkRows<Int>.count
