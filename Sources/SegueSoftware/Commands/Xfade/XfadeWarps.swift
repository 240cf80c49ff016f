import SegueCore

/// xfade's warps (maths from FFmpeg libavfilter/vf_xfade.c; GL twin: `xfade-warps.frag`): each
/// output pixel reads `from` and/or `to` somewhere else — a block's centre (pixelize), a box
/// of the row (hblur), a zoomed position (zoomin); the squeezes read a row or column that
/// Core chose (`drawSqueeze`).
/// Every computed position is clamped into the image before it is read.
enum XfadeWarps {
    /// `blockSide`, `boxLength`: the frame's pixelize block side and hblur box length
    /// (`XfadeFrame.warp`, worked out once by the lowering).
    static func draw(_ transition: XfadeTransition, blockSide: Float, boxLength: Int, row y: Int, into dst: UnsafeMutablePointer<UInt32>,
                     _ images: XfadeImages) {
        let width = images.width, height = images.height, p = images.progress
        let w = Float(width), h = Float(height)
        let a = images.from, b = images.to
        let rowOfTo = b + y * width
        switch transition {
        case .pixelize:
            // Each pixel shows its block's centre; `blockSide` is 0 at the ends (no blocks).
            let side = blockSide
            let sy = side > 0 ? XfadeMath.clampedIndex(min(((Float(y) / side).rounded(.down) + 0.5) * side, h - 1), 0...(height - 1)) : y
            // A block's pixels of a row read one source pixel: mixed once, then repeated.
            var lastSource = -1, mixed: UInt32 = 0
            for x in 0..<width {
                let sx = side > 0 ? XfadeMath.clampedIndex(min(((Float(x) / side).rounded(.down) + 0.5) * side, w - 1), 0...(width - 1)) : x
                if sx != lastSource {
                    lastSource = sx
                    mixed = XfadeMath.mixPixels(a[sy * width + sx], b[sy * width + sx], p)
                }
                dst[x] = mixed
            }
        case .hblur:
            drawHorizontalBlur(boxLength: boxLength, row: y, into: dst, images)
        case .zoomin:
            // `from` zooms in over the first half (P 1 → 0.5) while `to` fades in over the second.
            let zoom = XfadeMath.smoothstep(0.5, 1, p), fade = XfadeMath.smoothstep(0, 0.5, p)
            let v = 0.5 + (Float(y) / h - 0.5) * zoom
            let iv = XfadeMath.clampedIndex((v * (h - 1)).rounded(.up), 0...(height - 1))
            // The zoomed row of `from` gathered first, then one vectorised mix with `to`.
            withUnsafeTemporaryAllocation(of: UInt32.self, capacity: width) { zoomed in
                for x in 0..<width {
                    let u = 0.5 + (Float(x) / w - 0.5) * zoom
                    zoomed[x] = a[iv * width + XfadeMath.clampedIndex((u * (w - 1)).rounded(.up), 0...(width - 1))]
                }
                XfadeMath.mixRow(UnsafePointer(zoomed.baseAddress!), rowOfTo, into: dst, count: width, fade)
            }
        default:
            dst.update(from: a + y * width, count: width)
        }
    }

    /// squeezeh, squeezev: `from` squeezed towards its middle row or column, `to` outside it;
    /// which line of `from` each row or column shows comes from Core (`XfadeCall.lineTable`).
    static func drawSqueeze(_ lines: XfadeLineTable, row y: Int, into dst: UnsafeMutablePointer<UInt32>, _ images: XfadeImages) {
        let width = images.width, height = images.height
        let rowOfFrom = images.from + y * width, rowOfTo = images.to + y * width
        if lines.columns {
            lines.values.withUnsafeBufferPointer { sources in
                for x in 0..<min(width, sources.count) {
                    let source = Int(sources[x])
                    dst[x] = source >= 0 && source < width ? rowOfFrom[source] : rowOfTo[x]
                }
            }
        } else {
            let source = y < lines.values.count ? Int(lines.values[y]) : -1
            dst.update(from: source >= 0 && source < height ? images.from + source * width : rowOfTo, count: width)
        }
    }

    /// hblur: both images blurred along the row by a box (`XfadeCall.hblurBoxLength`, at least
    /// 1), then mixed by progress. The box starts at the pixel and reaches right (`size`
    /// pixels, fewer at the right edge), as xfade's running sums do. Its sums are differences
    /// of the row's prefix sums per channel: whole numbers, exact as xfade's float sums are
    /// (below 2²⁴), and independent per pixel, so the loop that divides them vectorises. The
    /// two sums are mixed, then divided once (xfade divides each, then mixes: a division is
    /// the loop's dearest step; the two differ by a float rounding, which can move a stored
    /// byte by one). Stored as every xfade mix (`XfadeMath.stored`).
    static func drawHorizontalBlur(boxLength: Int, row y: Int, into dst: UnsafeMutablePointer<UInt32>, _ images: XfadeImages) {
        let width = images.width, p = images.progress, q = 1 - p
        let size = min(boxLength, width)
        let n = width * 4, reach = size * 4
        // prefixA[4·x + c]: channel c of `from` summed over the pixels before x; past the
        // row's end (up to x = width + size) it stays at the row's total, so a box cut short
        // by the edge reads its sum the same way as a whole one.
        let prefixLength = n + reach + 4
        withUnsafeTemporaryAllocation(of: Int32.self, capacity: 2 * prefixLength) { prefixes in
            let prefixA = prefixes.baseAddress!, prefixB = prefixA + prefixLength
            accumulatePrefixSums(of: images.from + y * width, count: width, padding: size, into: prefixA)
            accumulatePrefixSums(of: images.to + y * width, count: width, padding: size, into: prefixB)
            UnsafeMutableRawPointer(dst).withMemoryRebound(to: UInt8.self, capacity: n) { d in
                // 32-bit byte indices: the divisor's conversion to float vectorises.
                let size32 = Int32(size), width32 = Int32(width)
                for i in 0..<Int32(n) {
                    let divisor = Float(min(size32, width32 - i >> 2))
                    let at = Int(i)
                    let sumA = Float(prefixA[at + reach] &- prefixA[at]), sumB = Float(prefixB[at + reach] &- prefixB[at])
                    d[at] = UInt8(truncatingIfNeeded: XfadeMath.stored((sumA * p + sumB * q) / divisor, isAlpha: i & 3 == 3))
                }
            }
        }
    }

    /// `prefix[4·x + c]` = channel c summed over `row[0..<min(x, count)]`, for x in
    /// 0...(count + padding): 4·(count + padding + 1) values. Integer adds: a one-cycle
    /// dependency per pixel.
    private static func accumulatePrefixSums(of row: UnsafePointer<UInt32>, count: Int, padding: Int,
                                             into prefix: UnsafeMutablePointer<Int32>) {
        var sum = SIMD4<Int32>.zero
        UnsafeMutableRawPointer(prefix).storeBytes(of: sum, as: SIMD4<Int32>.self)
        for x in 0..<count {
            sum &+= SIMD4<Int32>(truncatingIfNeeded: UnsafeRawPointer(row + x).loadUnaligned(as: SIMD4<UInt8>.self))
            UnsafeMutableRawPointer(prefix + 4 * x + 4).storeBytes(of: sum, as: SIMD4<Int32>.self)
        }
        for x in (count + 1)...(count + padding) {
            UnsafeMutableRawPointer(prefix + 4 * x).storeBytes(of: sum, as: SIMD4<Int32>.self)
        }
    }
}
