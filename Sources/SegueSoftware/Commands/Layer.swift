import CSegueKernels
import SegueCore

/// `layer`: sample the source onto the frame, bilinear with clamp-to-edge, weighted by
/// opacity × rounded-rect coverage (docs/ARCHITECTURE.md "layer").
///
/// Sampling takes the cheapest exact path: a texel copy (`LoweredLayer.isTexelCopy`) copies
/// rows; a fractional translation blends four texels with weights that are the same for the
/// whole layer; any other scale looks up per-column texel pairs computed once per frame, and a
/// layer magnified at least twice vertically resamples its source rows once each first
/// (`ExpandedRows`).
///
/// `@unchecked Sendable`: `source` points into an image pinned, and only read, for the frame.
struct LayerOp: RowOp, @unchecked Sendable {
    let frame: Rect
    let radii: CornerRadii
    let blend: BlendMode
    let opacity: Double
    let isTexelCopy: Bool
    let source: UnsafePointer<UInt32>
    /// Every pixel of the source is opaque (`ImageSet.opaqueImages`).
    let sourceIsOpaque: Bool
    let sourceWidth: Int
    let sourceHeight: Int
    let canvasWidth: Int
    /// Source texel coordinate (centres at integers) of canvas row position p: `ay · p + by`.
    let ay: Double, by: Double
    /// Per canvas column for scaled layers: texel pair and weight.
    let columns: ColumnTable?
    /// Unit horizontal scale: texel = column + `offsetX`, same weight `fracX` everywhere.
    let unitScale: Bool
    let offsetX: Int, fracX: UInt32
    /// Set by `expandRowsIfMagnified`: rows are then blends of two of these.
    private(set) var expanded: ExpandedRows?
    /// The rows whose span and edge weights are the same, worked out once.
    let straight: StraightRows?

    /// For a layer of a pair drawn in C (`PairInC`), the column table the C rows sample through
    /// (`sampling`): a scaled layer's own; at unit scale, one of its constant offset and weight
    /// (a view transition's images are whole pixels wide, so an element often keeps its width
    /// for many frames).
    let columnsForC: ColumnTable?
    /// For a layer of a pair drawn in C, its straight rows (`StraightRows.rows`), whose shapes
    /// the C rows work out themselves.
    let straightRowsForC: (rows: Range<Int>, lowerStart: Int)?

    /// `drawnInC`: the layer is one of a pair to be drawn in C (`PairInC`); it then leaves its
    /// straight rows' shapes to C, and rows drawn from Swift work theirs out one by one.
    init(_ layer: LoweredLayer, source: UnsafePointer<UInt32>, sourceIsOpaque: Bool, canvasWidth: Int, canvasHeight: Int,
         memory: FrameMemoryPool, drawnInC: Bool) {
        frame = layer.frame
        radii = layer.radii
        blend = layer.blend
        opacity = layer.opacity
        isTexelCopy = layer.isTexelCopy
        self.source = source
        self.sourceIsOpaque = sourceIsOpaque
        let sourceSize = layer.sourceSize
        sourceWidth = sourceSize.width
        sourceHeight = sourceSize.height
        self.canvasWidth = canvasWidth
        let m = layer.mapping
        ay = m.ay
        by = m.by
        unitScale = abs(m.ax - 1) < 1e-9
        let u0 = 0.5 + m.bx, fl = u0.rounded(.down)
        offsetX = Int(fl)
        fracX = UInt32(((u0 - fl) * 256).rounded())
        columns = unitScale ? nil : ColumnTable(canvasWidth: canvasWidth, frame: layer.frame, memory: memory, scale: m.ax, offset: m.bx,
                                                sourceWidth: sourceSize.width)
        let (frame, radii, opacity) = (layer.frame, layer.radii, layer.opacity)
        if drawnInC {
            columnsForC = (columns ?? ColumnTable(canvasWidth: canvasWidth, frame: frame, memory: memory, offset: offsetX, weight: fracX,
                                                  sourceWidth: sourceSize.width)).withBlocks(memory: memory)
            straightRowsForC = StraightRows.rows(frame: frame, radii: radii, canvasHeight: canvasHeight)
            straight = nil
        } else {
            columnsForC = nil
            straightRowsForC = nil
            straight = StraightRows(frame: frame, radii: radii, canvasWidth: canvasWidth, canvasHeight: canvasHeight, memory: memory) { x, py in
                Self.edgeWeight(x, py, frame: frame, radii: radii, opacity: opacity)
            }
        }
    }

