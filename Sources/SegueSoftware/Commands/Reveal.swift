import SegueCore

/// `reveal`: `inside` where a shape covers the pixel, `outside` elsewhere, mixed by the
/// coverage on the edge (`reveal.frag`). Per row the shape's span is found analytically
/// (`CoverageSpan`): runs left and right of it are copied from `outside`, the interior from
/// `inside`, and coverage is evaluated only on the edge pixels.
///
/// `@unchecked Sendable`: the pointers address images pinned, and only read, for the frame.
struct RevealOp: RowOp, @unchecked Sendable {
    let shape: LoweredReveal.Shape
    let inside: UnsafePointer<UInt32>
    let outside: UnsafePointer<UInt32>
    let width: Int

    init(_ reveal: LoweredReveal, inside: UnsafePointer<UInt32>, outside: UnsafePointer<UInt32>, width: Int) {
        shape = reveal.shape
        self.inside = inside
        self.outside = outside
        self.width = width
    }

    func apply(row y: Int, dst: UnsafeMutablePointer<UInt32>, rowIsClear: Bool, scratch: UnsafeMutablePointer<UInt32>) -> Bool {
        let offset = y * width
        let a = inside + offset, b = outside + offset
        let span: CoverageSpan?
        switch shape {
        case .circle(let c, let r, let f): span = CoverageSpan.circle(center: c, radius: r, feather: f, row: y, width: width)
        case .roundedRect(let rect, let radii): span = CoverageSpan.roundedRect(rect, radii: radii, row: y, width: width)
        }
        guard let span else {
            dst.update(from: b, count: width)
            return false
        }
        let outer = span.outer, inner = span.inner
        dst.update(from: b, count: outer.lowerBound)
        dst.advanced(by: outer.upperBound).update(from: b + outer.upperBound, count: width - outer.upperBound)
        if !inner.isEmpty {
            let w = weight256(span.innerCoverage)
            if w == 256 {
                dst.advanced(by: inner.lowerBound).update(from: a + inner.lowerBound, count: inner.count)
            } else {
                SpanKernel.lerp(dst + inner.lowerBound, b + inner.lowerBound, a + inner.lowerBound, count: inner.count, weight: w)
            }
        }
        let py = Double(y) + 0.5
        for edge in [span.leftEdge, span.rightEdge] {
            for x in edge {
                let px = Double(x) + 0.5
                let k: Double
                switch shape {
                case .circle(let c, let r, let f): k = Coverage.fromDistance(Coverage.circleDistance(px, py, center: c, radius: r), feather: f)
                case .roundedRect(let rect, let radii): k = Coverage.fromDistance(Coverage.roundedRectDistance(px, py, rect: rect, radii: radii))
                }
                dst[x] = lerpPixel(b[x], a[x], weight256(k))
            }
        }
        return false
    }
}
