import Testing
import SegueCore
@testable import SegueSoftware

/// The block kernels (`Block`, `SpanKernel`, `MixOp`; `SpanKernel.lerp` and the two-source mix
/// run the dispatched C loops of `CSegueKernels`, here the clone for this machine's CPU) against
/// the per-pixel formulas (`scalePixel`, `overPixel`, …) and the byte formula of a mix: every
/// result must be the same bytes, for any input (premultiplied or not), at every span length
/// and tail.
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

    /// Calls `body` with stable pointers to each array.
    private func withPointers(_ arrays: [[UInt32]], _ body: ([UnsafePointer<UInt32>]) -> Void, _ done: [UnsafePointer<UInt32>] = []) {
        guard let first = arrays.first else { return body(done) }
        first.withUnsafeBufferPointer { withPointers(Array(arrays.dropFirst()), body, done + [$0.baseAddress!]) }
    }
}