    /// Resamples the source rows the layer reads, once each (`ExpandedRows`), when it spans at
    /// least twice as many canvas rows; any other layer is left as it is.
    mutating func expandRowsIfMagnified(canvasHeight: Int, pool: FrameMemoryPool, executor: BandExecutor) {
        guard let columns, !isTexelCopy, !columns.range.isEmpty else { return }
        let top = max(0, Int(frame.minY.rounded(.down))), bottom = min(canvasHeight, Int(frame.maxY.rounded(.up)))
        guard top < bottom else { return }
        let (firstA, lastA, _) = Self.texels(ay * (Double(top) + 0.5) + by, sourceHeight)
        let (firstB, lastB, _) = Self.texels(ay * (Double(bottom - 1) + 0.5) + by, sourceHeight)
        let firstRow = min(firstA, firstB), rowCount = max(lastA, lastB) - firstRow + 1
        guard 2 * rowCount <= bottom - top else { return }
        let base = pool.take(pixels: rowCount * canvasWidth)
        let target = SharedPointer(base: base), layer = self, width = canvasWidth, range = columns.range
        executor.run(rows: rowCount) { band in
            for j in band {
                layer.sampleColumns(into: target.base + j * width + range.lowerBound, span: range,
                                    row: layer.source + (firstRow + j) * layer.sourceWidth, readable: layer.sourceWidth)
            }
        }
        expanded = ExpandedRows(base: base, firstRow: firstRow, rowCount: rowCount, canvasWidth: canvasWidth)
    }

    /// The two texels around coordinate `u` (clamped to the image) and the second one's weight
    /// (`segue_texels`, the rule the C row routines follow too).
    @inline(__always) static func texels(_ u: Double, _ n: Int) -> (Int, Int, UInt32) {
        var i0 = 0, i1 = 0, w: UInt32 = 0
        segue_texels(u, n, &i0, &i1, &w)
        return (i0, i1, w)
    }

    /// The layer as the C pair rows (`segue_pair_rows`) sample it, through `columnsForC`: nil
    /// without that table, or when its rows are resampled beforehand (`ExpandedRows`, whose
    /// rounding differs).
    var sampling: segue_scaled_layer? {
        guard let columns = columnsForC, expanded == nil else { return nil }
        return segue_scaled_layer(source: source, sourceWidth: sourceWidth, sourceHeight: sourceHeight, ay: ay, by: by,
                                  first: UnsafePointer(columns.first), second: UnsafePointer(columns.second),
                                  weight: UnsafePointer(columns.weight), blocks: columns.blocks.map { UnsafePointer($0) },
                                  blocksStart: Int32(columns.range.lowerBound), blocksCount: Int32(columns.range.count))
    }

    func apply(row y: Int, dst: UnsafeMutablePointer<UInt32>, rowIsClear: Bool, scratch: UnsafeMutablePointer<UInt32>) -> Bool {
        guard let shape = shape(row: y) else { return rowIsClear }
        return apply(row: y, shape: shape, blend: blend, dst: dst, rowIsClear: rowIsClear, scratch: scratch)
    }

    /// The pixels of row `y` the layer's rounded rectangle touches, nil when it misses the
    /// row; on a straight row (`StraightRows`) with its edge weights.
    @inline(__always) func shape(row y: Int) -> ShapeRow? {
        if let straight, let row = straight.row(y) {
            assert(row.span == CoverageSpan.roundedRect(frame, radii: radii, row: y, width: canvasWidth)
                && hasEdgeWeights(row, py: Double(y) + 0.5), "straight row \(y) of \(frame)")
            return row
        }
        return CoverageSpan.roundedRect(frame, radii: radii, row: y, width: canvasWidth).map { ShapeRow(span: $0, edgeWeights: nil) }
    }

