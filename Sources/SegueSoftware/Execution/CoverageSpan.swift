import CSegueKernels
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

    /// Row `y` of a rounded rectangle, clipped to `0..<width`; nil when the row misses it
    /// (`segue_rr_row`: the rule the C pair rows follow too).
    @inline(__always) static func roundedRect(_ rect: Rect, radii: CornerRadii, row y: Int, width: Int) -> CoverageSpan? {
        var shape = segue_rr(rect, radii), span = segue_rr_span()
        guard segue_rr_row(&shape, Int32(truncatingIfNeeded: y), Int32(truncatingIfNeeded: width), &span) != 0 else { return nil }
        return CoverageSpan(outer: Int(span.outerStart)..<Int(span.outerEnd), inner: Int(span.innerStart)..<Int(span.innerEnd),
                            innerCoverage: span.innerCoverage)
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

/// A rounded rectangle as the C coverage functions take it (`segue_rounded_rect.h`).
extension segue_rr {
    init(_ rect: Rect, _ radii: CornerRadii) {
        self.init(x: rect.x, y: rect.y, width: rect.width, height: rect.height, topLeft: radii.topLeft, topRight: radii.topRight,
                  bottomRight: radii.bottomRight, bottomLeft: radii.bottomLeft)
    }
}
