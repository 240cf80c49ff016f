import CSegueKernels
import SegueCore

/// `blur` on the CPU: the pyramid levels of each input (`BlurPyramid`), built once per input
/// of the current `ImageSet` and kept across its frames, then the frame's passes
/// (`LoweredBlur.steps`) at the chosen level's size, into targets kept across frames.
///
/// Every pass is `Σ wₘ · texel` along one axis in 16-bit fixed point (weights in 1/256, which
/// sum to exactly 256), rounded once to 8 bits like an RGBA8 render target. Vertical passes and
/// unit-stride horizontal ones are weighted sums of whole rows of bytes (each tap's source row,
/// or the padded row shifted by the tap), `segue_weighted_sum_bytes` in C, vectorised on any
/// SIMD width with AVX2 picked at run time; rows run in parallel bands.
final class SoftwareBlur {
    private let executor: BandExecutor
    private let scratch: ScratchPool
    /// Pyramid levels 1… of each still input of the set `pyramidSet`.
    private var pyramids: [ImageRef: [PixelBuffer]] = [:]
    private var pyramidSet: UInt64?
    private var targets: [PixelSize: [PixelBuffer]] = [:]
    /// Targets taken so far this frame, per size.
    private var taken: [PixelSize: Int] = [:]
    /// Levels built since creation: flat over a sequence once its first frames have run.
    private(set) var levelBuildCount = 0

    init(executor: BandExecutor, scratch: ScratchPool) {
        self.executor = executor
        self.scratch = scratch
    }

    /// Called once per frame before its blurs, with the frame's image set: every target may
    /// be reused, and pyramids of another set are dropped.
    func startFrame(set: UInt64) {
        taken.removeAll(keepingCapacity: true)
        if set != pyramidSet {
            pyramids.removeAll()
            pyramidSet = set
        }
    }

    /// `input` blurred; the result is the input itself, one of its pyramid levels or one of the
    /// held targets, valid until the next frame.
    func blur(_ input: PixelBuffer, _ blur: LoweredBlur) -> PixelBuffer {
        var current = level(blur.level, of: input, blur)
        let matrix = BlurPass.saturationMatrix(blur.pass.saturation).map(Float.init)
        var steps = blur.steps[...]
        while let step = steps.first {
            let fused = steps.count >= 2 && PreparedPass.fuse(step, steps[steps.startIndex + 1])
            let group = Array(steps.prefix(fused ? 2 : 1))
            steps = steps.dropFirst(group.count)
            let last = group[group.count - 1]
            let index = taken[last.size, default: 0]
            taken[last.size] = index + 1
            if targets[last.size, default: []].count <= index { targets[last.size, default: []].append(PixelBuffer(size: last.size)) }
            run(group, source: current, saturation: last.saturate ? matrix : nil, into: &targets[last.size]![index])
            current = targets[last.size]![index]
        }
        return current
    }

    /// Pyramid level `k` of `input`: kept per image while the set stays the same, built on
    /// first use; a blur of another blur's output rebuilds it every frame.
    private func level(_ k: Int, of input: PixelBuffer, _ blur: LoweredBlur) -> PixelBuffer {
        guard k > 0 else { return input }
        var levels = blur.inputIsStill ? pyramids[blur.pass.input, default: []] : []
        while levels.count < k {
            var current = levels.last ?? input
            for step in blur.levelSteps(levels.count + 1) {
                var out = PixelBuffer(size: step.size)
                run([step], source: current, saturation: nil, into: &out)
                current = out
            }
            levels.append(current)
            levelBuildCount += 1
        }
        if blur.inputIsStill { pyramids[blur.pass.input] = levels }
        return levels[k - 1]
    }

