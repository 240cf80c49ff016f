import SegueCore

// Fixed-point compositing on premultiplied RGBA8 pixels held as little-endian UInt32
// (R in the low byte, A in the high byte). Two channels are processed per multiply in 16-bit
// lanes (`0x00FF00FF` masks: R and B, then G and A), so the loops vectorise well.
//
// Weights are 8-bit fractions 0…256 (256 = copy), exact at 0 and 1, like GL's fixed-point
// blending of an RGBA8 target.

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

/// Span kernels: `count` pixels of `src` (already sampled onto the canvas grid) weighted by
/// `w` (0…256) and combined into `dst`.
enum SpanKernel {
    /// The destination is transparent: both blend modes reduce to `dst = src · w`.
    static func store(_ dst: UnsafeMutablePointer<UInt32>, _ src: UnsafePointer<UInt32>, count: Int, weight w: UInt32) {
        if w == 256 {
            dst.update(from: src, count: count)
            return
        }
        for i in 0..<count { dst[i] = scalePixel(src[i], w) }
    }

    static func blend(_ dst: UnsafeMutablePointer<UInt32>, _ src: UnsafePointer<UInt32>, count: Int, weight w: UInt32, _ mode: BlendMode) {
        switch (mode, w == 256) {
        case (.sourceOver, true): for i in 0..<count { dst[i] = overPixel(src[i], dst[i]) }
        case (.sourceOver, false): for i in 0..<count { dst[i] = overPixel(scalePixel(src[i], w), dst[i]) }
        case (.plus, true): for i in 0..<count { dst[i] = plusPixel(src[i], dst[i]) }
        case (.plus, false): for i in 0..<count { dst[i] = plusPixel(scalePixel(src[i], w), dst[i]) }
        }
    }

    /// One premultiplied colour over (or plus) a span.
    static func fill(_ dst: UnsafeMutablePointer<UInt32>, count: Int, _ color: UInt32, _ mode: BlendMode) {
        switch mode {
        case .sourceOver:
            if color >> 24 == 255 {
                dst.update(repeating: color, count: count)
                return
            }
            for i in 0..<count { dst[i] = overPixel(color, dst[i]) }
        case .plus:
            for i in 0..<count { dst[i] = plusPixel(color, dst[i]) }
        }
    }
}

/// A weight 0…1 as 0…256.
@inline(__always) func weight256(_ w: Double) -> UInt32 {
    UInt32(clamp(w, 0, 1) * 256 + 0.5)
}

/// `a + (b − a)·f/256` per channel, `f` in 0…256 (one bilinear step, as GL's 8-bit filter).
@inline(__always) func lerpPixel(_ a: UInt32, _ b: UInt32, _ f: UInt32) -> UInt32 {
    let g: UInt32 = 256 &- f
    let m: UInt32 = 0x00FF_00FF, half: UInt32 = 0x0080_0080
    let rbSum: UInt32 = (a & m) &* g &+ (b & m) &* f &+ half
    let gaSum: UInt32 = ((a >> 8) & m) &* g &+ ((b >> 8) & m) &* f &+ half
    return ((rbSum >> 8) & m) | (((gaSum >> 8) & m) << 8)
}