    /// `apply` with the row's shape already worked out (`shape(row:)`) and the blend mode
    /// given: a pair draws a row that only one of its layers covers source-over (the group is
    /// that layer alone), its layers otherwise adding.
    func apply(row y: Int, shape: ShapeRow, blend: BlendMode, dst: UnsafeMutablePointer<UInt32>, rowIsClear: Bool,
               scratch: UnsafeMutablePointer<UInt32>) -> Bool {
        let py = Double(y) + 0.5, span = shape.span
        let (row0, row1, fy) = sourceRows(py)
        var drew = false
        let inner = span.inner, outer = span.outer
        let innerWeight = weight256(opacity * span.innerCoverage)
        let direct = isTexelCopy && inner.lowerBound + offsetX >= 0 && inner.upperBound + offsetX <= sourceWidth
        // A scaled row with partly covered pixels at its ends is sampled whole, once, through
        // the column table: the ends then read their samples instead of gathering four texels
        // each (at unit scale a pixel's four texels are adjacent and cheap).
        var sampled: UnsafePointer<UInt32>?
        if outer.count > inner.count && !direct && !unitScale {
            sampleRow(into: scratch, span: outer, row0: row0, row1: row1, fy: fy, work: scratch + outer.count)
            sampled = UnsafePointer(scratch)
        }
        if !inner.isEmpty && innerWeight > 0 {
            let out = dst + inner.lowerBound
            // Over a clear row, or opaque over anything at full weight, the source is the result.
            let stores = rowIsClear || (sourceIsOpaque && blend == .sourceOver && innerWeight == 256)
            if sampled == nil && stores && innerWeight == 256 && !direct {
                // The samples are the result: written straight into the row, not copied there.
                sampleRow(into: out, span: inner, row0: row0, row1: row1, fy: fy, work: scratch)
            } else {
                let src: UnsafePointer<UInt32>
                if direct {
                    src = row0 + inner.lowerBound + offsetX
                } else if let sampled {
                    src = sampled + (inner.lowerBound - outer.lowerBound)
                } else {
                    sampleRow(into: scratch, span: inner, row0: row0, row1: row1, fy: fy, work: scratch + inner.count)
                    src = UnsafePointer(scratch)
                }
                if stores {
                    SpanKernel.store(out, src, count: inner.count, weight: innerWeight)
                } else {
                    SpanKernel.blend(out, src, count: inner.count, weight: innerWeight, blend)
                }
            }
            drew = true
        }
        // Edge pixels (left and right of the inner span): exact coverage each.
        func drawEdge(_ edge: Range<Int>) {
            for x in edge {
                let w = edgeWeight(column: x, of: shape, py: py)
                if w == 0 { continue }
                let sample = sampled.map { $0[x - outer.lowerBound] } ?? samplePixel(x: x, row0: row0, row1: row1, fy: fy)
                let pixel = scalePixel(sample, w)
                dst[x] = rowIsClear ? pixel : blendPixel(pixel, dst[x], blend)
                drew = true
            }
        }
        drawEdge(span.leftEdge)
        drawEdge(span.rightEdge)
        return rowIsClear && !drew
    }

    /// The two source rows around canvas row centre `py` and the second one's weight.
    @inline(__always) private func sourceRows(_ py: Double) -> (UnsafePointer<UInt32>, UnsafePointer<UInt32>, UInt32) {
        let (y0, y1, fy) = Self.texels(ay * py + by, sourceHeight)
        return (expanded?.row(y0) ?? source + y0 * sourceWidth, expanded?.row(y1) ?? source + y1 * sourceWidth, fy)
    }

