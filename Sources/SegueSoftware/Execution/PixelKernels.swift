import CSegueKernels
import SegueCore

// Fixed-point compositing on premultiplied RGBA8 pixels held as little-endian UInt32
// (R in the low byte, A in the high byte), eight pixels at a time (`PixelBlock`).
//
// Every formula works on 16-bit lanes: a `PixelBlock` seen as sixteen UInt16 splits into its
// even channels (R, B: `& 0xFF`) and odd channels (G, A: `>> 8`), one channel per lane with room
// for a byte × weight product. Only SSE2 / NEON operations are needed (16-bit multiplies,
// shifts, masks), so a plain release build vectorises them; a block is 256 bits, two 128-bit
// registers there and one AVX2 register in a build for haswell (docs/ARCHITECTURE.md "Speed").
//
// Weights are 8-bit fractions 0…256 (256 = copy), exact at 0 and 1, like GL's fixed-point
// blending of an RGBA8 target.

/// Eight pixels, one per 32-bit lane.
typealias PixelBlock = SIMD8<UInt32>
/// Sixteen channel values (or weights), one per 16-bit lane.
typealias ChannelLanes = SIMD16<UInt16>

extension PixelBlock {
    /// R and B of each pixel (lanes 2k, 2k+1 belong to pixel k).
    @inline(__always) var evenChannels: ChannelLanes { unsafeBitCast(self, to: ChannelLanes.self) & 0xFF }
    /// G and A of each pixel.
    @inline(__always) var oddChannels: ChannelLanes { unsafeBitCast(self, to: ChannelLanes.self) &>> 8 }

    /// Pixels from channel lanes that each hold a value 0…255.
    @inline(__always) init(even: ChannelLanes, odd: ChannelLanes) {
        self = unsafeBitCast(even | (odd &<< 8), to: PixelBlock.self)
    }

    /// A per-pixel value 0…256 spread over that pixel's two lanes of `evenChannels`/`oddChannels`.
    @inline(__always) var spreadOverChannels: ChannelLanes { unsafeBitCast(self | (self &<< 16), to: ChannelLanes.self) }

    /// `count` (0…8) pixels from `p`; lanes past `count` are zero.
    @inline(__always) static func load(_ p: UnsafePointer<UInt32>, count: Int = 8) -> PixelBlock {
        if count == 8 { return UnsafeRawPointer(p).loadUnaligned(as: PixelBlock.self) }
        var v = PixelBlock()
        for k in 0..<count { v[k] = p[k] }
        return v
    }

    /// Writes the first `count` (0…8) pixels to `p`.
    @inline(__always) func store(_ p: UnsafeMutablePointer<UInt32>, count: Int = 8) {
        if count == 8 {
            UnsafeMutableRawPointer(p).storeBytes(of: self, as: PixelBlock.self)
            return
        }
        for k in 0..<count { p[k] = self[k] }
    }
}

extension ChannelLanes {
    /// A weight 0…256 in every lane.
    @inline(__always) init(weight: UInt32) { self.init(repeating: UInt16(truncatingIfNeeded: weight)) }
}

/// Per lane `x / 255` rounded, for lanes holding products of two bytes.
@inline(__always) func div255(_ x: ChannelLanes) -> ChannelLanes {
    let t = x &+ 0x80
    return (t &+ (t &>> 8)) &>> 8
}

/// Per lane `x + y`, saturating at 0xFFFF.
@inline(__always) func addSaturating(_ x: ChannelLanes, _ y: ChannelLanes) -> ChannelLanes {
    let sum = x &+ y
    // The carry out of bit 15, from the top bits of x, y and the sum: arithmetic only, as
    // SIMD comparisons and `replacing(with:where:)` compile to a loop over lanes.
    let carry = ((x & y) | ((x | y) & ~sum)) &>> 15
    return sum | (0 &- carry)
}

/// The compositing rules on a block of pixels.
enum Block {
    /// `p · w / 256` per channel, `w` 0…256 per lane.
    @inline(__always) static func scale(_ p: PixelBlock, _ w: ChannelLanes) -> PixelBlock {
        PixelBlock(even: (p.evenChannels &* w &+ 0x80) &>> 8, odd: (p.oddChannels &* w &+ 0x80) &>> 8)
    }

    /// `src + (1 − src.a)·dst` with both premultiplied.
    @inline(__always) static func over(_ src: PixelBlock, _ dst: PixelBlock) -> PixelBlock {
        let inverseAlpha = (255 &- (src &>> 24)).spreadOverChannels
        // A 32-bit add, as the packed formula always was: channels never carry for
        // premultiplied input (channel ≤ alpha).
        return src &+ PixelBlock(even: div255(dst.evenChannels &* inverseAlpha), odd: div255(dst.oddChannels &* inverseAlpha))
    }

