import SegueCore

/// Draws into a `PixelBuffer` for contact sheets, sample snapshots and plots. Colours are
/// straight alpha (like `Color` everywhere); every fill composites premultiplied source-over,
/// the same rule the renderers use. Shape edges are anti-aliased with `Coverage`, so they
/// match what the renderers draw for the same shapes.
public struct Painter: Sendable {
    public var buffer: PixelBuffer

    public init(_ buffer: PixelBuffer) { self.buffer = buffer }
    public init(size: PixelSize, background: Color = .clear) {
        buffer = PixelBuffer(size: size)
        if background.a > 0 { buffer.fill(background) }
    }

    public var width: Int { buffer.width }
    public var height: Int { buffer.height }

    // MARK: Shapes

    public mutating func fill(_ rect: Rect, _ color: Color) {
        fillRoundedRect(rect, radii: .zero, color)
    }

    public mutating func fillRoundedRect(_ rect: Rect, radius: Double, _ color: Color) {
        fillRoundedRect(rect, radii: CornerRadii(all: radius), color)
    }

    public mutating func fillRoundedRect(_ rect: Rect, radii: CornerRadii, _ color: Color) {
        let r = radii.fitted(to: rect)
        fill(bounds: rect, paint: .solid(color)) { x, y in
            Coverage.fromDistance(Coverage.roundedRectDistance(x, y, rect: rect, radii: r))
        }
    }

    public mutating func fillCircle(center: Point, radius: Double, _ color: Color) {
        let bounds = Rect(x: center.x - radius, y: center.y - radius, width: 2 * radius, height: 2 * radius)
        fill(bounds: bounds, paint: .solid(color)) { x, y in
            Coverage.fromDistance(Coverage.circleDistance(x, y, center: center, radius: radius))
        }
    }

    /// A rounded rectangle filled with a linear gradient from `start` (colour `from`) to `end`
    /// (colour `to`), interpolated in straight sRGB and clamped beyond the two points.
    public mutating func fillLinearGradient(_ rect: Rect, radii: CornerRadii = .zero, from: Color, at start: Point,
                                            to: Color, at end: Point) {
        let r = radii.fitted(to: rect)
        fill(bounds: rect, paint: .linear(from: from, start: start, to: to, end: end)) { x, y in
            Coverage.fromDistance(Coverage.roundedRectDistance(x, y, rect: rect, radii: r))
        }
    }

    /// A convex polygon (vertices in either winding). Coverage uses the largest signed
    /// distance to the edge lines, exact along edges and slightly generous at sharp corners.
    public mutating func fillConvexPolygon(_ points: [Point], _ color: Color) {
        guard points.count >= 3 else { return }
        var area = 0.0
        for i in points.indices {
            let a = points[i], b = points[(i + 1) % points.count]
            area += a.x * b.y - b.x * a.y
        }
        let sign = area > 0 ? 1.0 : -1.0
        // Edge lines as unit normals pointing outward: n·p − c = signed distance.
        var edges: [(nx: Double, ny: Double, c: Double)] = []
        for i in points.indices {
            let a = points[i], b = points[(i + 1) % points.count]
            let dx = b.x - a.x, dy = b.y - a.y
            let len = (dx * dx + dy * dy).squareRoot()
            guard len > 0 else { continue }
            let nx = sign * dy / len, ny = -sign * dx / len
            edges.append((nx, ny, nx * a.x + ny * a.y))
        }
        let xs = points.map(\.x), ys = points.map(\.y)
        let bounds = Rect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
        fill(bounds: bounds, paint: .solid(color)) { x, y in
            var d = -Double.infinity
            for e in edges { d = max(d, e.nx * x + e.ny * y - e.c) }
            return Coverage.fromDistance(d)
        }
    }

