import SegueCore

// Fixed-point compositing on premultiplied RGBA8 pixels held as little-endian UInt32
// (R in the low byte, A in the high byte), four pixels at a time (`Pixels4`).
//
// Every formula works on 16-bit lanes of one 128-bit vector: a `Pixels4` seen as eight UInt16
// splits into its even channels (R, B: `& 0xFF`) and odd channels (G, A: `>> 8`), one channel per
// lane with room for a byte × weight product. Only SSE2 / NEON operations are needed (16-bit
// multiplies, shifts, masks), so a plain release build vectorises them as well as one tuned for
// a newer CPU (docs/ARCHITECTURE.md "Speed"). The single-pixel functions run the same formula
// in lane 0, so each rule is written once.
//
// Weights are 8-bit fractions 0…256 (256 = copy), exact at 0 and 1, like GL's fixed-point
// blending of an RGBA8 target.

/// Four pixels, one per 32-bit lane.
typealias Pixels4 = SIMD4<UInt32>
/// Eight channel values (or weights), one per 16-bit lane.
typealias ChannelLanes = SIMD8<UInt16>

extension Pixels4 {
    /// R and B of each pixel (lanes 2k, 2k+1 belong to pixel k).
    @inline(__always) var evenChannels: ChannelLanes { unsafeBitCast(self, to: ChannelLanes.self) & 0xFF }
    /// G and A of each pixel.
    @inline(__always) var oddChannels: ChannelLanes { unsafeBitCast(self, to: ChannelLanes.self) &>> 8 }

    /// Pixels from channel lanes that each hold a value 0…255.
    @inline(__always) init(even: ChannelLanes, odd: ChannelLanes) {
        self = unsafeBitCast(even | (odd &<< 8), to: Pixels4.self)
    }

    /// A per-pixel value 0…256 spread over that pixel's two lanes of `evenChannels`/`oddChannels`.
    @inline(__always) var spreadOverChannels: ChannelLanes { unsafeBitCast(self | (self &<< 16), to: ChannelLanes.self) }

    /// `count` (0…4) pixels from `p`; lanes past `count` are zero.
    @inline(__always) static func load(_ p: UnsafePointer<UInt32>, count: Int = 4) -> Pixels4 {
        if count == 4 { return UnsafeRawPointer(p).loadUnaligned(as: Pixels4.self) }
        var v = Pixels4()
        for k in 0..<count { v[k] = p[k] }
        return v
    }

