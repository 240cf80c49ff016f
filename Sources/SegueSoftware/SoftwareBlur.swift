import SegueCore

/// Runs a `BlurPass` on the CPU: exactly the passes of `BlurPass.steps`, each tap a bilinear
/// fetch with GL's 8-bit filter weights (`lerpPixel`, two rows then between them, as
/// `LayerOp`), the weighted sum accumulated in float and rounded to 8 bits per pass like an
/// RGBA8 render target. Rows of each pass run in parallel bands.
struct SoftwareBlur {
    let executor: BandExecutor

    func blur(_ input: PixelBuffer, _ pass: BlurPass) -> PixelBuffer {
        var current = input
        for step in pass.steps(for: input.size) {
            current = run(step, source: current, saturation: step.saturate ? BlurPass.saturationMatrix(pass.saturation) : nil)
        }
        return current
    }

    /// Texel pair and weight per target coordinate for one tap on one axis.
    private struct AxisTable {
        var first: [Int32]
        var second: [Int32]
        var weight: [UInt32]
        init(count: Int, ratio: Double, offset: Double, limit: Int) {
            first = []; second = []; weight = []
            first.reserveCapacity(count); second.reserveCapacity(count); weight.reserveCapacity(count)
            for i in 0..<count {
                let (a, b, w) = LayerOp.texels((Double(i) + 0.5) * ratio + offset - 0.5, limit)
                first.append(Int32(a)); second.append(Int32(b)); weight.append(w)
            }
        }
    }

    private func run(_ step: BlurStep, source: PixelBuffer, saturation m: [Double]?) -> PixelBuffer {
        let size = step.size
        let rx = Double(source.width) / Double(size.width), ry = Double(source.height) / Double(size.height)
        let columns = step.taps.map { AxisTable(count: size.width, ratio: rx, offset: $0.dx, limit: source.width) }
        let rows = step.taps.map { AxisTable(count: size.height, ratio: ry, offset: $0.dy, limit: source.height) }
        let weights = step.taps.map { Float($0.weight) }
        let matrix = m.map { $0.map(Float.init) }
        var out = PixelBuffer(size: size)
        let width = size.width, sourceWidth = source.width
        source.bytes.withUnsafeBytes { sourceBytes in
            let src = SharedPointer(base: UnsafeMutablePointer(mutating: sourceBytes.baseAddress!.assumingMemoryBound(to: UInt32.self)))
            out.bytes.withUnsafeMutableBytes { outBytes in
                let dst = SharedPointer(base: outBytes.baseAddress!.assumingMemoryBound(to: UInt32.self))
                executor.run(rows: size.height) { band in
                    let acc = UnsafeMutablePointer<Float>.allocate(capacity: width * 4)
                    defer { acc.deallocate() }
                    for y in band {
                        acc.update(repeating: 0, count: width * 4)
                        for k in weights.indices {
                            let r = rows[k], c = columns[k], w = weights[k]
                            let row0 = UnsafePointer(src.base) + Int(r.first[y]) * sourceWidth
                            let row1 = UnsafePointer(src.base) + Int(r.second[y]) * sourceWidth
                            let fy = r.weight[y]
                            c.first.withUnsafeBufferPointer { c0 in
                                c.second.withUnsafeBufferPointer { c1 in
                                    c.weight.withUnsafeBufferPointer { cw in
                                        for x in 0..<width {
                                            let i0 = Int(c0[x]), i1 = Int(c1[x]), fx = cw[x]
                                            var p = lerpPixel(row0[i0], row0[i1], fx)
                                            if fy != 0 { p = lerpPixel(p, lerpPixel(row1[i0], row1[i1], fx), fy) }
                                            let a = acc + 4 * x
                                            a[0] += w * Float(p & 0xFF)
                                            a[1] += w * Float((p >> 8) & 0xFF)
                                            a[2] += w * Float((p >> 16) & 0xFF)
                                            a[3] += w * Float(p >> 24)
                                        }
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
                }
            }
        }
        return out
    }
}