    /// A line segment `width` pixels thick with round caps (chevrons, separators, plots).
    public mutating func strokeLine(from a: Point, to b: Point, width: Double, _ color: Color) {
        let h = width / 2
        let bounds = Rect(x: min(a.x, b.x) - h, y: min(a.y, b.y) - h, width: abs(b.x - a.x) + width, height: abs(b.y - a.y) + width)
        let dx = b.x - a.x, dy = b.y - a.y
        let len2 = dx * dx + dy * dy
        fill(bounds: bounds, paint: .solid(color)) { x, y in
            let t = len2 > 0 ? clamp(((x - a.x) * dx + (y - a.y) * dy) / len2, 0, 1) : 0
            let px = a.x + t * dx - x, py = a.y + t * dy - y
            return Coverage.fromDistance((px * px + py * py).squareRoot() - h)
        }
    }

    /// A polyline `width` pixels thick with round joints: each pixel takes the largest
    /// coverage of any segment, so joints are not blended twice (curve plots).
    public mutating func strokePolyline(_ points: [Point], width: Double, _ color: Color) {
        guard points.count >= 2 else { return }
        let h = width / 2
        let xs = points.map(\.x), ys = points.map(\.y)
        let bounds = Rect(x: xs.min()! - h, y: ys.min()! - h, width: xs.max()! - xs.min()! + width, height: ys.max()! - ys.min()! + width)
        let (x0, y0, x1, y1) = pixelSpan(Rect(x: bounds.x - 1, y: bounds.y - 1, width: bounds.width + 2, height: bounds.height + 2))
        guard x0 < x1, y0 < y1 else { return }
        let spanWidth = x1 - x0
        var coverage = [Double](repeating: 0, count: spanWidth * (y1 - y0))
        for (a, b) in zip(points, points.dropFirst()) {
            let dx = b.x - a.x, dy = b.y - a.y, len2 = dx * dx + dy * dy
            let sx0 = (min(a.x, b.x) - h - 1).rounded(.down).clampedInt(x0...x1), sx1 = (max(a.x, b.x) + h + 1).rounded(.up).clampedInt(x0...x1)
            let sy0 = (min(a.y, b.y) - h - 1).rounded(.down).clampedInt(y0...y1), sy1 = (max(a.y, b.y) + h + 1).rounded(.up).clampedInt(y0...y1)
            guard sx0 < sx1, sy0 < sy1 else { continue }
            for y in sy0..<sy1 {
                for x in sx0..<sx1 {
                    let cx = Double(x) + 0.5, cy = Double(y) + 0.5
                    let t = len2 > 0 ? clamp(((cx - a.x) * dx + (cy - a.y) * dy) / len2, 0, 1) : 0
                    let ex = cx - (a.x + t * dx), ey = cy - (a.y + t * dy)
                    let i = (y - y0) * spanWidth + (x - x0)
                    coverage[i] = max(coverage[i], Coverage.fromDistance((ex * ex + ey * ey).squareRoot() - h))
                }
            }
        }
        fill(bounds: bounds, paint: .solid(color)) { x, y in
            let px = x.clampedInt(-1...x1) - x0, py = y.clampedInt(-1...y1) - y0
            return px >= 0 && py >= 0 && px < spanWidth && py < y1 - y0 ? coverage[py * spanWidth + px] : 0
        }
    }

    /// The outline of a circle, `width` pixels thick, centred on the radius.
    public mutating func strokeCircle(center: Point, radius: Double, width: Double, _ color: Color) {
        let r = radius + width / 2
        let bounds = Rect(x: center.x - r, y: center.y - r, width: 2 * r, height: 2 * r)
        fill(bounds: bounds, paint: .solid(color)) { x, y in
            Coverage.fromDistance(abs(Coverage.circleDistance(x, y, center: center, radius: radius)) - width / 2)
        }
    }

    /// The outline of a rounded rectangle, `width` pixels thick, centred on its edge.
    public mutating func strokeRoundedRect(_ rect: Rect, radius: Double, width: Double, _ color: Color) {
        let r = CornerRadii(all: radius).fitted(to: rect)
        let bounds = Rect(x: rect.x - width / 2, y: rect.y - width / 2, width: rect.width + width, height: rect.height + width)
        fill(bounds: bounds, paint: .solid(color)) { x, y in
            Coverage.fromDistance(abs(Coverage.roundedRectDistance(x, y, rect: rect, radii: r)) - width / 2)
        }
    }

