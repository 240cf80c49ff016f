import CSegueKernels
import Testing
import SegueCore
@testable import SegueSoftware

/// The block kernels (`Block`, `SpanKernel`, `MixOp`; `SpanKernel.lerp` and the two-source mix
/// run the dispatched C loops of `CSegueKernels`, here the clone for this machine's CPU) against
/// the per-pixel formulas (`scalePixel`, `overPixel`, …) and the byte formulas of a mix, a blur
/// pass and the blur's saturation: every result must be the same bytes, for any input
/// (premultiplied or not), at every span length and tail.
@Suite struct PixelKernelTests {
    /// `min(255, (128 + Σ bᵢ·wᵢ) / 256)`: one channel of a mix.
    static func mixByte(_ bytes: [UInt8], _ weights: [UInt32]) -> UInt8 {
        var sum: UInt32 = 128
        for (b, w) in zip(bytes, weights) { sum &+= UInt32(b) &* w }
        return UInt8(min(255, sum >> 8))
    }

    /// Deterministic pixels: arbitrary bytes, with runs of extremes (0, 255) mixed in.
    struct Pixels {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        mutating func next() -> UInt32 {
            state ^= state << 13; state ^= state >> 7; state ^= state << 17
            switch state % 8 {
            case 0: return 0
            case 1: return 0xFFFF_FFFF
            case 2: return UInt32(truncatingIfNeeded: state >> 20) | 0xFF00_0000
            default: return UInt32(truncatingIfNeeded: state >> 24)
            }
        }
        mutating func array(_ n: Int) -> [UInt32] { (0..<n).map { _ in next() } }
    }

    static let weights: [UInt32] = [0, 1, 2, 127, 128, 129, 200, 255, 256]

