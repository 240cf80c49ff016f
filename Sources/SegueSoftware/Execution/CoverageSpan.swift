import SegueCore

/// The pixels of one row that a shape touches: `outer` may be partly covered (coverage is
/// evaluated per pixel there), `inner` is covered uniformly by `innerCoverage`. Splitting a
/// row this way keeps the exact per-pixel formula of `Coverage` at the edges while the bulk of
/// the row runs through constant-weight span kernels.
struct CoverageSpan {
    var outer: Range<Int>
    var inner: Range<Int>
    var innerCoverage: Double

    /// The partly covered pixels: the outer span left of `inner`, then right of it.
    var leftEdge: Range<Int> { outer.lowerBound..<(inner.isEmpty ? outer.upperBound : inner.lowerBound) }
    var rightEdge: Range<Int> { (inner.isEmpty ? outer.upperBound : inner.upperBound)..<outer.upperBound }

    /// Row `y` of a rounded rectangle, clipped to `0..<width`; nil when the row misses it.
    static func roundedRect(_ rect: Rect, radii: CornerRadii, row y: Int, width: Int) -> CoverageSpan? {
        let py = Double(y) + 0.5
        guard py > rect.minY - 0.5, py < rect.maxY + 0.5, rect.width > 0, rect.height > 0 else { return nil }
        let outer = clip(Int((rect.minX).rounded(.down))..<Int((rect.maxX).rounded(.up)), width)
        guard !outer.isEmpty else { return nil }
        // In the middle of the row (clear of every corner by a pixel) the distance is the
        // vertical one for every pixel, so one evaluation at the centre column serves all. A
        // row whose pixels lie wholly between the corners' arcs is inset by no radius at all.
        let r = radii.maximum
        let inset = py - 0.5 >= rect.minY + r && py + 0.5 <= rect.maxY - r ? 0 : r
        let innerStart = Int((rect.minX + inset + 0.5).rounded(.up))
        let innerEnd = Int((rect.maxX - inset - 1.5).rounded(.down)) + 1
        let inner = innerStart < innerEnd ? clip(innerStart..<innerEnd, width) : outer.lowerBound..<outer.lowerBound
        let d = Coverage.roundedRectDistance(rect.midX, py, rect: rect, radii: radii)
        return CoverageSpan(outer: outer, inner: inner.clamped(to: outer), innerCoverage: Coverage.fromDistance(d))
    }

    /// Row `y` of a circle (edge ramp widened by `feather`), clipped to `0..<width`.
    static func circle(center c: Point, radius: Double, feather: Double, row y: Int, width: Int) -> CoverageSpan? {
        let py = Double(y) + 0.5
        let rampHalf = (1 + max(feather, 0)) / 2
        let dy = py - c.y
        let outerR = radius + rampHalf
        guard radius > 0, abs(dy) < outerR else { return nil }
        let halfOuter = (outerR * outerR - dy * dy).squareRoot()
        let outer = clip(Int((c.x - halfOuter - 0.5).rounded(.down))..<Int((c.x + halfOuter + 0.5).rounded(.up)), width)
        guard !outer.isEmpty else { return nil }
        let innerR = radius - rampHalf
        var inner = outer.lowerBound..<outer.lowerBound
        if innerR > 0, abs(dy) < innerR {
            let halfInner = (innerR * innerR - dy * dy).squareRoot()
            let s = Int((c.x - halfInner - 0.5).rounded(.up)), e = Int((c.x + halfInner - 0.5).rounded(.down)) + 1
            if s < e { inner = clip(s..<e, width).clamped(to: outer) }
        }
        return CoverageSpan(outer: outer, inner: inner, innerCoverage: 1)
    }

    private static func clip(_ r: Range<Int>, _ width: Int) -> Range<Int> {
        let lo = max(0, r.lowerBound), hi = min(width, r.upperBound)
        return lo < hi ? lo..<hi : 0..<0
    }
}
