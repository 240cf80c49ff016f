import SegueCore
import Synchronization

/// The reference renderer: pure Swift, no GL. A plan is lowered (`FramePlan.lowered`), each
/// lowered command becomes a `RowOp` (one file each in `Commands/`, mirroring the GL
/// renderer's), and the canvas is processed in bands of rows on all cores, each row passing
/// through every op while it is in cache.
///
/// Across frames it keeps what GL keeps: the blur pyramids of the set's images, blur targets,
/// band scratch memory, the expanded sprites and magnified layers' resampled rows, so a frame
/// allocates nothing once warm. Use
/// it from one thread at a time.
public final class SoftwareRenderer: FrameRenderer {
    public let backendName = "software"
    private let executor: BandExecutor
    private let scratch = ScratchPool()
    private let blurs: SoftwareBlur
    private let spriteExpansion = SpriteExpansion()
    private let frameMemory = FrameMemoryPool()
    /// Rows start at the last op that hides the ones before it (`firstVisibleOp`); tests turn
    /// it off to check the output is the same.
    var skipsHiddenOps = true
    /// Pairs whose layers span the same columns are made to be drawn in C (`PairInC`); tests
    /// turn it off to check the output is the same.
    var drawsPairsInC = true

    /// `threads` defaults to the number of online cores.
    public init(threads: Int? = nil) {
        executor = BandExecutor(workers: threads ?? SystemInfo.activeProcessorCount)
        blurs = SoftwareBlur(executor: executor, scratch: scratch)
    }

    /// Scratch buffers and sprite expansions made since creation: flat over a sequence once
    /// its first frame has run.
    public var allocationCounts: (scratch: Int, spriteExpansions: Int) { (scratch.allocationCount, spriteExpansion.expansionCount) }
    /// Blur pyramid levels built since creation: those of each blurred image, once per image set.
    public var blurLevelBuildCount: Int { blurs.levelBuildCount }

    public func render(_ plan: FramePlan, images: ImageSet, into target: inout PixelBuffer) throws(SegueError) {
        guard target.size == plan.size else {
            throw SegueError(.internalError, "software renderer: target is \(target.size), plan is \(plan.size)")
        }
        let lowered = try plan.lowered(imageSizes: images.images.mapValues(\.size))
        var pinned = images.images
        blurs.startFrame(set: images.id)
        frameMemory.startFrame()
        for blur in lowered.blurs {
            guard let input = pinned[blur.pass.input] else { continue }  // lowering checked it is there
            pinned[blur.output] = blurs.blur(input, blur)
        }
        try withPixels(of: pinned) { pixels throws(SegueError) in
            func source(_ ref: ImageRef) throws(SegueError) -> UnsafePointer<UInt32> {
                guard let p = pixels[ref] else { throw SegueError(.internalError, "image '\(ref)' was not pinned") }
                return p
            }
            // A band's scratch: two rows of the widest image for a layer's sampling, one more
            // ahead of them for a pair's group row, and two for a pair's edge weights (`PairDraw`).
            let scratchRow = pinned.values.map(\.width).reduce(plan.size.width, max) + 4
            let ops = try rowOps(for: lowered, source: source, sizes: pinned.mapValues(\.size), opaqueImages: images.opaqueImages,
                                 scratchRow: scratchRow)
            draw(ops, into: &target, scratchBytes: 5 * scratchRow * MemoryLayout<UInt32>.stride)
            for case let op as XfadeExpressionOp in ops { if let error = op.failure.error { throw error } }
        }
    }

    /// Binds every lowered command to its row op: the one place the software renderer reads a plan.
    private func rowOps(for plan: LoweredPlan, source: (ImageRef) throws(SegueError) -> UnsafePointer<UInt32>,
                        sizes: [ImageRef: PixelSize], opaqueImages: Set<ImageRef>, scratchRow: Int) throws(SegueError) -> [any RowOp] {
        let width = plan.size.width
        func layerOp(_ layer: LoweredLayer, drawnInC: Bool = false) throws(SegueError) -> LayerOp {
            var op = LayerOp(layer, source: try source(layer.source), sourceIsOpaque: opaqueImages.contains(layer.source),
                             canvasWidth: width, canvasHeight: plan.size.height, memory: frameMemory, drawnInC: drawnInC)
            op.expandRowsIfMagnified(canvasHeight: plan.size.height, pool: frameMemory, executor: executor)
            return op
        }
        var ops: [any RowOp] = []
        // Consecutive pairs are gathered and become one op when the run ends: appending to an
        // op already in `ops` copied the whole run at every pair.
        var pairs: [PairDraw] = []
        func endPairs() {
            guard !pairs.isEmpty else { return }
            ops.append(PairsOp(pairs: pairs, rowLength: scratchRow, canvasHeight: plan.size.height))
            pairs = []
        }
        for step in plan.steps {
            if case .pair(let pair) = step.command {
                let inC = drawsPairsInC && PairInC.spansOneRange(pair, canvasWidth: width)
                pairs.append(PairDraw(pair, first: try layerOp(pair.first, drawnInC: inC), second: try layerOp(pair.second, drawnInC: inC)))
                continue
            }
            endPairs()
            switch step.command {
            case .clear(let color): ops.append(ClearOp(color, width: width))
            case .fill(let fill): ops.append(FillOp(fill, width: width))
            case .shadow(let shadow): ops.append(ShadowOp(shadow, canvasWidth: width))
            case .layer(let layer):
                ops.append(try layerOp(layer))
            case .pair:
                break  // gathered above
            case .reveal(let reveal):
                ops.append(RevealOp(reveal, inside: try source(reveal.inside), outside: try source(reveal.outside), width: width))
            case .lumaWipe(let wipe):
                ops.append(LumaWipeOp(from: try source(wipe.from), to: try source(wipe.to), mask: try source(wipe.mask),
                                      progress: wipe.progress, softness: wipe.softness, width: width))
            case .sprites(let field):
                ops.append(SpriteOp(field, sprites: spriteExpansion.sprites(of: field), source: try source(field.source),
                                    sourceSize: sizes[field.source] ?? .init(width: 0, height: 0), canvas: plan.size))
            case .xfade(let xfade):
                ops.append(XfadeOp(xfade, from: try source(xfade.from), to: try source(xfade.to), canvas: plan.size))
            case .xfadeExpression(let xfade):
                ops.append(XfadeExpressionOp(xfade, from: try source(xfade.call.from), to: try source(xfade.call.to), canvas: plan.size))
            case .smpteWipe(let wipe):
                ops.append(SMPTEWipeOp(from: try source(wipe.from), to: try source(wipe.to), wipe: wipe, width: width))
            case .mix(let mix):
                ops.append(try mixOp(mix, canvas: plan.size, source: source))
            case .shader(let call):
                throw .invalidInput("shader '\(call.program)' runs on GL only; render it with --backend gl")
            }
        }
        endPairs()
        return ops
    }

