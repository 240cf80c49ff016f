import SegueCore

// Reference computations renderer tests compare frames with, written independently of the
// renderers' own code.

extension TestImages {
    /// Premultiplied RGBA8 noise (a valid premultiplied image: colour ≤ alpha), reproducible;
    /// translucent unless `opaque`.
    public static func noise(width: Int, height: Int, seed: UInt64, opaque: Bool = false) -> PixelBuffer {
        var state = seed &* 0x9E37_79B9_7F4A_7C15 | 1
        func next() -> UInt8 {
            state ^= state << 13; state ^= state >> 7; state ^= state << 17
            return UInt8(truncatingIfNeeded: state >> 24)
        }
        var image = PixelBuffer(width: width, height: height)
        for i in stride(from: 0, to: image.bytes.count, by: 4) {
            let a = opaque ? 255 : next()
            for c in 0..<3 { image.bytes[i + c] = UInt8(Int(next()) * Int(a) / 255) }
            image.bytes[i + 3] = a
        }
        return image
    }
}

/// Bilinear sample of a premultiplied image at source position (sx, sy), texel centres at
/// +0.5, clamped to the edge: what GL `LINEAR` + `CLAMP_TO_EDGE` returns.
public func bilinear(_ image: PixelBuffer, _ sx: Double, _ sy: Double) -> [Double] {
    let x = sx - 0.5, y = sy - 0.5
    let x0 = Int(x.rounded(.down)), y0 = Int(y.rounded(.down))
    let fx = x - Double(x0), fy = y - Double(y0)
    func texel(_ i: Int, _ j: Int, _ c: Int) -> Double {
        let ci = min(max(i, 0), image.width - 1), cj = min(max(j, 0), image.height - 1)
        return Double(image.bytes[(cj * image.width + ci) * 4 + c])
    }
    return (0..<4).map { c in
        let top = texel(x0, y0, c) * (1 - fx) + texel(x0 + 1, y0, c) * fx
        let bottom = texel(x0, y0 + 1, c) * (1 - fx) + texel(x0 + 1, y0 + 1, c) * fx
        return top * (1 - fy) + bottom * fy
    }
}


/// Largest per-channel difference between the buffer and `expected` over the pixels `where` picks.
public func maxDifference(_ buffer: PixelBuffer, where include: (Int, Int) -> Bool = { _, _ in true },
                   expected: (Int, Int) -> [Double]) -> Double {
    var worst = 0.0
    for y in 0..<buffer.height {
        for x in 0..<buffer.width where include(x, y) {
            let want = expected(x, y), got = pixel(buffer, x, y)
            for c in 0..<4 { worst = max(worst, abs(Double(got[c]) - want[c])) }
        }
    }
    return worst
}