    /// Keeps only what lies inside the rounded rectangle: every pixel is scaled by its
    /// coverage, so outside becomes transparent and the edge is anti-aliased.
    public mutating func mask(to rect: Rect, radii: CornerRadii) {
        let r = radii.fitted(to: rect)
        let w = buffer.width, h = buffer.height
        buffer.bytes.withUnsafeMutableBufferPointer { p in
            for y in 0..<h {
                for x in 0..<w {
                    let k = Coverage.fromDistance(Coverage.roundedRectDistance(Double(x) + 0.5, Double(y) + 0.5, rect: rect, radii: r))
                    if k >= 1 { continue }
                    let i = (y * w + x) * 4
                    for j in 0..<4 { p[i + j] = UInt8(Double(p[i + j]) * k + 0.5) }
                }
            }
        }
    }

    /// A light/dark checkerboard of `cell`-pixel squares: what viewers show behind transparency.
    public mutating func fillCheckerboard(_ rect: Rect, cell: Int, light: Color, dark: Color) {
        let (x0, y0, x1, y1) = pixelSpan(rect)
        guard x0 < x1, y0 < y1 else { return }
        let lp = premultipliedFloats(light), dp = premultipliedFloats(dark)
        let w = buffer.width
        buffer.bytes.withUnsafeMutableBufferPointer { p in
            for y in y0..<y1 {
                for x in x0..<x1 {
                    let c = ((x - x0) / max(1, cell) + (y - y0) / max(1, cell)) & 1 == 0 ? lp : dp
                    blend(p, (y * w + x) * 4, c, 1)
                }
            }
        }
    }

    // MARK: Images and text

    /// Composites `image` (premultiplied) source-over with its top-left at (`x`, `y`), clipped.
    public mutating func draw(_ image: PixelBuffer, x: Int, y: Int) {
        let x0 = max(0, x), y0 = max(0, y)
        let x1 = min(buffer.width, x + image.width), y1 = min(buffer.height, y + image.height)
        guard x0 < x1, y0 < y1 else { return }
        let w = buffer.width
        image.bytes.withUnsafeBufferPointer { src in
            buffer.bytes.withUnsafeMutableBufferPointer { dst in
                for row in y0..<y1 {
                    for col in x0..<x1 {
                        let s = ((row - y) * image.width + (col - x)) * 4, d = (row * w + col) * 4
                        let inv = 255 - UInt32(src[s + 3])
                        for k in 0..<4 {
                            let v = UInt32(dst[d + k]) * inv + 128
                            dst[d + k] = UInt8(min(255, UInt32(src[s + k]) + ((v + (v >> 8)) >> 8)))
                        }
                    }
                }
            }
        }
    }

    /// Draws `text` with the built-in bitmap font, each font pixel a `scale`×`scale` square,
    /// the top of capitals at `origin` (snapped to whole pixels so glyphs stay crisp).
    /// Returns the advance in pixels.
    @discardableResult
    public mutating func drawText(_ text: String, at origin: Point, scale: Int, _ color: Color) -> Int {
        let s = clamp(scale, 1, Self.maxTextScale)
        // Text that far off the canvas cannot show; the bound keeps the pen's sums from overflowing.
        let reach = 1 << 40
        var penX = origin.x.rounded().clampedInt(-reach...reach)
        let top = origin.y.rounded().clampedInt(-reach...reach)
        let c = premultipliedFloats(color)
        let w = buffer.width, h = buffer.height
        buffer.bytes.withUnsafeMutableBufferPointer { p in
            for ch in text.unicodeScalars {
                let g = BitmapFont.glyph(ch)
                for (gy, bits) in g.rows.enumerated() where bits != 0 {
                    for gx in 0..<g.width where bits & (1 << UInt8(gx)) != 0 {
                        let px0 = penX + gx * s, py0 = top + gy * s
                        // A glyph pixel past any edge gives an empty range, never a reversed one.
                        for y in clippedSpan(py0, py0 + s, h) {
                            for x in clippedSpan(px0, px0 + s, w) {
                                blend(p, (y * w + x) * 4, c, 1)
                            }
                        }
                    }
                }
                penX += (g.width + 1) * s
            }
        }
        return BitmapFont.width(of: text) * s
    }

