import SegueCore

/// One draw command prepared for a frame: precomputed geometry, then applied row by row.
protocol RowOp: Sendable {
    /// Draws this command's part of row `y` into `dst` (the row's first pixel). `rowIsClear`
    /// says the row is entirely transparent black so far; returns whether it still is.
    /// `scratch` is this band's working memory: room for two rows of the canvas or of the
    /// widest source image, whichever is wider.
    func apply(row y: Int, dst: UnsafeMutablePointer<UInt32>, rowIsClear: Bool, scratch: UnsafeMutablePointer<UInt32>) -> Bool
}

struct ClearOp: RowOp {
    let color: UInt32
    let width: Int

    func apply(row y: Int, dst: UnsafeMutablePointer<UInt32>, rowIsClear: Bool, scratch: UnsafeMutablePointer<UInt32>) -> Bool {
        if color == 0 && rowIsClear { return true }
        dst.update(repeating: color, count: width)
        return color == 0
    }
}

/// A solid shape: dimming overlays, discs.
struct FillOp: RowOp {
    let shape: Shape
    let blend: BlendMode
    let color: (UInt8, UInt8, UInt8, UInt8)
    let width: Int

    init(_ fill: Fill, width: Int) {
        switch fill.shape {
        case .rect(let rect, let radii): shape = .rect(rect, radii.fitted(to: rect))
        default: shape = fill.shape
        }
        blend = fill.blend
        color = fill.color.premultipliedBytes
        self.width = width
    }

    func apply(row y: Int, dst: UnsafeMutablePointer<UInt32>, rowIsClear: Bool, scratch: UnsafeMutablePointer<UInt32>) -> Bool {
        if color.3 == 0 && blend == .sourceOver { return rowIsClear }
        let span: CoverageSpan?
        switch shape {
        case .canvas: span = CoverageSpan(outer: 0..<width, inner: 0..<width, innerCoverage: 1)
        case .rect(let rect, let radii): span = CoverageSpan.roundedRect(rect, radii: radii, row: y, width: width)
        case .circle(let center, let radius): span = CoverageSpan.circle(center: center, radius: radius, feather: 0, row: y, width: width)
        }
        guard let span else { return rowIsClear }
        let pixel = packedPixel(color)
        if !span.inner.isEmpty {
            SpanKernel.fill(dst + span.inner.lowerBound, count: span.inner.count, scalePixel(pixel, weight256(span.innerCoverage)), blend)
        }
        let py = Double(y) + 0.5
        for edge in [span.leftEdge, span.rightEdge] {
            for x in edge {
                let w = weight256(coverage(Double(x) + 0.5, py))
                if w == 0 { continue }
                dst[x] = blendPixel(scalePixel(pixel, w), dst[x], blend)
            }
        }
        return false
    }

    private func coverage(_ px: Double, _ py: Double) -> Double {
        switch shape {
        case .canvas: return 1
        case .rect(let rect, let radii): return Coverage.fromDistance(Coverage.roundedRectDistance(px, py, rect: rect, radii: radii))
        case .circle(let center, let radius): return Coverage.fromDistance(Coverage.circleDistance(px, py, center: center, radius: radius))
        }
    }
}

/// A layer's drop shadow: a Gaussian-blurred box, separable, so each row is one 1-D profile
/// (per column, computed once per frame) times the row's own factor. Columns well inside the
/// box have profile 1 and form one constant-colour span.
struct ShadowOp: RowOp {
    let color: UInt32
    let columns: [Double]
    let columnRange: Range<Int>
    /// Columns whose profile rounds to exactly 1.
    let solidColumns: Range<Int>
    let rect: Rect
    let sigma: Double

    init?(layer: Layer, canvas: PixelSize) {
        guard let shadow = layer.shadow, shadow.color.a > 0, layer.opacity > 0 else { return nil }
        let rect = layer.frame.offsetBy(dx: shadow.offset.x, dy: shadow.offset.y)
        sigma = shadow.radius
        self.rect = rect
        color = packedPixel(shadow.color.withAlpha(shadow.color.a * clamp(layer.opacity, 0, 1)).premultipliedBytes)
        let reach = 3 * sigma + 1
        let lo = max(0, Int((rect.minX - reach).rounded(.down))), hi = min(canvas.width, Int((rect.maxX + reach).rounded(.up)))
        columnRange = lo < hi ? lo..<hi : 0..<0
        let r = rect, s = sigma
        let columns = columnRange.map { Coverage.boxShadowProfile(Double($0) + 0.5, from: r.minX, to: r.maxX, sigma: s) }
        self.columns = columns
        let solid = columns.indices.filter { weight256(columns[$0]) == 256 }
        solidColumns = solid.isEmpty ? lo..<lo : (lo + solid.first!)..<(lo + solid.last! + 1)
    }

    func apply(row y: Int, dst: UnsafeMutablePointer<UInt32>, rowIsClear: Bool, scratch: UnsafeMutablePointer<UInt32>) -> Bool {
        let fy = Coverage.boxShadowProfile(Double(y) + 0.5, from: rect.minY, to: rect.maxY, sigma: sigma)
        if weight256(fy) == 0 || columnRange.isEmpty { return rowIsClear }
        if !solidColumns.isEmpty {
            SpanKernel.fill(dst + solidColumns.lowerBound, count: solidColumns.count, scalePixel(color, weight256(fy)), .sourceOver)
        }
        let left = columnRange.lowerBound..<(solidColumns.isEmpty ? columnRange.upperBound : solidColumns.lowerBound)
        let right = (solidColumns.isEmpty ? columnRange.upperBound : solidColumns.upperBound)..<columnRange.upperBound
        for edge in [left, right] {
            for x in edge {
                let w = weight256(columns[x - columnRange.lowerBound] * fy)
                if w == 0 { continue }
                dst[x] = overPixel(scalePixel(color, w), dst[x])
            }
        }
        return false
    }
}
