import SegueCore

/// One row of a layer's rounded rectangle: its span and, where the row is straight
/// (`StraightRows`), its edge pixels' weights, worked out beforehand.
struct ShapeRow {
    let span: CoverageSpan
    /// The weights (opacity × coverage, 0…256) of `span.leftEdge`'s pixels, then of
    /// `span.rightEdge`'s; nil: worked out pixel by pixel.
    let edgeWeights: UnsafePointer<UInt32>?
}

/// A rounded rectangle's rows between its corners and at least two pixels inside its top and
/// bottom edges. Each has the same span, and each edge pixel's coverage depends on its column
/// alone: there `Coverage.roundedRectDistance` is the horizontal distance, since the vertical
/// one is shorter by half a pixel or more than that of any edge pixel (which lies within a pixel
/// and a half of a side), and the centre column's coverage is 1. So a layer works these rows
/// out once per frame, for the upper half and for the lower one (their corners' radii, and so
/// the rounding, may differ), instead of on every row: most of a magic move's element rows.
struct StraightRows {
    let rows: Range<Int>
    /// The first of `rows` whose centre lies at or below the rectangle's middle: those above
    /// it take `upper`, it and those below `lower` (the distance's choice of corner radius).
    let lowerStart: Int
    let upper: ShapeRow?
    let lower: ShapeRow?

    /// A straight row has at most two partly covered pixels a side (by the argument above).
    static let edgeCapacity = 4

    /// Nil when the rectangle has no such rows on the canvas, is narrower than four pixels, or
    /// a row's edge is wider than `edgeCapacity` (never, by the argument above). The edge
    /// weights are kept in the frame's memory.
    init?(frame: Rect, radii: CornerRadii, canvasWidth: Int, canvasHeight: Int, memory: FrameMemoryPool,
          edgeWeight: (_ x: Int, _ py: Double) -> UInt32) {
        guard let (rows, lowerStart) = Self.rows(frame: frame, radii: radii, canvasHeight: canvasHeight) else { return nil }
        var edgeTooWide = false
        let storage = memory.take(pixels: 4 * Self.edgeCapacity)
        func shape(_ y: Int?, weights: UnsafeMutablePointer<UInt32>) -> ShapeRow? {
            guard let y, let span = CoverageSpan.roundedRect(frame, radii: radii, row: y, width: canvasWidth) else { return nil }
            guard span.leftEdge.count <= Self.edgeCapacity, span.rightEdge.count <= Self.edgeCapacity else {
                edgeTooWide = true
                return nil
            }
            span.fillEdgeWeights(weights) { edgeWeight($0, Double(y) + 0.5) }
            return ShapeRow(span: span, edgeWeights: UnsafePointer(weights))
        }
        self.rows = rows
        self.lowerStart = lowerStart
        upper = shape(rows.lowerBound < lowerStart ? rows.lowerBound : nil, weights: storage)
        lower = shape(lowerStart < rows.upperBound ? lowerStart : nil, weights: storage + 2 * Self.edgeCapacity)
        if edgeTooWide { return nil }
    }

    /// The straight rows alone, and the first of the lower half: what the C pair rows
    /// (`segue_pair_layer`) take, working the shapes out themselves.
    static func rows(frame: Rect, radii: CornerRadii, canvasHeight: Int) -> (rows: Range<Int>, lowerStart: Int)? {
        let inset = max(radii.maximum, 2) + 1.0 / 64
        let first = max(0, Int((frame.minY + inset - 0.5).rounded(.up)))
        let last = min(canvasHeight - 1, Int((frame.maxY - inset - 0.5).rounded(.down)))
        guard frame.width >= 4, first <= last else { return nil }
        var firstLower = max(first, Int((frame.midY - 0.5).rounded(.up)))
        while Double(firstLower) + 0.5 < frame.midY { firstLower += 1 }
        return (first..<(last + 1), min(firstLower, last + 1))
    }

    /// Row `y`'s shape, when it is one of `rows`.
    @inline(__always) func row(_ y: Int) -> ShapeRow? {
        guard rows.contains(y) else { return nil }
        return y < lowerStart ? upper : lower
    }
}