    /// A cross-dissolve (the clear and its added layers) as one `MixOp` pass.
    private func mixOp(_ mix: CrossDissolve, canvas: PixelSize,
                       source: (ImageRef) throws(SegueError) -> UnsafePointer<UInt32>) throws(SegueError) -> MixOp {
        var sources: [UnsafePointer<UInt32>] = []
        for layer in mix.layers { sources.append(try source(layer.source)) }
        return MixOp(sources: sources, weights: mix.layers.map { weight256($0.opacity) }, width: canvas.width)
    }

    /// Runs every row through the ops, band by band (a band is a chunk); each finished row's
    /// alpha is checked while it is in cache, so an opaque frame leaves marked
    /// (`PixelBuffer.markOpaque`) and its sinks need not scan it again.
    private func draw(_ ops: [any RowOp], into target: inout PixelBuffer, scratchBytes: Int) {
        let width = target.width, height = target.height, scratch = self.scratch, skipsHiddenOps = self.skipsHiddenOps
        let translucentBands = Atomic<Int>(0)
        target.bytes.withUnsafeMutableBytes { buffer in
            let base = SharedPointer(base: buffer.baseAddress!.assumingMemoryBound(to: UInt32.self))
            executor.run(rows: height, rowsPerBand: rowsPerChunk) { rows in
                scratch.withBuffer(bytes: scratchBytes) { memory in
                    let rowScratch = memory.bindMemory(to: UInt32.self, capacity: scratchBytes / MemoryLayout<UInt32>.stride)
                    var opaque = true
                    for chunk in stride(from: rows.lowerBound, to: rows.upperBound, by: rowsPerChunk) {
                        let chunkRows = chunk..<min(rows.upperBound, chunk + rowsPerChunk)
                        var firstOp = ChunkRows<Int>(repeating: 0), rowIsClear = ChunkRows<Bool>(repeating: false)
                        var earliest = ops.count
                        for (k, y) in chunkRows.enumerated() {
                            (firstOp[k], rowIsClear[k]) = skipsHiddenOps ? Self.firstVisibleOp(ops, row: y) : (0, false)
                            earliest = min(earliest, firstOp[k])
                        }
                        for i in earliest..<ops.count {
                            var drawn = ChunkRows<Bool>(repeating: false)
                            for k in 0..<chunkRows.count { drawn[k] = firstOp[k] <= i }
                            ops[i].apply(chunk: chunkRows, drawn: drawn, rowIsClear: &rowIsClear, canvas: base.base, width: width,
                                         scratch: rowScratch)
                        }
                        for y in chunkRows where opaque {
                            opaque = PixelBuffer.isOpaque(UnsafeRawPointer(base.base + y * width), pixels: width)
                        }
                    }
                    if !opaque { translucentBands.add(1, ordering: .relaxed) }
                }
            }
        }
        if translucentBands.load(ordering: .relaxed) == 0 { target.markOpaque() }
    }
}

extension SoftwareRenderer {
    /// Where row `y`'s work starts: at the last op that replaces the row (the ops before it
    /// would be hidden; the plan's first op always does), or just after it when it is a clear
    /// to transparent that the next op writes over entirely — the row then starts unwritten,
    /// marked clear. Output is the same as running every op.
    static func firstVisibleOp(_ ops: [any RowOp], row y: Int) -> (index: Int, rowIsClear: Bool) {
        var first = 0
        for i in ops.indices.reversed() where ops[i].cover(row: y) == .replacesRow {
            first = i
            break
        }
        if ops.indices.contains(first + 1), ops[first].clearsToTransparent, ops[first + 1].cover(row: y) != .partly {
            return (first + 1, true)
        }
        // Nothing is known of the row until the first op writes it.
        return (first, false)
    }
}

/// Calls `body` with stable pointers to the pixels of every image.
private func withPixels<R>(of images: [ImageRef: PixelBuffer],
                           _ body: ([ImageRef: UnsafePointer<UInt32>]) throws(SegueError) -> R) throws(SegueError) -> R {
    let entries = Array(images)
    func step(_ i: Int, _ acc: [ImageRef: UnsafePointer<UInt32>]) throws(SegueError) -> R {
        if i == entries.count { return try body(acc) }
        return try entries[i].value.bytes.withUnsafeBufferPointer { p throws(SegueError) in
            var next = acc
            next[entries[i].key] = UnsafeRawPointer(p.baseAddress!).assumingMemoryBound(to: UInt32.self)
            return try step(i + 1, next)
        }
    }
    return try step(0, [:])
}