    /// Per-channel saturating `src + dst`, in 16-bit lanes: a sum over 255 has bit 8 set,
    /// which turns the lane to all ones before the mask (arithmetic only: SIMD comparisons and
    /// `replacing(with:where:)` compile to a loop over lanes, 20× slower).
    @inline(__always) static func plus(_ src: PixelBlock, _ dst: PixelBlock) -> PixelBlock {
        @inline(__always) func saturated(_ sum: ChannelLanes) -> ChannelLanes { (sum | (0 &- (sum &>> 8))) & 0xFF }
        return PixelBlock(even: saturated(src.evenChannels &+ dst.evenChannels), odd: saturated(src.oddChannels &+ dst.oddChannels))
    }

    @inline(__always) static func blend(_ src: PixelBlock, _ dst: PixelBlock, _ mode: BlendMode) -> PixelBlock {
        mode == .plus ? plus(src, dst) : over(src, dst)
    }

    /// `a + (b − a)·f/256` per channel, `f` 0…256 per lane (one bilinear step, as GL's 8-bit filter).
    @inline(__always) static func lerp(_ a: PixelBlock, _ b: PixelBlock, _ f: ChannelLanes) -> PixelBlock {
        let g = 256 &- f
        return PixelBlock(even: (a.evenChannels &* g &+ b.evenChannels &* f &+ 0x80) &>> 8,
                       odd: (a.oddChannels &* g &+ b.oddChannels &* f &+ 0x80) &>> 8)
    }
}

// One pixel at a time (shape edges, per-pixel sampling): the same formulas on a packed
// UInt32, two channels per 32-bit multiply (`0x00FF00FF` masks: R and B, then G and A). Scalar
// code, fast in every build, debug included; PixelKernelTests hold the blocks to these byte for byte.

private let laneMask: UInt32 = 0x00FF_00FF

/// Per lane `x / 255` rounded, for lanes holding products of two bytes.
@inline(__always) func div255Lanes(_ x: UInt32) -> UInt32 {
    let t = x &+ 0x0080_0080
    return ((t &+ ((t >> 8) & laneMask)) >> 8) & laneMask
}

/// `p · w / 256` per channel, `w` in 0…256.
@inline(__always) func scalePixel(_ p: UInt32, _ w: UInt32) -> UInt32 {
    let rb = (((p & laneMask) &* w &+ 0x0080_0080) >> 8) & laneMask
    let ga = ((((p >> 8) & laneMask) &* w &+ 0x0080_0080) >> 8) & laneMask
    return rb | (ga << 8)
}

/// `src + (1 − src.a)·dst` with both premultiplied.
@inline(__always) func overPixel(_ src: UInt32, _ dst: UInt32) -> UInt32 {
    let inv = 255 &- (src >> 24)
    let rb = div255Lanes((dst & laneMask) &* inv)
    let ga = div255Lanes(((dst >> 8) & laneMask) &* inv)
    return src &+ (rb | (ga << 8))
}

/// Per-channel saturating `src + dst`.
@inline(__always) func plusPixel(_ src: UInt32, _ dst: UInt32) -> UInt32 {
    let rb = (src & laneMask) &+ (dst & laneMask)
    let ga = ((src >> 8) & laneMask) &+ ((dst >> 8) & laneMask)
    // A lane that overflowed has bit 8 set: saturate it to 0xFF.
    let rbSat = (rb | ((rb >> 8) & 0x0001_0001) &* 0xFF) & laneMask
    let gaSat = (ga | ((ga >> 8) & 0x0001_0001) &* 0xFF) & laneMask
    return rbSat | (gaSat << 8)
}

@inline(__always) func blendPixel(_ src: UInt32, _ dst: UInt32, _ blend: BlendMode) -> UInt32 {
    blend == .plus ? plusPixel(src, dst) : overPixel(src, dst)
}

/// `a + (b − a)·f/256` per channel, `f` in 0…256 (one bilinear step, as GL's 8-bit filter).
@inline(__always) func lerpPixel(_ a: UInt32, _ b: UInt32, _ f: UInt32) -> UInt32 {
    let g: UInt32 = 256 &- f
    let rbSum: UInt32 = (a & laneMask) &* g &+ (b & laneMask) &* f &+ 0x0080_0080
    let gaSum: UInt32 = ((a >> 8) & laneMask) &* g &+ ((b >> 8) & laneMask) &* f &+ 0x0080_0080
    return ((rbSum >> 8) & laneMask) | (((gaSum >> 8) & laneMask) << 8)
}

/// A weight 0…1 as 0…256.
@inline(__always) func weight256(_ w: Double) -> UInt32 {
    UInt32(clamp(w, 0, 1) * 256 + 0.5)
}

