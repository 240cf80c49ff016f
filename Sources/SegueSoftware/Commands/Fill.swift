import SegueCore

/// `fill`: a solid shape (dimming overlays, discs). The bulk of each row is one constant-colour
/// span; coverage (`Coverage`) is evaluated per pixel only on the shape's edge.
struct FillOp: RowOp {
    let shape: Shape
    let blend: BlendMode
    let color: UInt32
    let width: Int

    init(_ fill: LoweredFill, width: Int) {
        shape = fill.shape
        blend = fill.blend
        color = fill.color.pixel
        self.width = width
    }

    func apply(row y: Int, dst: UnsafeMutablePointer<UInt32>, rowIsClear: Bool, scratch: UnsafeMutablePointer<UInt32>) -> Bool {
        let span: CoverageSpan?
        switch shape {
        case .canvas: span = CoverageSpan(outer: 0..<width, inner: 0..<width, innerCoverage: 1)
        case .rect(let rect, let radii): span = CoverageSpan.roundedRect(rect, radii: radii, row: y, width: width)
        case .circle(let center, let radius): span = CoverageSpan.circle(center: center, radius: radius, feather: 0, row: y, width: width)
        }
        guard let span else { return rowIsClear }
        if !span.inner.isEmpty {
            SpanKernel.fill(dst + span.inner.lowerBound, count: span.inner.count, scalePixel(color, weight256(span.innerCoverage)), blend)
        }
        let py = Double(y) + 0.5
        for edge in [span.leftEdge, span.rightEdge] {
            for x in edge {
                let w = weight256(coverage(Double(x) + 0.5, py))
                if w == 0 { continue }
                dst[x] = blendPixel(scalePixel(color, w), dst[x], blend)
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
