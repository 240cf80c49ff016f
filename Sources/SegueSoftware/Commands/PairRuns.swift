import CSegueKernels
import SegueCore

/// The rows of a pair that `segue_pair_rows` draws in one call each: runs of rows on which each
/// layer is either absent or on a straight row (`StraightRows`) of the same shape, both layers
/// spanning the same columns with the same uniformly covered run when both are there. Most of
/// a magic move's element rows are such runs (a few per element: above and below its middle,
/// below the shorter image); drawing them row by row from Swift had cost as much as their
/// pixels. Worked out once per frame and pair; every other row goes through `PairDraw.apply`.
struct PairRuns {
    /// Rows `rows` of the pair, drawn as `span` from `first` and `second` (nil: absent there;
    /// never both).
    struct Run {
        let rows: Range<Int>
        let span: segue_pair_span
        let first: Bool, second: Bool
    }

    static let capacity = 8
    private var runs: InlineArray<8, Run?> = .init(repeating: nil)
    private(set) var count = 0
    /// The layers as the C routine samples them (meaningless when `count` is 0).
    let first: segue_scaled_layer
    let second: segue_scaled_layer

    private init() {
        first = segue_scaled_layer()
        second = segue_scaled_layer()
    }

    /// The runs of `rows` (the pair's) for layers `a` and `b` on a canvas of `size`: none
    /// unless both sample through column tables (`LayerOp.scaled`).
    init(rows: Range<Int>, _ a: LayerOp, _ b: LayerOp, canvas size: PixelSize) {
        guard let scaledA = a.scaled, let scaledB = b.scaled else {
            self = PairRuns()
            return
        }
        first = scaledA
        second = scaledB
        let coveredA = CoverageSpan.rows(of: a.frame, width: size.width, height: size.height)
        let coveredB = CoverageSpan.rows(of: b.frame, width: size.width, height: size.height)
        // Every row at which a layer's shape can change (kept in order, without repeats),
        // then each stretch between two.
        var cuts = InlineArray<12, Int>(repeating: 0), cutCount = 0
        func cut(_ y: Int) {
            let y = min(max(y, rows.lowerBound), rows.upperBound)
            var i = cutCount
            while i > 0 && cuts[i - 1] > y { i -= 1 }
            guard i == 0 || cuts[i - 1] != y else { return }
            var j = cutCount
            while j > i { cuts[j] = cuts[j - 1]; j -= 1 }
            cuts[i] = y
            cutCount += 1
        }
        func cut(_ rows: Range<Int>) {
            cut(rows.lowerBound)
            cut(rows.upperBound)
        }
        cut(rows)
        cut(coveredA)
        cut(coveredB)
        if let straight = a.straight { cut(straight.upperRows); cut(straight.lowerRows) }
        if let straight = b.straight { cut(straight.upperRows); cut(straight.lowerRows) }
        for i in 0..<max(cutCount - 1, 0) where count < Self.capacity {
            let start = cuts[i], end = cuts[i + 1]
            // `nil`: absent; `.some(nil)`: present off a straight row, so not a run.
            func shape(_ layer: LayerOp, covered: Range<Int>) -> ShapeRow?? {
                covered.contains(start) ? .some(layer.straight?.row(start)) : .none
            }
            guard let run = Self.run(start..<end, shape(a, covered: coveredA), shape(b, covered: coveredB),
                                     opacities: (a.opacity, b.opacity)) else { continue }
            runs[count] = run
            count += 1
        }
    }

    private static func run(_ rows: Range<Int>, _ a: ShapeRow??, _ b: ShapeRow??, opacities: (Double, Double)) -> Run? {
        switch (a, b) {
        case (.some(.some(let a)), .some(.some(let b))):
            guard a.span.outer == b.span.outer, a.span.inner == b.span.inner, let edgesA = a.edgeWeights,
                  let edgesB = b.edgeWeights else { return nil }
            return Run(rows: rows, span: span(a.span, weights: (opacities.0, opacities.1), coverages: (a.span, b.span),
                                              edges: (edgesA, edgesB)), first: true, second: true)
        case (.some(.some(let a)), .none):
            guard let edges = a.edgeWeights else { return nil }
            return Run(rows: rows, span: span(a.span, weights: (opacities.0, 0), coverages: (a.span, a.span), edges: (edges, edges)),
                       first: true, second: false)
        case (.none, .some(.some(let b))):
            guard let edges = b.edgeWeights else { return nil }
            return Run(rows: rows, span: span(b.span, weights: (opacities.1, 0), coverages: (b.span, b.span), edges: (edges, edges)),
                       first: false, second: true)
        default:
            return nil
        }
    }

    private static func span(_ shape: CoverageSpan, weights: (Double, Double), coverages: (CoverageSpan, CoverageSpan),
                             edges: (UnsafePointer<UInt32>, UnsafePointer<UInt32>)) -> segue_pair_span {
        let outer = shape.outer, inner = shape.inner
        let both = inner.isEmpty ? outer.count..<outer.count : (inner.lowerBound - outer.lowerBound)..<(inner.upperBound - outer.lowerBound)
        return segue_pair_span(start: Int32(outer.lowerBound), count: Int32(outer.count), bothStart: Int32(both.lowerBound),
                               bothEnd: Int32(both.upperBound), wa: weight256(weights.0 * coverages.0.innerCoverage),
                               wb: weight256(weights.1 * coverages.1.innerCoverage), edgeA: edges.0, edgeB: edges.1)
    }

    /// The run holding row `y`, if one does.
    @inline(__always) func run(containing y: Int) -> Run? {
        for i in 0..<count {
            if let run = runs[i], run.rows.contains(y) { return run }
        }
        return nil
    }
}