    /// Width in pixels `drawText` would use.
    public static func textWidth(_ text: String, scale: Int) -> Int { BitmapFont.width(of: text) * clamp(scale, 1, maxTextScale) }

    /// Largest font pixel `drawText` draws: text 9 × 256 px tall is taller than any canvas.
    public static let maxTextScale = 256

    // MARK: Core

    enum Paint {
        case solid(Color)
        case linear(from: Color, start: Point, to: Color, end: Point)
    }

    /// Every pixel whose centre lies within `bounds` grown by one pixel gets
    /// `paint · coverage(centre)` composited source-over.
    private mutating func fill(bounds: Rect, paint: Paint, coverage: (Double, Double) -> Double) {
        let grown = Rect(x: bounds.x - 1, y: bounds.y - 1, width: bounds.width + 2, height: bounds.height + 2)
        let (x0, y0, x1, y1) = pixelSpan(grown)
        guard x0 < x1, y0 < y1 else { return }
        let w = buffer.width
        buffer.bytes.withUnsafeMutableBufferPointer { p in
            switch paint {
            case .solid(let color):
                let c = premultipliedFloats(color)
                for y in y0..<y1 {
                    for x in x0..<x1 {
                        let k = coverage(Double(x) + 0.5, Double(y) + 0.5)
                        if k > 0 { blend(p, (y * w + x) * 4, c, Float(k)) }
                    }
                }
            case .linear(let from, let start, let to, let end):
                let dx = end.x - start.x, dy = end.y - start.y
                let len2 = max(dx * dx + dy * dy, 1e-12)
                for y in y0..<y1 {
                    for x in x0..<x1 {
                        let px = Double(x) + 0.5, py = Double(y) + 0.5
                        let k = coverage(px, py)
                        guard k > 0 else { continue }
                        let t = clamp(((px - start.x) * dx + (py - start.y) * dy) / len2, 0, 1)
                        let c = Color(r: lerp(from.r, to.r, t), g: lerp(from.g, to.g, t), b: lerp(from.b, to.b, t), a: lerp(from.a, to.a, t))
                        blend(p, (y * w + x) * 4, premultipliedFloats(c), Float(k))
                    }
                }
            }
        }
    }

    /// Pixel index ranges whose centres fall inside `rect`, clipped to the buffer (NaN and
    /// infinite edges included). The caller checks `x0 < x1, y0 < y1` before looping.
    private func pixelSpan(_ rect: Rect) -> (Int, Int, Int, Int) {
        func lo(_ v: Double, _ n: Int) -> Int { (v - 0.5).rounded(.up).clampedInt(0...n) }
        return (lo(rect.minX, buffer.width), lo(rect.minY, buffer.height), lo(rect.maxX, buffer.width), lo(rect.maxY, buffer.height))
    }
}

/// `lower..<upper` clipped to `0..<limit`; empty (never reversed) when nothing is left, so a
/// loop over it is safe when the span lies wholly past an edge.
@inline(__always)
func clippedSpan(_ lower: Int, _ upper: Int, _ limit: Int) -> Range<Int> {
    let lo = max(0, lower), hi = min(limit, upper)
    return lo < hi ? lo..<hi : 0..<0
}

/// Premultiplied colour as floats in 0…255.
@inline(__always)
private func premultipliedFloats(_ c: Color) -> SIMD4<Float> {
    let a = clamp(c.a, 0, 1)
    return SIMD4(Float(clamp(c.r, 0, 1) * a), Float(clamp(c.g, 0, 1) * a), Float(clamp(c.b, 0, 1) * a), Float(a)) * 255
}

/// Source-over of `c · k` onto the pixel at byte offset `i`, rounded to 8 bits.
@inline(__always)
private func blend(_ p: UnsafeMutableBufferPointer<UInt8>, _ i: Int, _ c: SIMD4<Float>, _ k: Float) {
    let src = c * k
    let inv = 1 - src.w / 255
    for j in 0..<4 {
        let v = src[j] + Float(p[i + j]) * inv
        p[i + j] = UInt8(min(max(v + 0.5, 0), 255))
    }
}