    /// Runs `steps` (one pass, or a vertical pass and the horizontal one after it, fused) from
    /// `source` into `out`. Fused, each row's vertical result goes through the horizontal pass
    /// while in cache instead of through a whole intermediate image.
    private func run(_ steps: [BlurStep], source: PixelBuffer, saturation matrix: [Float]?, into out: inout PixelBuffer) {
        let passes = steps.map(PreparedPass.init)
        let size = steps[steps.count - 1].size, rowBytes = size.width * 4
        let taps = passes.map(\.weights.count).max()!, padded = passes.map(\.paddedPixels).max()!
        // Each tap's source row, the accumulator of a halving pass, a padded source row, and
        // the row between fused passes.
        let layout = BandScratch.Layout(taps: taps, rowBytes: rowBytes, paddedPixels: padded)
        // Small levels are not worth waking other cores for.
        let executor = size.width * size.height >= 65_536 ? self.executor : BandExecutor(workers: 1)
        let scratch = self.scratch
        let (sourceWidth, sourceHeight) = (source.width, source.height)
        source.bytes.withUnsafeBytes { sourceBytes in
            let src = SharedPointer(base: UnsafeMutablePointer(mutating: sourceBytes.baseAddress!.assumingMemoryBound(to: UInt8.self)))
            out.bytes.withUnsafeMutableBytes { outBytes in
                let dst = SharedPointer(base: outBytes.baseAddress!.assumingMemoryBound(to: UInt8.self))
                executor.run(rows: size.height) { band in scratch.withBuffer(bytes: layout.bytes) { memory in
                    let work = BandScratch(memory, layout)
                    for y in band {
                        let line = dst.base + y * rowBytes
                        if passes.count == 2 {
                            passes[0].row(y, of: src.base, width: sourceWidth, height: sourceHeight, into: work.between, work)
                            passes[1].row(0, of: work.between, width: size.width, height: 1, into: line, work)
                        } else {
                            passes[0].row(y, of: src.base, width: sourceWidth, height: sourceHeight, into: line, work)
                        }
                        if let matrix { matrix.withUnsafeBufferPointer { segue_saturate_pixels(line, size.width, $0.baseAddress!) } }
                    }
                } }
            }
        }
    }

}

/// One blur pass ready to run row by row: fixed-point weights, and where each target row reads.
private struct PreparedPass: Sendable {
    let weights: [UInt16]
    /// The first source texel target texel i reads, relative to `stride·i`.
    let first: Int
    let stride: Int
    let horizontal: Bool
    let width: Int

    init(_ step: BlurStep) {
        // Taps whose weight rounds to 0 add nothing: the ends of a Gaussian lose one or two.
        var weights = Self.fixedPointWeights(step.weights)[...], first = step.first
        while weights.count > 1, weights.first == 0 { weights.removeFirst(); first += 1 }
        while weights.count > 1, weights.last == 0 { weights.removeLast() }
        self.weights = Array(weights)
        self.first = first
        stride = step.stride
        horizontal = step.axis == .horizontal
        width = step.size.width
    }

    /// A vertical pass whose rows a horizontal pass of the same size then reads.
    static func fuse(_ a: BlurStep, _ b: BlurStep) -> Bool {
        a.axis == .vertical && b.axis == .horizontal && a.stride == 1 && b.stride == 1 && a.size == b.size
    }

    /// Texels of a source row a horizontal pass reads, clamped copies included.
    var paddedPixels: Int { horizontal ? stride * width + weights.count + 1 : 0 }

    /// The step's weights in 1/256, summing to exactly 256 (largest remainders round up).
    private static func fixedPointWeights(_ weights: [Double]) -> [UInt16] {
        let scaled = weights.map { $0 * 256 }
        var fixed = scaled.map { UInt16(clamp($0.rounded(.down), 0, 256)) }
        var missing = 256 - fixed.reduce(0) { $0 + Int($1) }
        for i in scaled.indices.sorted(by: { scaled[$0] - scaled[$0].rounded(.down) > scaled[$1] - scaled[$1].rounded(.down) }) where missing > 0 {
            fixed[i] += 1
            missing -= 1
        }
        return fixed
    }

