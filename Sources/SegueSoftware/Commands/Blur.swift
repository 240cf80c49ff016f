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
        for step in blur.steps {
            let index = taken[step.size, default: 0]
            taken[step.size] = index + 1
            if targets[step.size, default: []].count <= index { targets[step.size, default: []].append(PixelBuffer(size: step.size)) }
            run(step, source: current, saturation: step.saturate ? matrix : nil, into: &targets[step.size]![index])
            current = targets[step.size]![index]
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
                run(step, source: current, saturation: nil, into: &out)
                current = out
            }
            levels.append(current)
            levelBuildCount += 1
        }
        if blur.inputIsStill { pyramids[blur.pass.input] = levels }
        return levels[k - 1]
    }

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

    private func run(_ step: BlurStep, source: PixelBuffer, saturation matrix: [Float]?, into out: inout PixelBuffer) {
        let weights = Self.fixedPointWeights(step.weights)
        let size = step.size, sourceWidth = source.width, sourceHeight = source.height
        let rowBytes = size.width * 4
        let first = step.first, stride = step.stride, taps = weights.count
        let horizontal = step.axis == .horizontal
        // A padded source row (clamped texels either side), the accumulator of a halving pass,
        // and each tap's source row.
        let paddedPixels = stride * size.width + taps + 1
        let scratchBytes = paddedPixels * 4 + rowBytes * 2 + taps * MemoryLayout<UnsafePointer<UInt8>?>.stride + 64
        // Small levels are not worth waking other cores for.
        let executor = size.width * size.height >= 65_536 ? self.executor : BandExecutor(workers: 1)
        let scratch = self.scratch
        source.bytes.withUnsafeBytes { sourceBytes in
            let src = SharedPointer(base: UnsafeMutablePointer(mutating: sourceBytes.baseAddress!.assumingMemoryBound(to: UInt8.self)))
            out.bytes.withUnsafeMutableBytes { outBytes in
                let dst = SharedPointer(base: outBytes.baseAddress!.assumingMemoryBound(to: UInt8.self))
                weights.withUnsafeBufferPointer { weightBuffer in
                    let w = SharedPointer(base: UnsafeMutablePointer(mutating: weightBuffer.baseAddress!))
                    executor.run(rows: size.height) { band in scratch.withBuffer(bytes: scratchBytes) { memory in
                        let rows = memory.bindMemory(to: UnsafePointer<UInt8>?.self, capacity: taps)
                        let acc = (memory + taps * MemoryLayout<UnsafePointer<UInt8>?>.stride).bindMemory(to: UInt16.self, capacity: rowBytes)
                        let padded = (UnsafeMutableRawPointer(acc) + rowBytes * 2).bindMemory(to: UInt8.self, capacity: paddedPixels * 4)
                        for y in band {
                            let line = dst.base + y * rowBytes
                            if horizontal {
                                // Source row y with its texels clamped at both ends, from texel `first`.
                                let row = UnsafeMutableRawPointer(src.base + y * sourceWidth * 4).assumingMemoryBound(to: UInt32.self)
                                let pad = UnsafeMutableRawPointer(padded).assumingMemoryBound(to: UInt32.self)
                                Self.copyClamped(row, width: sourceWidth, from: first, into: pad, count: paddedPixels)
                                if stride == 1 {
                                    for m in 0..<taps { rows[m] = UnsafePointer(padded + 4 * m) }
                                    segue_weighted_sum_bytes(line, rows, w.base, taps, rowBytes)
                                } else {
                                    acc.update(repeating: 0, count: rowBytes)
                                    for m in 0..<taps {
                                        let weight = w.base[m]
                                        for x in 0..<size.width {
                                            let s = padded + 4 * (stride * x + m), a = acc + 4 * x
                                            for c in 0..<4 { a[c] &+= weight &* UInt16(s[c]) }
                                        }
                                    }
                                    for j in 0..<rowBytes { line[j] = UInt8(truncatingIfNeeded: (acc[j] &+ 128) >> 8) }
                                }
                            } else {
                                for m in 0..<taps {
                                    rows[m] = UnsafePointer(src.base + clamp(stride * y + first + m, 0, sourceHeight - 1) * sourceWidth * 4)
                                }
                                segue_weighted_sum_bytes(line, rows, w.base, taps, rowBytes)
                            }
                            if let matrix { matrix.withUnsafeBufferPointer { segue_saturate_pixels(line, size.width, $0.baseAddress!) } }
                        }
                    } }
                }
            }
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
