/// How a snapshot whose size differs from the canvas is fitted to it (docs/ARCHITECTURE.md "Conventions").
public enum FitMode: String, CaseIterable, Codable, Sendable {
    /// Scale to fill, preserving aspect ratio, and crop the overflow equally on both sides
    /// (what GL Transitions and an aspect-fill image view do). The default.
    case cover
    /// Scale to fit inside, preserving aspect ratio, centred, with transparent bars.
    case contain
    /// Scale each axis independently to the canvas.
    case stretch

    /// How much an image of `size` grows (or shrinks, below 1) when fitted to `canvas`: cover's
    /// larger axis ratio, contain's smaller one, and for stretch, whose axes differ, their
    /// geometric mean. `--scale auto` multiplies the snapshot's device scale by it.
    public func magnification(from size: PixelSize, to canvas: PixelSize) -> Double {
        let sx = Double(canvas.width) / Double(max(1, size.width)), sy = Double(canvas.height) / Double(max(1, size.height))
        switch self {
        case .cover: return max(sx, sy)
        case .contain: return min(sx, sy)
        case .stretch: return (sx * sy).squareRoot()
        }
    }
}

extension PixelBuffer {
    /// This image fitted to `size`. Resampling works on premultiplied values (so transparent
    /// pixels do not bleed their colour): area-averaging (box filter) along an axis that
    /// shrinks, bilinear along one that grows. The same size returns `self` untouched.
    public func fitted(to size: PixelSize, mode: FitMode = .cover) -> PixelBuffer {
        if size == self.size { return self }
        guard size.width > 0, size.height > 0 else { return PixelBuffer(size: size) }
        guard width > 0, height > 0 else { return PixelBuffer(size: size) }
        let w = Double(width), h = Double(height)
        let W = Double(size.width), H = Double(size.height)
        switch mode {
        case .stretch:
            return resampled(from: Rect(x: 0, y: 0, width: w, height: h), to: size)
        case .cover:
            let s = mode.magnification(from: self.size, to: size)
            let cw = min(w, W / s), ch = min(h, H / s)
            return resampled(from: Rect(x: (w - cw) / 2, y: (h - ch) / 2, width: cw, height: ch), to: size)
        case .contain:
            let s = mode.magnification(from: self.size, to: size)
            let dw = clamp(Int((w * s).rounded()), 1, size.width)
            let dh = clamp(Int((h * s).rounded()), 1, size.height)
            let inner = PixelSize(width: dw, height: dh)
            let scaled = inner == self.size ? self : resampled(from: Rect(x: 0, y: 0, width: w, height: h), to: inner)
            var out = PixelBuffer(size: size)
            let x0 = (size.width - dw) / 2, y0 = (size.height - dh) / 2
            let outRow = size.width * 4, inRow = dw * 4
            scaled.bytes.withUnsafeBufferPointer { src in
                out.bytes.withUnsafeMutableBufferPointer { dst in
                    for y in 0..<dh {
                        let d = (y0 + y) * outRow + x0 * 4
                        let s = y * inRow
                        for i in 0..<inRow { dst[d + i] = src[s + i] }
                    }
                }
            }
            return out
        }
    }

