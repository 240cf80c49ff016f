import SegueCore

/// The pixels of one row that a shape touches: `outer` may be partly covered (coverage is
/// evaluated per pixel there), `inner` is covered uniformly by `innerCoverage`. Splitting a
/// row this way keeps the exact per-pixel formula of `Coverage` at the edges while the bulk of
/// the row runs through constant-weight span kernels.
struct CoverageSpan: Equatable {
    var outer: Range<Int>
    var inner: Range<Int>
    var innerCoverage: Double

    /// The partly covered pixels: the outer span left of `inner`, then right of it.
    var leftEdge: Range<Int> { outer.lowerBound..<(inner.isEmpty ? outer.upperBound : inner.lowerBound) }
    var rightEdge: Range<Int> { (inner.isEmpty ? outer.upperBound : inner.upperBound)..<outer.upperBound }

    /// Writes `weight(x)` for each pixel of `leftEdge`, then of `rightEdge`, into `out`.
    @inline(__always) func fillEdgeWeights(_ out: UnsafeMutablePointer<UInt32>, _ weight: (Int) -> UInt32) {
        var i = 0
        for x in leftEdge { out[i] = weight(x); i += 1 }
        for x in rightEdge { out[i] = weight(x); i += 1 }
    }

    /// Row `y` of a rounded rectangle, clipped to `0..<width`; nil when the row misses it.
    static func roundedRect(_ rect: Rect, radii: CornerRadii, row y: Int, width: Int) -> CoverageSpan? {
        let py = Double(y) + 0.5
        guard touches(rect, row: y), rect.width > 0, rect.height > 0 else { return nil }
        let outer = columns(of: rect, width: width)
        guard !outer.isEmpty else { return nil }
        // The inner span is covered uniformly, its coverage evaluated once at the centre
        // column. In a row whose centre lies half a pixel inside the top and bottom edges that
        // coverage is 1, and so is every pixel whose centre lies inside the shape shrunk by half
        // a pixel: between the corners' arcs at this row (one pixel spare each side against
        // rounding), so a large radius leaves only the pixels along its arc to the per-pixel
        // path. Other rows are inset by the largest radius.
        let innerStart: Int, innerEnd: Int
        if py - rect.minY >= 0.5 && rect.maxY - py >= 0.5 {
            let top = py < rect.midY
            let left = rect.minX + arcInset(top ? radii.topLeft : radii.bottomLeft, rect: rect, py: py, top: top)
            let right = rect.maxX - arcInset(top ? radii.topRight : radii.bottomRight, rect: rect, py: py, top: top)
            innerStart = Int((left + 0.5).rounded(.up))
            innerEnd = Int((right - 1.5).rounded(.down)) + 1
        } else {
            let r = radii.maximum
            innerStart = Int((rect.minX + r + 0.5).rounded(.up))
            innerEnd = Int((rect.maxX - r - 1.5).rounded(.down)) + 1
        }
        let inner = innerStart < innerEnd ? clip(innerStart..<innerEnd, width) : outer.lowerBound..<outer.lowerBound
        let d = Coverage.roundedRectDistance(rect.midX, py, rect: rect, radii: radii)
        return CoverageSpan(outer: outer, inner: inner.clamped(to: outer), innerCoverage: Coverage.fromDistance(d))
    }

    /// The rows of `0..<height` that `roundedRect` finds `rect` on, whatever its radii.
    static func rows(of rect: Rect, width: Int, height: Int) -> Range<Int> {
        guard rect.width > 0, rect.height > 0, !columns(of: rect, width: width).isEmpty, height > 0 else { return 0..<0 }
        // A first guess from the bounds, clamped before it becomes a whole number, then moved
        // onto the test itself.
        func guess(_ v: Double) -> Int { Int(min(max(v.rounded(.down), 0), Double(height))) }
        var first = guess(rect.minY - 1), end = guess(rect.maxY + 1)
        while first > 0 && touches(rect, row: first - 1) { first -= 1 }
        while first < end && !touches(rect, row: first) { first += 1 }
        while end > first && !touches(rect, row: end - 1) { end -= 1 }
        while end < height && touches(rect, row: end) { end += 1 }
        return first..<end
    }

    /// Whether row `y`'s centre lies less than a pixel beyond `rect`'s top or bottom edge.
    @inline(__always) private static func touches(_ rect: Rect, row y: Int) -> Bool {
        let py = Double(y) + 0.5
        return py > rect.minY - 0.5 && py < rect.maxY + 0.5
    }

    /// The columns of `0..<width` that `rect`, grown to whole pixels, spans.
    @inline(__always) private static func columns(of rect: Rect, width: Int) -> Range<Int> {
        clip(Int((rect.minX).rounded(.down))..<Int((rect.maxX).rounded(.up)), width)
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

    /// How far in from its side the shape shrunk by half a pixel starts at row centre `py`,
    /// for the corner of `radius` on the row's half (top or bottom): half a pixel clear of the
    /// corner's arc, or of the straight side below or above it.
    private static func arcInset(_ radius: Double, rect: Rect, py: Double, top: Bool) -> Double {
        let k = radius - 0.5
        let dy = top ? rect.minY + radius - py : py - (rect.maxY - radius)
        guard k > 0, dy > 0 else { return 0.5 }
        return radius - (max(k * k - dy * dy, 0)).squareRoot()
    }

    private static func clip(_ r: Range<Int>, _ width: Int) -> Range<Int> {
        let lo = max(0, r.lowerBound), hi = min(width, r.upperBound)
        return lo < hi ? lo..<hi : 0..<0
    }
}