    /// Row `y`'s samples over `columns` at full weight: a pointer into the source where the
    /// layer is a texel copy there, else `out`, filled (`work` as `sampleRow` needs it).
    /// Inlined, as `prefetch` is: a call would take a copy of the layer (430 bytes).
    @inline(__always) func samples(row y: Int, columns: Range<Int>, into out: UnsafeMutablePointer<UInt32>,
                 work: UnsafeMutablePointer<UInt32>) -> UnsafePointer<UInt32> {
        let (row0, row1, fy) = sourceRows(Double(y) + 0.5)
        if isTexelCopy && columns.lowerBound + offsetX >= 0 && columns.upperBound + offsetX <= sourceWidth {
            return row0 + columns.lowerBound + offsetX
        }
        sampleRow(into: out, span: columns, row0: row0, row1: row1, fy: fy, work: work)
        return UnsafePointer(out)
    }

    /// Column `x`'s weight in row `y` (centre `py`) of `shape`: opacity × coverage, 0…256.
    @inline(__always) func weight(column x: Int, of shape: ShapeRow, py: Double) -> UInt32 {
        shape.span.inner.contains(x) ? weight256(opacity * shape.span.innerCoverage) : edgeWeight(column: x, of: shape, py: py)
    }

    /// Edge pixel `x`'s weight in row `y` (centre `py`) of `shape`: looked up on a straight row.
    @inline(__always) private func edgeWeight(column x: Int, of shape: ShapeRow, py: Double) -> UInt32 {
        guard let weights = shape.edgeWeights else { return edgeWeight(x, py) }
        let span = shape.span
        return x < span.leftEdge.upperBound ? weights[x - span.outer.lowerBound]
                                            : weights[span.leftEdge.count + x - span.rightEdge.lowerBound]
    }

    /// `shape(row:)`'s check in debug builds: every edge weight `row` looks up is the one worked
    /// out pixel by pixel.
    private func hasEdgeWeights(_ row: ShapeRow, py: Double) -> Bool {
        row.edgeWeights != nil && [row.span.leftEdge, row.span.rightEdge].joined().allSatisfy {
            edgeWeight(column: $0, of: row, py: py) == edgeWeight($0, py)
        }
    }

    /// Asks the cache for the source texels row `y` will read (`segue_prefetch`): called a row
    /// ahead by the ops that draw many small layers, whose scattered reads no hardware
    /// prefetcher foresees.
    @inline(__always) func prefetch(row y: Int) {
        guard expanded == nil, Double(y) + 0.5 > frame.minY - 0.5, Double(y) + 0.5 < frame.maxY + 0.5 else { return }
        let first: Int, last: Int
        if let columns {
            guard !columns.range.isEmpty else { return }
            first = Int(columns.first[columns.range.lowerBound]); last = Int(columns.second[columns.range.upperBound - 1])
        } else {
            first = min(max(Int(frame.minX.rounded(.down)) + offsetX, 0), sourceWidth - 1)
            last = min(max(Int(frame.maxX.rounded(.up)) + offsetX, 0), sourceWidth - 1)
        }
        guard first <= last else { return }
        let (y0, y1, _) = Self.texels(ay * (Double(y) + 0.5) + by, sourceHeight)
        let bytes = (last - first + 1) * MemoryLayout<UInt32>.stride
        segue_prefetch(source + y0 * sourceWidth + first, bytes)
        if y1 != y0 { segue_prefetch(source + y1 * sourceWidth + first, bytes) }
    }

    /// The whole row at full weight (every pixel's coverage × opacity rounds to 256) is
    /// written over a clear row from the source alone; when the source is opaque and blended
    /// over (`src + (1 − 1)·dst`), whatever the row held.
    func cover(row y: Int) -> RowCover {
        guard let span = CoverageSpan.roundedRect(frame, radii: radii, row: y, width: canvasWidth),
              span.outer == 0..<canvasWidth, span.inner.isEmpty || weight256(opacity * span.innerCoverage) == 256 else { return .partly }
        let py = Double(y) + 0.5
        for edge in [span.leftEdge, span.rightEdge] {
            for x in edge where edgeWeight(x, py) != 256 {
                return .partly
            }
        }
        return sourceIsOpaque && blend == .sourceOver ? .replacesRow : .wholeRowOverClear
    }

    /// An edge pixel's weight: its exact coverage of the rounded rect × opacity, 0…256.
    @inline(__always) private func edgeWeight(_ x: Int, _ py: Double) -> UInt32 {
        Self.edgeWeight(x, py, frame: frame, radii: radii, opacity: opacity)
    }