    /// The region `source` (in source pixels, may be fractional) resampled to `size`.
    /// Separable: a horizontal pass over the source rows that contribute, into float rows,
    /// then a vertical pass.
    func resampled(from source: Rect, to size: PixelSize) -> PixelBuffer {
        let xs = ResampleAxis(sourceLength: width, origin: source.x, extent: source.width, count: size.width)
        let ys = ResampleAxis(sourceLength: height, origin: source.y, extent: source.height, count: size.height)
        let firstRow = ys.starts[0]
        let lastRow = ys.starts[size.height - 1] + ys.taps - 1
        let rows = min(lastRow, height - 1) - firstRow + 1
        let outW = size.width
        var mid = [Float](repeating: 0, count: rows * outW * 4)
        var out = PixelBuffer(size: size)
        let srcW = width
        bytes.withUnsafeBufferPointer { src in
            mid.withUnsafeMutableBufferPointer { m in
                xs.weights.withUnsafeBufferPointer { xw in
                    xs.starts.withUnsafeBufferPointer { xst in
                        let taps = xs.taps
                        for r in 0..<rows {
                            let srow = (firstRow + r) * srcW * 4
                            let mrow = r * outW * 4
                            for i in 0..<outW {
                                var a0: Float = 0, a1: Float = 0, a2: Float = 0, a3: Float = 0
                                var p = srow + xst[i] * 4
                                let wb = i * taps
                                for t in 0..<taps {
                                    let wt = xw[wb + t]
                                    a0 += wt * Float(src[p]); a1 += wt * Float(src[p + 1])
                                    a2 += wt * Float(src[p + 2]); a3 += wt * Float(src[p + 3])
                                    p += 4
                                }
                                m[mrow + i * 4] = a0; m[mrow + i * 4 + 1] = a1
                                m[mrow + i * 4 + 2] = a2; m[mrow + i * 4 + 3] = a3
                            }
                        }
                    }
                }
            }
        }
        mid.withUnsafeBufferPointer { m in
            out.bytes.withUnsafeMutableBufferPointer { dst in
                ys.weights.withUnsafeBufferPointer { yw in
                    let rowLen = outW * 4
                    var acc = [Float](repeating: 0, count: rowLen)
                    acc.withUnsafeMutableBufferPointer { acc in
                        for j in 0..<size.height {
                            for k in 0..<rowLen { acc[k] = 0 }
                            let r0 = ys.starts[j] - firstRow
                            for t in 0..<ys.taps {
                                let wt = yw[j * ys.taps + t]
                                if wt == 0 { continue }
                                let mrow = (r0 + t) * rowLen
                                for k in 0..<rowLen { acc[k] += wt * m[mrow + k] }
                            }
                            let drow = j * rowLen
                            for k in 0..<rowLen { dst[drow + k] = UInt8(min(max(acc[k] + 0.5, 0), 255)) }
                        }
                    }
                }
            }
        }
        return out
    }
}

/// Per-output-pixel source taps along one axis: output pixel `i` reads source pixels
/// `starts[i] ..< starts[i] + taps` with `weights[i * taps ..< (i + 1) * taps]` (summing to 1;
/// trailing unused taps have weight 0 and stay in bounds).
struct ResampleAxis {
    var starts: [Int]
    var weights: [Float]
    var taps: Int

    init(sourceLength n: Int, origin: Double, extent: Double, count: Int) {
        let step = extent / Double(count)
        starts = [Int](repeating: 0, count: count)
        if step > 1 {
            // Box filter: each output pixel averages the source interval it covers.
            taps = min(n, Int(step.rounded(.up)) + 1)
            weights = [Float](repeating: 0, count: count * taps)
            for i in 0..<count {
                let a = origin + Double(i) * step, b = a + step
                let k0 = clamp(Int(a.rounded(.down)), 0, n - 1)
                let k1 = clamp(Int(b.rounded(.up)) - 1, k0, n - 1)
                let start = min(k0, n - taps)
                starts[i] = start
                var total = 0.0
                var ws = [Double](repeating: 0, count: taps)
                for k in k0...k1 {
                    let overlap = min(b, Double(k + 1)) - max(a, Double(k))
                    if overlap > 0 { ws[k - start] = overlap; total += overlap }
                }
                for t in 0..<taps { weights[i * taps + t] = total > 0 ? Float(ws[t] / total) : 0 }
            }
        } else {
            // Bilinear at the output pixel centre, clamped to the edge texels.
            taps = min(n, 2)
            weights = [Float](repeating: 0, count: count * taps)
            for i in 0..<count {
                let s = clamp(origin + (Double(i) + 0.5) * step - 0.5, 0, Double(n - 1))
                let k = min(Int(s.rounded(.down)), n - taps)
                starts[i] = k
                if taps == 1 { weights[i] = 1; continue }
                let f = Float(s - Double(k))
                weights[i * 2] = 1 - f
                weights[i * 2 + 1] = f
            }
        }
    }
}