    @Test(arguments: [0, 1, 3, 7, 8, 9, 16, 21])
    func spanKernelsMatchPerPixelFormulas(count: Int) {
        var pixels = Pixels()
        let src = pixels.array(count + 1), original = pixels.array(count)
        func run(_ kernel: (UnsafeMutablePointer<UInt32>, UnsafePointer<UInt32>) -> Void) -> [UInt32] {
            var dst = original
            dst.withUnsafeMutableBufferPointer { d in src.withUnsafeBufferPointer { kernel(d.baseAddress!, $0.baseAddress!) } }
            return dst
        }
        for w in Self.weights {
            #expect(run { SpanKernel.store($0, $1, count: count, weight: w) } == src.prefix(count).map { scalePixel($0, w) })
            for mode in [BlendMode.sourceOver, .plus] {
                func packed(_ src: UInt32, _ dst: UInt32) -> UInt32 {
                    mode == .plus ? plusPixel(src, dst) : overPixel(src, dst)
                }
                #expect(run { SpanKernel.blend($0, $1, count: count, weight: w, mode) }
                        == (0..<count).map { packed(scalePixel(src[$0], w), original[$0]) })
                #expect(run { d, _ in SpanKernel.fill(d, count: count, src[count], mode) } == original.map { packed(src[count], $0) })
            }
            #expect(run { SpanKernel.lerp($0, $1, $1 + 1, count: count, weight: w) }
                    == (0..<count).map { lerpPixel(src[$0], src[$0 + 1], w) })
            // A pair's group: `src` and the next pixels added at w and its complement over a
            // middle run, at the pixels' own weights outside it, over the row.
            let both = (count / 3)..<(count - count / 4), edges = count - both.count
            // One spare entry each: a buffer to point at when there are no edges.
            let edgeA = (0...edges).map { UInt32(($0 * 37 + Int(w)) % 257) }, edgeB = (0...edges).map { UInt32(256 - $0 * 11 % 257) }
            for dstIsClear in [false, true] {
                let drawn = run { d, s in
                    edgeA.withUnsafeBufferPointer { ea in
                        edgeB.withUnsafeBufferPointer { eb in
                            SpanKernel.pairGroup(d, s, s + 1, count: count, both: both, weights: (w, 256 - w / 2),
                                                 edgeWeights: (ea.baseAddress!, eb.baseAddress!), dstIsClear: dstIsClear)
                        }
                    }
                }
                func weights(_ i: Int) -> (UInt32, UInt32) {
                    let e = i < both.lowerBound ? i : i - both.count
                    return both.contains(i) ? (w, 256 - w / 2) : (edgeA[e], edgeB[e])
                }
                let expected = (0..<count).map { i in
                    let (wa, wb) = weights(i)
                    let group = plusPixel(scalePixel(src[i], wa), scalePixel(src[i + 1], wb))
                    return dstIsClear ? group : overPixel(group, original[i])
                }
                #expect(drawn == expected)
                // The same weights laid out per pixel (`segue_pair_weighted`, a run's rows).
                let perPixel = (0...count).map { weights(min($0, max(count - 1, 0))) }
                let weighted = run { d, s in
                    perPixel.map(\.0).withUnsafeBufferPointer { wa in
                        perPixel.map(\.1).withUnsafeBufferPointer { wb in
                            segue_pair_weighted(d, s, s + 1, wa.baseAddress!, wb.baseAddress!, count, dstIsClear ? 1 : 0)
                        }
                    }
                }
                #expect(weighted == expected)
                // One layer alone at those weights (`segue_layer_weighted`, a row one layer covers).
                if !dstIsClear {
                    let alone = run { d, s in
                        perPixel.map(\.0).withUnsafeBufferPointer { wa in segue_layer_weighted(d, s, wa.baseAddress!, count) }
                    }
                    #expect(alone == (0..<count).map { overPixel(scalePixel(src[$0], weights($0).0), original[$0]) })
                }
            }
        }
    }

    @Test(arguments: [1, 2, 3])
    func mixMatchesTheByteFormula(sourceCount: Int) {
        var pixels = Pixels()
        let width = 19
        let sources = (0..<sourceCount).map { _ in pixels.array(width * 2) }
        for weights in [[128, 128, 128], [129, 128, 1], [256, 256, 256], [3, 254, 0], [200, 57, 256]] as [[UInt32]] {
            let used = Array(weights.prefix(sourceCount))
            var dst = [UInt32](repeating: 0, count: width)
            withPointers(sources) { pointers in
                _ = dst.withUnsafeMutableBufferPointer { d in
                    MixOp(sources: pointers, weights: used, width: width)
                        .apply(row: 1, dst: d.baseAddress!, rowIsClear: true, scratch: d.baseAddress!)
                }
            }
            let expected = (0..<width).map { x -> UInt32 in
                (0..<4).reduce(UInt32(0)) { pixel, channel in
                    let bytes = sources.map { UInt8(truncatingIfNeeded: $0[width + x] >> (8 * channel)) }
                    return pixel | UInt32(Self.mixByte(bytes, used)) << (8 * channel)
                }
            }
            #expect(dst == expected, "weights \(used)")
        }
    }

    /// The column resampler (`segue_sample_columns`) against `lerpPixel` per column: scales
    /// from strong magnification to minification (blocks inside and outside its 16-texel
    /// window), a mirrored table, every tail length, and texels that end exactly at the row's
    /// readable end (its masked loads).
    /// `segue_texels`, the C rule, is the Swift formula it replaced: floor, the fraction's
    /// 256ths rounded half away from zero (a 256 moving on to the next texel), clamped.
    @Test func texelsMatchTheRoundingFormula() {
        var pixels = Pixels()
        var values: [Double] = []
        for i in -3...300 {
            // Each 256th, half of one (where the rounding turns), and just short of both.
            let step = Double(i) / 256, half: Double = 1.0 / 512
            values += [step, step - 1e-9, step + half, step + half - 1e-12]
        }
        for _ in 0..<2000 { values.append(Double(Int32(bitPattern: pixels.next())) / 1_000_000) }
        for u in values {
            for n in [1, 7, 1920] {
                let fl = u.rounded(.down)
                var w = UInt32(((u - fl) * 256).rounded()), i0 = Int(fl)
                if w == 256 { w = 0; i0 += 1 }
                let expected = (min(max(i0, 0), n - 1), min(max(i0 + 1, 0), n - 1), w)
                #expect(LayerOp.texels(u, n) == expected, "\(u) in \(n)")
            }
        }
        // A column table (`segue_texel_table`, four columns at a time with AVX2) holds the
        // texels of each of its columns.
        for _ in 0..<500 {
            let scale = Double(pixels.next() % 3000) / 1000 + 0.01, offset = Double(Int32(bitPattern: pixels.next())) / 10_000_000
            let start = Int(pixels.next() % 2000) - 40, count = Int(pixels.next() % 23) + 1, n = Int(pixels.next() % 1920) + 1
            var first = [Int32](repeating: 0, count: count), second = first, weight = [UInt32](repeating: 0, count: count)
            segue_texel_table(&first, &second, &weight, start, count, scale, offset, n)
            for i in 0..<count {
                let (a, b, w) = LayerOp.texels(scale * (Double(start + i) + 0.5) + offset, n)
                #expect(first[i] == Int32(a) && second[i] == Int32(b) && weight[i] == w, "\(scale) \(offset) column \(start + i)")
            }
        }
    }

    @Test(arguments: [0.3, 0.8, 1.0, 1.7, 1.9, 3.0, -1.1])
    func columnSamplingMatchesPerPixelLerp(scale: Double) {
        var pixels = Pixels()
        for count in [1, 7, 8, 9, 16, 23, 64] {
            let readable = Int((abs(scale) * Double(count)).rounded(.up)) + 2
            let row = pixels.array(readable)
            var first: [Int32] = [], second: [Int32] = [], weight: [UInt32] = []
            for x in 0..<count {
                let u = scale > 0 ? scale * (Double(x) + 0.5) : Double(readable) - 1.5 + scale * Double(x)
                let (a, b, w) = LayerOp.texels(u, readable)
                first.append(Int32(a)); second.append(Int32(b)); weight.append(w == 0 ? UInt32(x % 3) * 128 : w)
            }
            var out = [UInt32](repeating: 0, count: count)
            out.withUnsafeMutableBufferPointer { segue_sample_columns($0.baseAddress!, row, readable, first, second, weight, count) }
            let expected = (0..<count).map { lerpPixel(row[Int(first[$0])], row[Int(second[$0])], weight[$0]) }
            #expect(out == expected, "scale \(scale), \(count) columns")
            // The same table as blocks (`segue_sample_blocks`, the C pair rows' way).
            var blocks = [segue_column_block](repeating: segue_column_block(), count: (count + 7) / 8)
            segue_column_blocks(&blocks, first, second, weight, count)
            var fromBlocks = [UInt32](repeating: 0, count: count)
            fromBlocks.withUnsafeMutableBufferPointer { segue_sample_blocks($0.baseAddress!, row, readable, blocks, count) }
            #expect(fromBlocks == expected, "scale \(scale), \(count) columns, as blocks")
        }
    }

    /// Weight sets summing to 256: Gaussians (symmetric, as a frame's blur has), a shared weight
    /// of 128 (the largest a pair can hold), lopsided ones (a pyramid level's), a single tap.
    static let passWeights: [[UInt16]] = [[256], [64, 128, 64], [3, 28, 194, 28, 3], [128, 0, 128],
                                          [1, 9, 35, 82, 82, 35, 9, 2, 1], [0, 100, 156], [7, 249]]

    @Test(arguments: [0, 1, 31, 32, 33, 70, 100])
    func blurPassSumMatchesTheByteFormula(count: Int) {
        var pixels = Pixels()
        for weights in Self.passWeights {
            // One source row per tap, as a vertical pass reads them; 255s test the 16-bit bound.
            let rows = weights.indices.map { m -> [UInt8] in
                m % 3 == 0 ? [UInt8](repeating: 255, count: count)
                           : pixels.array((count + 3) / 4).flatMap { p in (0..<4).map { UInt8(truncatingIfNeeded: p >> (8 * $0)) } }
            }
            let expected = (0..<count).map { i -> UInt8 in
                UInt8((128 + zip(weights, rows).reduce(0) { $0 + Int($1.0) * Int($1.1[i]) }) >> 8)
            }
            var out = [UInt8](repeating: 0xAB, count: count)
            let pointers = rows.map { row -> UnsafeMutablePointer<UInt8> in
                let p = UnsafeMutablePointer<UInt8>.allocate(capacity: max(count, 1))
                p.initialize(from: row, count: count)
                return p
            }
            defer { pointers.forEach { $0.deallocate() } }
            let sources: [UnsafePointer<UInt8>?] = pointers.map { UnsafePointer($0) }
            out.withUnsafeMutableBufferPointer { o in
                segue_weighted_sum_bytes(o.baseAddress!, sources, weights, weights.count, count)
            }
            #expect(out == expected, "weights \(weights)")
        }
    }

    @Test(arguments: [0.0, 0.5, 1, 1.8, 3])
    func saturationMatchesTheFloatFormula(saturation: Double) {
        var pixels = Pixels()
        let count = 37
        let m = BlurPass.saturationMatrix(saturation).map(Float.init)
        var bytes = pixels.array(count).flatMap { p in (0..<4).map { UInt8(truncatingIfNeeded: p >> (8 * $0)) } }
        // `blur.frag`'s formula in Swift's Float arithmetic (no fused multiply-add).
        let expected = (0..<count).flatMap { x -> [UInt8] in
            let p = bytes[(4 * x)..<(4 * x + 4)].map(Float.init)
            return (0..<3).map { row -> UInt8 in
                let v = m[3 * row] * p[0] + m[3 * row + 1] * p[1] + m[3 * row + 2] * p[2]
                return UInt8(min(max(v, 0), p[3]) + 0.5)
            } + [UInt8(p[3])]
        }
        bytes.withUnsafeMutableBufferPointer { segue_saturate_pixels($0.baseAddress!, count, m) }
        #expect(bytes == expected, "saturation \(saturation)")
    }

    /// Calls `body` with stable pointers to each array.
    private func withPointers(_ arrays: [[UInt32]], _ body: ([UnsafePointer<UInt32>]) -> Void, _ done: [UnsafePointer<UInt32>] = []) {
        guard let first = arrays.first else { return body(done) }
        first.withUnsafeBufferPointer { withPointers(Array(arrays.dropFirst()), body, done + [$0.baseAddress!]) }
    }
}
