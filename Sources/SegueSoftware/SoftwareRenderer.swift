import SegueCore

/// The reference renderer: pure Swift, no GL. Every command of a plan becomes a `RowOp`; the
/// canvas is processed in bands of rows on all cores, each row passing through every op while
/// it is in cache.
public final class SoftwareRenderer: FrameRenderer {
    public let backendName = "software"
    private let executor: BandExecutor

    /// `threads` defaults to the number of online cores.
    public init(threads: Int? = nil) {
        executor = BandExecutor(workers: threads ?? SystemInfo.activeProcessorCount)
    }

    public func render(_ plan: FramePlan, images: ImageSet, into target: inout PixelBuffer) throws {
        guard target.size == plan.size else {
            throw SegueError(.internalError, "software renderer: target is \(target.size), plan is \(plan.size)")
        }
        // Pin every image the plan reads, then build the ops over those pointers.
        var refs: [ImageRef] = []
        for command in plan.commands {
            switch command {
            case .layer(let l): if !refs.contains(l.source) { refs.append(l.source) }
            case .shader(let call):
                throw SegueError.invalidInput("shader program '\(call.program)' has no software kernel; render it with --backend gl")
            case .clear, .fill: break
            }
        }
        let buffers = try refs.map { ref throws(SegueError) -> PixelBuffer in
            guard let image = images[ref] else { throw SegueError(.internalError, "plan draws image '\(ref)' that was not loaded") }
            return image
        }
        try withPointers(to: buffers) { pointers throws(SegueError) in
            var ops: [any RowOp] = []
            for command in plan.commands {
                switch command {
                case .clear(let c): ops.append(ClearOp(color: packedPixel(c.premultipliedBytes), width: plan.size.width))
                case .fill(let f): ops.append(FillOp(f, width: plan.size.width))
                case .layer(let l):
                    let index = refs.firstIndex(of: l.source)!
                    if let shadow = ShadowOp(layer: l, canvas: plan.size) { ops.append(shadow) }
                    ops.append(LayerOp(l, source: pointers[index], sourceSize: buffers[index].size, canvasWidth: plan.size.width))
                case .shader: break
                }
            }
            draw(ops, into: &target, scratchPixels: 2 * (buffers.map(\.width).reduce(plan.size.width, max) + 4))
        }
    }

    private func draw(_ ops: [any RowOp], into target: inout PixelBuffer, scratchPixels: Int) {
        let width = target.width, height = target.height
        target.bytes.withUnsafeMutableBytes { buffer in
            let base = SharedPointer(base: buffer.baseAddress!.assumingMemoryBound(to: UInt32.self))
            executor.run(rows: height) { rows in
                let scratch = UnsafeMutablePointer<UInt32>.allocate(capacity: scratchPixels)
                defer { scratch.deallocate() }
                for y in rows {
                    let row = base.base + y * width
                    // A canvas starts transparent unless the plan clears it.
                    var rowIsClear = false
                    for op in ops {
                        rowIsClear = op.apply(row: y, dst: row, rowIsClear: rowIsClear, scratch: scratch)
                    }
                }
            }
        }
    }
}

/// Calls `body` with stable pointers to the pixels of every buffer.
private func withPointers<R>(to buffers: [PixelBuffer], _ body: ([UnsafePointer<UInt32>]) throws(SegueError) -> R) throws(SegueError) -> R {
    func step(_ i: Int, _ acc: [UnsafePointer<UInt32>]) throws(SegueError) -> R {
        if i == buffers.count { return try body(acc) }
        return try buffers[i].bytes.withUnsafeBufferPointer { p throws(SegueError) in
            try step(i + 1, acc + [UnsafeRawPointer(p.baseAddress!).assumingMemoryBound(to: UInt32.self)])
        }
    }
    return try step(0, [])
}