    @inline(__always) private static func edgeWeight(_ x: Int, _ py: Double, frame: Rect, radii: CornerRadii, opacity: Double) -> UInt32 {
        var shape = segue_rr(frame, radii)
        return segue_rr_weight(&shape, opacity, Int32(truncatingIfNeeded: x), py)
    }

    @inline(__always) private func samplePixel(x: Int, row0: UnsafePointer<UInt32>, row1: UnsafePointer<UInt32>, fy: UInt32) -> UInt32 {
        if expanded != nil { return lerpPixel(row0[x], row1[x], fy) }
        let i0: Int, i1: Int, fx: UInt32
        if unitScale {
            let t = x + offsetX
            i0 = min(max(t, 0), sourceWidth - 1); i1 = min(max(t + 1, 0), sourceWidth - 1); fx = fracX
        } else {
            let c = columns!
            i0 = Int(c.first[x]); i1 = Int(c.second[x]); fx = c.weight[x]
        }
        // Vertical first, as the scaled-row path blends its two source rows first.
        return lerpPixel(lerpPixel(row0[i0], row1[i0], fy), lerpPixel(row0[i1], row1[i1], fy), fx)
    }

    /// Samples `span` of the row into `out`, one pixel per canvas column; `work` holds a
    /// source row's worth of pixels (a scaled layer's two source rows blended), apart from `out`.
    private func sampleRow(into out: UnsafeMutablePointer<UInt32>, span: Range<Int>, row0: UnsafePointer<UInt32>,
                           row1: UnsafePointer<UInt32>, fy: UInt32, work: UnsafeMutablePointer<UInt32>) {
        let n = span.count
        if expanded != nil {
            SpanKernel.lerp(out, row0 + span.lowerBound, row1 + span.lowerBound, count: n, weight: fy)
            return
        }
        if unitScale && span.lowerBound + offsetX >= 0 && span.upperBound + offsetX + 1 <= sourceWidth {
            // Same weights for every pixel: a straight blend along the two rows.
            let s0 = row0 + span.lowerBound + offsetX, s1 = row1 + span.lowerBound + offsetX
            if fy == 0 {
                SpanKernel.lerp(out, s0, s0 + 1, count: n, weight: fracX)
            } else if fracX == 0 {
                SpanKernel.lerp(out, s0, s1, count: n, weight: fy)
            } else {
                let wx = ChannelLanes(weight: fracX), wy = ChannelLanes(weight: fy)
                forEachBlock(n) { i, k in
                    let left = Block.lerp(.load(s0 + i, count: k), .load(s1 + i, count: k), wy)
                    let right = Block.lerp(.load(s0 + i + 1, count: k), .load(s1 + i + 1, count: k), wy)
                    Block.lerp(left, right, wx).store(out + i, count: k)
                }
            }
            return
        }
        if unitScale {
            for i in 0..<n { out[i] = samplePixel(x: span.lowerBound + i, row0: row0, row1: row1, fy: fy) }
            return
        }
        // Blend the two source rows once over the columns the span reads, then each pixel
        // needs two texels from that one row instead of four from two.
        let c = columns!
        let first = Int(c.first[span.lowerBound]), last = Int(c.second[span.upperBound - 1])
        if fy == 0 {
            sampleColumns(into: out, span: span, row: row0, readable: sourceWidth)
        } else {
            SpanKernel.lerp(work, row0 + first, row1 + first, count: last - first + 1, weight: fy)
            sampleColumns(into: out, span: span, row: UnsafePointer(work) - first, readable: last + 1)
        }
    }

    /// Samples `span` of one source row (scaled horizontally) into `out`, one pixel per canvas
    /// column, from the column table's texel pairs; `row[0..<readable]` holds the texels.
    private func sampleColumns(into out: UnsafeMutablePointer<UInt32>, span: Range<Int>, row: UnsafePointer<UInt32>, readable: Int) {
        let c = columns!, x = span.lowerBound
        segue_sample_columns(out, row, readable, c.first + x, c.second + x, c.weight + x, span.count)
    }
}