    /// Target row `y` of this pass, read from the `width`×`height` image at `source`.
    func row(_ y: Int, of source: UnsafePointer<UInt8>, width sourceWidth: Int, height sourceHeight: Int,
             into line: UnsafeMutablePointer<UInt8>, _ work: BandScratch) {
        let taps = weights.count, rowBytes = width * 4
        weights.withUnsafeBufferPointer { w in
            if !horizontal {
                for m in 0..<taps {
                    work.rows[m] = source + clamp(stride * y + first + m, 0, sourceHeight - 1) * sourceWidth * 4
                }
                segue_weighted_sum_bytes(line, work.rows, w.baseAddress!, taps, rowBytes)
                return
            }
            // Source row y with its texels clamped at both ends, from texel `first`.
            let row = UnsafeRawPointer(source + y * sourceWidth * 4).assumingMemoryBound(to: UInt32.self)
            Self.copyClamped(row, width: sourceWidth, from: first, into: work.padded, count: paddedPixels)
            let padded = UnsafeRawPointer(work.padded).assumingMemoryBound(to: UInt8.self)
            if stride == 1 {
                for m in 0..<taps { work.rows[m] = padded + 4 * m }
                segue_weighted_sum_bytes(line, work.rows, w.baseAddress!, taps, rowBytes)
                return
            }
            let acc = work.accumulator
            acc.update(repeating: 0, count: rowBytes)
            for m in 0..<taps {
                let weight = w[m]
                for x in 0..<width {
                    let s = padded + 4 * (stride * x + m), a = acc + 4 * x
                    for c in 0..<4 { a[c] &+= weight &* UInt16(s[c]) }
                }
            }
            for j in 0..<rowBytes { line[j] = UInt8(truncatingIfNeeded: (acc[j] &+ 128) >> 8) }
        }
    }

    /// `count` texels of `row` from texel `first` on, texels outside `0..<width` clamped to the edge.
    @inline(__always) private static func copyClamped(_ row: UnsafePointer<UInt32>, width: Int, from first: Int,
                                                      into pad: UnsafeMutablePointer<UInt32>, count: Int) {
        let before = clamp(-first, 0, count)
        let inside = clamp(min(width - first, count) - before, 0, count - before)
        pad.update(repeating: row[0], count: before)
        (pad + before).update(from: row + first + before, count: inside)
        (pad + before + inside).update(repeating: row[width - 1], count: count - before - inside)
    }
}

/// A band's working memory for blur passes, carved from one scratch buffer.
private struct BandScratch {
    struct Layout {
        let taps: Int, rowBytes: Int, paddedPixels: Int
        var bytes: Int { taps * MemoryLayout<UnsafePointer<UInt8>?>.stride + rowBytes * 3 + paddedPixels * 4 + 64 }
    }
    /// Each tap's source row.
    let rows: UnsafeMutablePointer<UnsafePointer<UInt8>?>
    /// Sums of a halving pass, 16 bits per byte.
    let accumulator: UnsafeMutablePointer<UInt16>
    /// A source row with clamped texels either side.
    let padded: UnsafeMutablePointer<UInt32>
    /// The row between two fused passes.
    let between: UnsafeMutablePointer<UInt8>

    init(_ memory: UnsafeMutableRawPointer, _ layout: Layout) {
        rows = memory.bindMemory(to: UnsafePointer<UInt8>?.self, capacity: layout.taps)
        var next = memory + layout.taps * MemoryLayout<UnsafePointer<UInt8>?>.stride
        next = next.alignedUp(for: UInt32.self)
        accumulator = next.bindMemory(to: UInt16.self, capacity: layout.rowBytes)
        next += layout.rowBytes * 2
        padded = next.bindMemory(to: UInt32.self, capacity: layout.paddedPixels)
        next += layout.paddedPixels * 4
        between = next.bindMemory(to: UInt8.self, capacity: layout.rowBytes)
    }
}
