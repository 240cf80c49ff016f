import SegueCore
@testable import SegueDrawing
import Testing

/// Issue 11: pixel loops compile -Ounchecked, so every range is clipped before use. These run
/// in debug builds, where a reversed range or an out-of-bounds index traps.
@Suite struct ClippingTests {
    /// Glyphs wholly past each edge, and far past it, draw nothing and never form a reversed range.
    @Test func textPastEveryEdgeDrawsNothing() {
        var p = Painter(size: PixelSize(width: 12, height: 10), background: .white)
        let before = p.buffer
        for origin in [Point(x: 20, y: 2), Point(x: 2, y: 20), Point(x: -1000, y: 2), Point(x: 2, y: -100),
                       Point(x: 1e300, y: -1e300), Point(x: .nan, y: .infinity)] {
            p.drawText("Hello, world", at: origin, scale: 3, .black)
        }
        #expect(p.buffer == before)
        p.drawText("W", at: Point(x: 10, y: 8), scale: 2, .black)  // partly inside
        #expect(p.buffer != before)
    }

    /// The sample screens at every small scale the issue found crashing (0.2–0.29) or spinning (≤ 0.15).
    @Test(arguments: [0.1, 0.12, 0.15, 0.2, 0.25, 0.29])
    func sampleScreensAtSmallScales(scale: Double) {
        let list = SampleSnapshots.list(scale: scale), detail = SampleSnapshots.detail(scale: scale)
        #expect(list.size == SampleSnapshots.size(scale: scale) && detail.size == list.size)
    }

    @Test func shapesWithNonFiniteOrHugeGeometryDrawNothing() {
        var p = Painter(size: PixelSize(width: 8, height: 8), background: .white)
        let before = p.buffer
        p.fill(Rect(x: .nan, y: 0, width: 4, height: 4), .black)
        p.fillCheckerboard(Rect(x: 100, y: 100, width: -300, height: 4), cell: 2, light: .white, dark: .black)
        p.strokePolyline([Point(x: -1e300, y: 1e300), Point(x: 1e300, y: -1e300)], width: 1, .black)
        p.strokeLine(from: Point(x: .infinity, y: 0), to: Point(x: 0, y: .infinity), width: 2, .black)
        #expect(p.buffer.size == before.size)
    }

    /// A curve overshooting to 1e300 draws at most a handful of grid lines (it looped per 0.25).
    @Test func plotOfHugeOvershootIsBounded() throws {
        let plot = CurvePlot(curve: try TimingCurve(parsing: "cubic-bezier(0.5,1e300,0.5,1)"), duration: 1)
        #expect(plot.render().size == PixelSize(width: plot.width, height: plot.height))
    }
}