    /// Writes the first `count` (0…4) pixels to `p`.
    @inline(__always) func store(_ p: UnsafeMutablePointer<UInt32>, count: Int = 4) {
        if count == 4 {
            UnsafeMutableRawPointer(p).storeBytes(of: self, as: Pixels4.self)
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
    return sum.replacing(with: .max, where: sum .< x)
}

/// Four-pixel forms of the compositing rules.
enum Quad {
    /// `p · w / 256` per channel, `w` 0…256 per lane.
    @inline(__always) static func scale(_ p: Pixels4, _ w: ChannelLanes) -> Pixels4 {
        Pixels4(even: (p.evenChannels &* w &+ 0x80) &>> 8, odd: (p.oddChannels &* w &+ 0x80) &>> 8)
    }

    /// `src + (1 − src.a)·dst` with both premultiplied.
    @inline(__always) static func over(_ src: Pixels4, _ dst: Pixels4) -> Pixels4 {
        let inverseAlpha = (255 &- (src &>> 24)).spreadOverChannels
        // A 32-bit add, as the packed formula always was: channels never carry for
        // premultiplied input (channel ≤ alpha).
        return src &+ Pixels4(even: div255(dst.evenChannels &* inverseAlpha), odd: div255(dst.oddChannels &* inverseAlpha))
    }

    /// Per-channel saturating `src + dst`.
    @inline(__always) static func plus(_ src: Pixels4, _ dst: Pixels4) -> Pixels4 {
        let a = unsafeBitCast(src, to: SIMD16<UInt8>.self), b = unsafeBitCast(dst, to: SIMD16<UInt8>.self)
        let sum = a &+ b
        return unsafeBitCast(sum.replacing(with: .max, where: sum .< a), to: Pixels4.self)
    }

    @inline(__always) static func blend(_ src: Pixels4, _ dst: Pixels4, _ mode: BlendMode) -> Pixels4 {
        mode == .plus ? plus(src, dst) : over(src, dst)
    }

    /// `a + (b − a)·f/256` per channel, `f` 0…256 per lane (one bilinear step, as GL's 8-bit filter).
    @inline(__always) static func lerp(_ a: Pixels4, _ b: Pixels4, _ f: ChannelLanes) -> Pixels4 {
        let g = 256 &- f
        return Pixels4(even: (a.evenChannels &* g &+ b.evenChannels &* f &+ 0x80) &>> 8,
                       odd: (a.oddChannels &* g &+ b.oddChannels &* f &+ 0x80) &>> 8)
    }
}

/// `p · w / 256` per channel, `w` in 0…256.
@inline(__always) func scalePixel(_ p: UInt32, _ w: UInt32) -> UInt32 {
    Quad.scale(Pixels4(p, 0, 0, 0), ChannelLanes(weight: w))[0]
}

/// `src + (1 − src.a)·dst` with both premultiplied.
@inline(__always) func overPixel(_ src: UInt32, _ dst: UInt32) -> UInt32 {
    Quad.over(Pixels4(src, 0, 0, 0), Pixels4(dst, 0, 0, 0))[0]
}

/// Per-channel saturating `src + dst`.
@inline(__always) func plusPixel(_ src: UInt32, _ dst: UInt32) -> UInt32 {
    Quad.plus(Pixels4(src, 0, 0, 0), Pixels4(dst, 0, 0, 0))[0]
}

@inline(__always) func blendPixel(_ src: UInt32, _ dst: UInt32, _ blend: BlendMode) -> UInt32 {
    blend == .plus ? plusPixel(src, dst) : overPixel(src, dst)
}

/// `a + (b − a)·f/256` per channel, `f` in 0…256 (one bilinear step, as GL's 8-bit filter).
@inline(__always) func lerpPixel(_ a: UInt32, _ b: UInt32, _ f: UInt32) -> UInt32 {
    Quad.lerp(Pixels4(a, 0, 0, 0), Pixels4(b, 0, 0, 0), ChannelLanes(weight: f))[0]
}

/// A weight 0…1 as 0…256.
@inline(__always) func weight256(_ w: Double) -> UInt32 {
    UInt32(clamp(w, 0, 1) * 256 + 0.5)
}

/// Calls `body(i, n)` over `0..<count` in steps of four pixels: `n` is 4, except for a last
/// step of 1…3 (the kernels load and store that many, through the same four-pixel formula).
@inline(__always) func forEachQuad(_ count: Int, _ body: (_ i: Int, _ n: Int) -> Void) {
    var i = 0
    while i + 4 <= count {
        body(i, 4)
        i += 4
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
        forEachQuad(count) { i, n in Quad.scale(.load(src + i, count: n), lanes).store(dst + i, count: n) }
    }

    static func blend(_ dst: UnsafeMutablePointer<UInt32>, _ src: UnsafePointer<UInt32>, count: Int, weight w: UInt32, _ mode: BlendMode) {
        let lanes = ChannelLanes(weight: w)
        switch (mode, w == 256) {
        case (.sourceOver, true):
            forEachQuad(count) { i, n in Quad.over(.load(src + i, count: n), .load(dst + i, count: n)).store(dst + i, count: n) }
        case (.sourceOver, false):
            forEachQuad(count) { i, n in
                Quad.over(Quad.scale(.load(src + i, count: n), lanes), .load(dst + i, count: n)).store(dst + i, count: n)
            }
        case (.plus, true):
            forEachQuad(count) { i, n in Quad.plus(.load(src + i, count: n), .load(dst + i, count: n)).store(dst + i, count: n) }
        case (.plus, false):
            forEachQuad(count) { i, n in
                Quad.plus(Quad.scale(.load(src + i, count: n), lanes), .load(dst + i, count: n)).store(dst + i, count: n)
            }
        }
    }

    /// One premultiplied colour over (or plus) a span.
    static func fill(_ dst: UnsafeMutablePointer<UInt32>, count: Int, _ color: UInt32, _ mode: BlendMode) {
        if mode == .sourceOver && color >> 24 == 255 {
            dst.update(repeating: color, count: count)
            return
        }
        let colors = Pixels4(repeating: color)
        switch mode {
        case .sourceOver: forEachQuad(count) { i, n in Quad.over(colors, .load(dst + i, count: n)).store(dst + i, count: n) }
        case .plus: forEachQuad(count) { i, n in Quad.plus(colors, .load(dst + i, count: n)).store(dst + i, count: n) }
        }
    }

    /// `dst = a + (b − a)·f/256` per pixel, `f` 0…256.
    static func lerp(_ dst: UnsafeMutablePointer<UInt32>, _ a: UnsafePointer<UInt32>, _ b: UnsafePointer<UInt32>, count: Int, weight f: UInt32) {
        let lanes = ChannelLanes(weight: f)
        forEachQuad(count) { i, n in Quad.lerp(.load(a + i, count: n), .load(b + i, count: n), lanes).store(dst + i, count: n) }
    }
}
