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

    public func render(_ plan: FramePlan, images: ImageSet, into target: inout PixelBuffer) throws(SegueError) {
        guard target.size == plan.size else {
            throw SegueError(.internalError, "software renderer: target is \(target.size), plan is \(plan.size)")
        }
        // Blur passes first: each makes a derived image from an image already there.
        var derived: [ImageRef: PixelBuffer] = [:]
        func image(_ ref: ImageRef) throws(SegueError) -> PixelBuffer {
            guard let image = derived[ref] ?? images[ref] else {
                throw SegueError(.internalError, "plan draws image '\(ref)' that was not loaded")
            }
            return image
        }
        for command in plan.commands {
            if case .blur(let pass) = command {
                derived[.named(pass.output)] = SoftwareBlur(executor: executor).blur(try image(pass.input), pass)
            }
        }
        // Pin every image the plan reads, then build the ops over those pointers.
        var refs: [ImageRef] = []
        func use(_ ref: ImageRef) { if !refs.contains(ref) { refs.append(ref) } }
        for command in plan.commands {
            switch command {
            case .layer(let l): use(l.source)
            case .sprites(let f): use(f.source)
            case .shader(let call):
                guard ShaderKernels.programs[call.program] != nil else {
                    throw SegueError.invalidInput("shader program '\(call.program)' has no software kernel; render it with --backend gl")
                }
                for ref in call.inputs.values { use(ref) }
            case .clear, .fill, .blur: break
            }
        }
        let buffers = try refs.map { ref throws(SegueError) -> PixelBuffer in try image(ref) }
        try withPointers(to: buffers) { pointers throws(SegueError) in
            // Every frame starts transparent, whatever the target held before.
            var ops: [any RowOp] = plan.startsByReplacingCanvas ? [] : [ClearOp(color: 0, width: plan.size.width)]
            var rest = plan.commands[...]
            while let command = rest.popFirst() {
                if case .clear(let c) = command, c.premultipliedBytes.3 == 0 {
                    // A clear to transparent and the canvas-filling `plus` layers after it: one mix.
                    var fused: [(UnsafePointer<UInt8>, UInt32)] = []
                    while case .layer(let l)? = rest.first, let index = refs.firstIndex(of: l.source),
                          MixOp.fuses(l, imageSize: buffers[index].size, canvas: plan.size) {
                        let bytes = UnsafeRawPointer(pointers[index]).assumingMemoryBound(to: UInt8.self)
                        fused.append((bytes, weight256(l.opacity)))
                        rest.removeFirst()
                    }
                    if !fused.isEmpty {
                        ops.append(MixOp(sources: fused.map(\.0), weights: fused.map(\.1), width: plan.size.width))
                        continue
                    }
                }
                switch command {
                case .clear(let c): ops.append(ClearOp(color: packedPixel(c.premultipliedBytes), width: plan.size.width))
                case .fill(let f): ops.append(FillOp(f, width: plan.size.width))
                case .layer(let l):
                    let index = refs.firstIndex(of: l.source)!
                    if let shadow = ShadowOp(layer: l, canvas: plan.size) { ops.append(shadow) }
                    ops.append(LayerOp(l, source: pointers[index], sourceSize: buffers[index].size, canvasWidth: plan.size.width))
                case .shader(let call):
                    var inputs: ShaderKernels.Inputs = [:]
                    for (name, ref) in call.inputs {
                        let index = refs.firstIndex(of: ref)!
                        guard buffers[index].size == plan.size else {
                            throw .invalidInput("shader '\(call.program)': input '\(name)' is \(buffers[index].size), the canvas \(plan.size)")
                        }
                        inputs[name] = pointers[index]
                    }
                    ops.append(try ShaderKernels.programs[call.program]!(call, inputs, plan.size))
                case .sprites(let field):
                    let index = refs.firstIndex(of: field.source)!
                    ops.append(SpriteOp(field, source: pointers[index], sourceSize: buffers[index].size, canvas: plan.size))
                case .blur: break
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
                    // Nothing is known of the row until the first op (a clear) writes it.
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