/// Calls `body(i, n)` over `0..<count` in steps of a block: `n` is 8, except for a last step
/// of 1…7 (the kernels load and store that many, through the same block formula).
@inline(__always) func forEachBlock(_ count: Int, _ body: (_ i: Int, _ n: Int) -> Void) {
    var i = 0
    // Two blocks per turn: measured faster in the plain build (fade 0.97 → 0.79 ms at 1080p).
    while i + 16 <= count {
        body(i, 8)
        body(i + 8, 8)
        i += 16
    }
    if i + 8 <= count {
        body(i, 8)
        i += 8
    }
    if i < count { body(i, count - i) }
}

/// Span kernels: `count` pixels of `src` (already sampled onto the canvas grid) weighted by
/// `w` (0…256) and combined into `dst`.
enum SpanKernel {
    /// The destination is transparent: both blend modes reduce to `dst = src · w`.
    static func store(_ dst: UnsafeMutablePointer<UInt32>, _ src: UnsafePointer<UInt32>, count: Int, weight w: UInt32) {
        if w == 256 {
            dst.update(from: src, count: count)
            return
        }
        let lanes = ChannelLanes(weight: w)
        forEachBlock(count) { i, n in Block.scale(.load(src + i, count: n), lanes).store(dst + i, count: n) }
    }

    static func blend(_ dst: UnsafeMutablePointer<UInt32>, _ src: UnsafePointer<UInt32>, count: Int, weight w: UInt32, _ mode: BlendMode) {
        let lanes = ChannelLanes(weight: w)
        switch (mode, w == 256) {
        case (.sourceOver, true):
            forEachBlock(count) { i, n in Block.over(.load(src + i, count: n), .load(dst + i, count: n)).store(dst + i, count: n) }
        case (.sourceOver, false):
            forEachBlock(count) { i, n in
                Block.over(Block.scale(.load(src + i, count: n), lanes), .load(dst + i, count: n)).store(dst + i, count: n)
            }
        case (.plus, true):
            forEachBlock(count) { i, n in Block.plus(.load(src + i, count: n), .load(dst + i, count: n)).store(dst + i, count: n) }
        case (.plus, false):
            forEachBlock(count) { i, n in
                Block.plus(Block.scale(.load(src + i, count: n), lanes), .load(dst + i, count: n)).store(dst + i, count: n)
            }
        }
    }

    /// One premultiplied colour over (or plus) a span.
    static func fill(_ dst: UnsafeMutablePointer<UInt32>, count: Int, _ color: UInt32, _ mode: BlendMode) {
        if mode == .sourceOver && color >> 24 == 255 {
            dst.update(repeating: color, count: count)
            return
        }
        let colors = PixelBlock(repeating: color)
        switch mode {
        case .sourceOver: forEachBlock(count) { i, n in Block.over(colors, .load(dst + i, count: n)).store(dst + i, count: n) }
        case .plus: forEachBlock(count) { i, n in Block.plus(colors, .load(dst + i, count: n)).store(dst + i, count: n) }
        }
    }

    /// `over(a·wa + b·wb, dst)`, the sum saturating (`plus`), or the sum stored when `dst` is
    /// clear: a pair's isolated group drawn onto the row in one pass (`PairDraw`), at `weights`
    /// over `both` (where both shapes cover uniformly) and at each other pixel's own weights,
    /// `edgeWeights` (left of `both`, then right of it), in C (`segue_pair_group`: `both` through
    /// its AVX2 loop on AVX2 machines).
    static func pairGroup(_ dst: UnsafeMutablePointer<UInt32>, _ a: UnsafePointer<UInt32>, _ b: UnsafePointer<UInt32>, count: Int,
                          both: Range<Int>, weights: (UInt32, UInt32), edgeWeights: (UnsafePointer<UInt32>, UnsafePointer<UInt32>),
                          dstIsClear: Bool) {
        segue_pair_group(dst, a, b, count, both.lowerBound, both.upperBound, weights.0, weights.1, edgeWeights.0, edgeWeights.1,
                         dstIsClear ? 1 : 0)
    }

    /// `dst = a + (b − a)·f/256` per pixel, `f` 0…256 (`Block.lerp` at one weight), as the
    /// run-time dispatched byte loop `segue_lerp_bytes` (AVX2 where the CPU has it, in every build).
    static func lerp(_ dst: UnsafeMutablePointer<UInt32>, _ a: UnsafePointer<UInt32>, _ b: UnsafePointer<UInt32>, count: Int, weight f: UInt32) {
        segue_lerp_bytes(UnsafeMutableRawPointer(dst).assumingMemoryBound(to: UInt8.self),
                         UnsafeRawPointer(a).assumingMemoryBound(to: UInt8.self),
                         UnsafeRawPointer(b).assumingMemoryBound(to: UInt8.self), 4 * count, UInt16(f))
    }
}
