import Testing
import SegueCore
@testable import SegueSoftware

/// `StraightRows` against the per-row formulas it stands in for: on every row it claims, the
/// span `CoverageSpan.roundedRect` gives and each edge pixel's weight worked out from
/// `Coverage.roundedRectDistance`, for fractional frames, unequal corners (the two halves'
/// rounding), frames clipped by the canvas, and a translucent layer.
@Suite struct StraightRowsTests {
    static let canvas = (width: 160, height: 120)

    static let shapes: [(frame: Rect, radii: CornerRadii, opacity: Double, hasRows: Bool)] = [
        (Rect(x: 10.3, y: 5.7, width: 120.4, height: 90.2), CornerRadii(all: 8), 1, true),
        (Rect(x: -20.5, y: 3.25, width: 64, height: 64),
         CornerRadii(topLeft: 12, topRight: 0, bottomRight: 3, bottomLeft: 20), 0.37, true),
        (Rect(x: 100, y: 10, width: 4, height: 30), .zero, 1, true),
        (Rect(x: 150.75, y: -30.5, width: 40, height: 200), CornerRadii(all: 2.5), 0.8, true),
        (Rect(x: -10, y: -10, width: 300, height: 300), .zero, 1, true),
        (Rect(x: 20, y: 20, width: 60, height: 60), CornerRadii(all: 30), 1, false),
        (Rect(x: 20, y: 20, width: 3.5, height: 60), .zero, 1, false),
    ]

    static func edgeWeight(_ x: Int, _ py: Double, _ shape: (frame: Rect, radii: CornerRadii, opacity: Double, hasRows: Bool)) -> UInt32 {
        weight256(shape.opacity * Coverage.fromDistance(Coverage.roundedRectDistance(Double(x) + 0.5, py, rect: shape.frame,
                                                                                     radii: shape.radii)))
    }

    @Test(arguments: shapes.indices)
    func straightRowsMatchThePerRowFormulas(index: Int) {
        let shape = Self.shapes[index], memory = FrameMemoryPool()
        let straight = StraightRows(frame: shape.frame, radii: shape.radii, canvasWidth: Self.canvas.width,
                                    canvasHeight: Self.canvas.height, memory: memory) { Self.edgeWeight($0, $1, shape) }
        var claimed = 0
        for y in 0..<Self.canvas.height {
            guard let row = straight?.row(y) else { continue }
            claimed += 1
            let py = Double(y) + 0.5
            #expect(row.span == CoverageSpan.roundedRect(shape.frame, radii: shape.radii, row: y, width: Self.canvas.width), "row \(y)")
            let edges = Array(row.span.leftEdge) + Array(row.span.rightEdge)
            let stored = edges.indices.map { row.edgeWeights?[$0] }
            #expect(stored == edges.map { Self.edgeWeight($0, py, shape) }, "row \(y)")
        }
        // The ordinary shapes have straight rows; a circle or a sliver has none.
        #expect((claimed > 0) == shape.hasRows)
    }
}
