import SegueCore

/// `blur` on the CPU: exactly the passes of the lowered blur (`BlurPass.steps`), each tap a
/// bilinear fetch with GL's 8-bit filter weights (`lerpPixel`, two rows then between them, as
/// `LayerOp`), the weighted sum accumulated in float and rounded to 8 bits per pass like an
/// RGBA8 render target. Rows of each pass run in parallel bands.
///
/// Pass targets are kept across frames, by size, as the GL renderer keeps its render targets:
/// a frame takes them in order and allocates nothing once the sizes have been seen.
final class SoftwareBlur {
    private let executor: BandExecutor
    private let scratch: ScratchPool
    private var targets: [PixelSize: [PixelBuffer]] = [:]
    /// Targets taken so far this frame, per size.
    private var taken: [PixelSize: Int] = [:]

    init(executor: BandExecutor, scratch: ScratchPool) {
        self.executor = executor
        self.scratch = scratch
    }

    /// Called once per frame before its blurs: every target may be reused.
    func startFrame() { taken.removeAll(keepingCapacity: true) }

    /// `input` blurred; the result is one of the held targets, valid until the next frame.
    func blur(_ input: PixelBuffer, _ blur: LoweredBlur) -> PixelBuffer {
        let matrix = BlurPass.saturationMatrix(blur.pass.saturation).map(Float.init)
        var current = input
        for step in blur.steps {
            let index = taken[step.size, default: 0]
            taken[step.size] = index + 1
            if targets[step.size, default: []].count <= index { targets[step.size, default: []].append(PixelBuffer(size: step.size)) }
            run(step, source: current, saturation: step.saturate ? matrix : nil, into: &targets[step.size]![index])
            current = targets[step.size]![index]
        }
        return current
    }

    /// Texel pair and weight per target coordinate for one tap on one axis.
    private struct AxisTable {
        var first: [Int32]
        var second: [Int32]
        var weight: [UInt32]
        /// Every target coordinate reads exactly its own texel (weight 0): the tap does not move
        /// along this axis.
        var isIdentity = true
        /// Where the tap is a plain shift (texels `i + shift`, `i + shift + 1`, one weight) with
        /// no clamping: the targets that can read the source rows straight through.
        var shifted: Range<Int> = 0..<0
        var shift = 0
        init(count: Int, ratio: Double, offset: Double, limit: Int) {
            first = []; second = []; weight = []
            first.reserveCapacity(count); second.reserveCapacity(count); weight.reserveCapacity(count)
            for i in 0..<count {
                let (a, b, w) = LayerOp.texels((Double(i) + 0.5) * ratio + offset - 0.5, limit)
                first.append(Int32(a)); second.append(Int32(b)); weight.append(w)
                if a != i || w != 0 { isIdentity = false }
            }
            // Unscaled: the interior of the row is a shift of the source.
            guard ratio == 1, count > 2 else { return }
            let middle = count / 2
            shift = Int(first[middle]) - middle
            let w = weight[middle]
            var lo = middle, hi = middle + 1
            func isShift(_ i: Int) -> Bool { Int(first[i]) == i + shift && Int(second[i]) == i + shift + 1 && weight[i] == w }
            guard isShift(middle) else { return }
            while lo > 0 && isShift(lo - 1) { lo -= 1 }
            while hi < count && isShift(hi) { hi += 1 }
            shifted = lo..<hi
        }
    }

    /// Adds `w ×` the pixel's four channels to the accumulator.
    @inline(__always) private static func accumulate(_ a: UnsafeMutablePointer<Float>, _ p: UInt32, _ w: Float) {
        a[0] += w * Float(p & 0xFF)
        a[1] += w * Float((p >> 8) & 0xFF)
        a[2] += w * Float((p >> 16) & 0xFF)
        a[3] += w * Float(p >> 24)
    }