/// Texel pairs and weights per canvas column for a scaled layer, computed once per frame and
/// read by every band. Only the columns the layer touches are stored, in the frame's memory
/// (`FrameMemoryPool`), so a frame of many small layers — a magic move's — neither fills
/// canvas-wide tables nor retains anything per row; the pointers are offset so that they are
/// indexed by canvas column all the same.
struct ColumnTable: @unchecked Sendable {
    let first: UnsafeMutablePointer<Int32>
    let second: UnsafeMutablePointer<Int32>
    let weight: UnsafeMutablePointer<UInt32>
    /// The columns the layer's frame touches: the only ones that may be read.
    let range: Range<Int>
    /// The table as blocks (`segue_column_blocks`), for a layer drawn in C (`withBlocks`).
    private(set) var blocks: UnsafeMutablePointer<segue_column_block>?

    /// Lays the table out as blocks too, in the frame's memory.
    func withBlocks(memory: FrameMemoryPool) -> ColumnTable {
        let count = (range.count + 7) / 8, stride = MemoryLayout<segue_column_block>.stride / MemoryLayout<UInt32>.stride
        let storage = UnsafeMutableRawPointer(memory.take(pixels: max(count, 1) * stride))
            .bindMemory(to: segue_column_block.self, capacity: max(count, 1))
        segue_column_blocks(storage, first + range.lowerBound, second + range.lowerBound, weight + range.lowerBound, range.count)
        var table = self
        table.blocks = storage
        return table
    }

    /// The texels of `scale · (x + 0.5) + offset` (`LayerOp.texels`) in a source `sourceWidth` wide.
    init(canvasWidth: Int, frame: Rect, memory: FrameMemoryPool, scale: Double, offset: Double, sourceWidth: Int) {
        self.init(canvasWidth: canvasWidth, frame: frame, memory: memory) { first, second, weight, range in
            segue_texel_table(first, second, weight, range.lowerBound, range.count, scale, offset, sourceWidth)
        }
    }

    /// A unit-scale layer's: column `x` blends texels `x + offset` and the next (clamped to
    /// the source `sourceWidth` wide) by `weight`, as `LayerOp`'s unit-scale sampling does.
    init(canvasWidth: Int, frame: Rect, memory: FrameMemoryPool, offset: Int, weight w: UInt32, sourceWidth: Int) {
        self.init(canvasWidth: canvasWidth, frame: frame, memory: memory) { first, second, weight, range in
            for (i, x) in range.enumerated() {
                first[i] = Int32(min(max(x + offset, 0), sourceWidth - 1))
                second[i] = Int32(min(max(x + offset + 1, 0), sourceWidth - 1))
                weight[i] = w
            }
        }
    }

    /// The canvas columns `frame` touches (empty: 0..<0).
    static func columns(of frame: Rect, canvasWidth: Int) -> Range<Int> {
        let lo = max(0, Int(frame.minX.rounded(.down))), hi = min(canvasWidth, Int(frame.maxX.rounded(.up)))
        return lo < hi ? lo..<hi : 0..<0
    }

    /// The columns `frame` touches, their entries filled by `fill` (indexed from 0).
    private init(canvasWidth: Int, frame: Rect, memory: FrameMemoryPool,
                 fill: (UnsafeMutablePointer<Int32>, UnsafeMutablePointer<Int32>, UnsafeMutablePointer<UInt32>, Range<Int>) -> Void) {
        range = Self.columns(of: frame, canvasWidth: canvasWidth)
        let n = max(range.count, 1)
        let base = memory.take(pixels: 3 * n)
        let firstBase = UnsafeMutableRawPointer(base).bindMemory(to: Int32.self, capacity: n)
        let secondBase = UnsafeMutableRawPointer(base + n).bindMemory(to: Int32.self, capacity: n)
        fill(firstBase, secondBase, base + 2 * n, range)
        first = firstBase - range.lowerBound
        second = secondBase - range.lowerBound
        weight = base + 2 * n - range.lowerBound
    }
}