    private func run(_ step: BlurStep, source: PixelBuffer, saturation matrix: [Float]?, into out: inout PixelBuffer) {
        let size = step.size
        let rx = Double(source.width) / Double(size.width), ry = Double(source.height) / Double(size.height)
        let columns = step.taps.map { AxisTable(count: size.width, ratio: rx, offset: $0.dx, limit: source.width) }
        let rows = step.taps.map { AxisTable(count: size.height, ratio: ry, offset: $0.dy, limit: source.height) }
        let weights = step.taps.map { Float($0.weight) }
        let width = size.width, sourceWidth = source.width, scratch = self.scratch
        source.bytes.withUnsafeBytes { sourceBytes in
            let src = SharedPointer(base: UnsafeMutablePointer(mutating: sourceBytes.baseAddress!.assumingMemoryBound(to: UInt32.self)))
            out.bytes.withUnsafeMutableBytes { outBytes in
                let dst = SharedPointer(base: outBytes.baseAddress!.assumingMemoryBound(to: UInt32.self))
                executor.run(rows: size.height) { band in scratch.withBuffer(bytes: width * 4 * MemoryLayout<Float>.stride) { memory in
                    let acc = memory.bindMemory(to: Float.self, capacity: width * 4)
                    for y in band {
                        acc.update(repeating: 0, count: width * 4)
                        for k in weights.indices {
                            let r = rows[k], c = columns[k], w = weights[k]
                            let row0 = UnsafePointer(src.base) + Int(r.first[y]) * sourceWidth
                            let row1 = UnsafePointer(src.base) + Int(r.second[y]) * sourceWidth
                            let fy = r.weight[y]
                            if c.isIdentity {
                                // A vertical tap on a same-width target: texels straight down the
                                // two rows, no per-pixel lookup (LLVM vectorises this loop).
                                for x in 0..<width {
                                    Self.accumulate(acc + 4 * x, fy == 0 ? row0[x] : lerpPixel(row0[x], row1[x], fy), w)
                                }
                                continue
                            }
                            c.first.withUnsafeBufferPointer { c0 in
                                c.second.withUnsafeBufferPointer { c1 in
                                    c.weight.withUnsafeBufferPointer { cw in
                                        @inline(__always) func tap(_ x: Int, _ i0: Int, _ i1: Int, _ fx: UInt32) {
                                            var p = lerpPixel(row0[i0], row0[i1], fx)
                                            if fy != 0 { p = lerpPixel(p, lerpPixel(row1[i0], row1[i1], fx), fy) }
                                            Self.accumulate(acc + 4 * x, p, w)
                                        }
                                        for x in 0..<c.shifted.lowerBound { tap(x, Int(c0[x]), Int(c1[x]), cw[x]) }
                                        if !c.shifted.isEmpty {
                                            // Contiguous texels: no per-pixel lookup.
                                            let fx = cw[c.shifted.lowerBound], d = c.shift
                                            for x in c.shifted { tap(x, x + d, x + d + 1, fx) }
                                        }
                                        for x in c.shifted.upperBound..<width { tap(x, Int(c0[x]), Int(c1[x]), cw[x]) }
                                    }
                                }
                            }
                        }
                        let line = dst.base + y * width
                        for x in 0..<width {
                            let a = acc + 4 * x
                            var r = a[0], g = a[1], b = a[2]
                            let alpha = min(max(a[3], 0), 255)
                            if let m = matrix {
                                // blur.frag: saturation on premultiplied colour, kept within alpha.
                                let r2 = m[0] * r + m[1] * g + m[2] * b
                                let g2 = m[3] * r + m[4] * g + m[5] * b
                                let b2 = m[6] * r + m[7] * g + m[8] * b
                                r = min(max(r2, 0), alpha); g = min(max(g2, 0), alpha); b = min(max(b2, 0), alpha)
                            }
                            @inline(__always) func byte(_ v: Float) -> UInt32 { UInt32(min(max(v, 0), 255) + 0.5) }
                            line[x] = byte(r) | byte(g) << 8 | byte(b) << 16 | byte(alpha) << 24
                        }
                    }
                } }
            }
        }
    }
}
