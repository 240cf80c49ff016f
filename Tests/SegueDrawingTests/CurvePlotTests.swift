import Testing
import SegueCore
@testable import SegueDrawing

private func rgb(_ b: PixelBuffer, _ p: (x: Double, y: Double)) -> (Int, Int, Int) {
    let px = b[Int(p.x), Int(p.y)]
    return (Int(px.r), Int(px.g), Int(px.b))
}

@Test func bezierPlotDrawsTheCurveOverProgress() {
    let plot = CurvePlot(curve: .easeInEaseOut, duration: 0.5, width: 320, height: 200)
    let image = plot.render()
    #expect(image.width == 320 && image.height == 200 && image.isOpaque)
    #expect(plot.xRange == 0...1 && plot.settlingTime == nil && plot.xTick == 0.2)
    #expect(rgb(image, (2, 2)) == (255, 255, 255))
    // On the curve: blue dominates; just off it: background.
    for x in [0.25, 0.5, 0.75] {
        let on = rgb(image, plot.pixel(x: x, y: CubicBezier.easeInEaseOut.value(at: x)))
        #expect(on.2 > 150 && on.0 < 120, "\(x): \(on)")
        let off = plot.pixel(x: x, y: CubicBezier.easeInEaseOut.value(at: x))
        #expect(rgb(image, (off.x, off.y - 12)).0 > 200)
    }
}

@Test func springPlotMarksTheSettlingTime() throws {
    let curve = TimingCurve.spring(try Spring())
    let plot = CurvePlot(curve: curve, duration: 0.5)
    let settle = try #require(plot.settlingTime)
    #expect(abs(settle - 1.2701652) < 1e-6 && abs(plot.xRange.upperBound - settle * 1.25) < 1e-12)
    // The overshoot (1.163) fits in the value range.
    #expect(plot.yRange.upperBound > 1.163)
    let image = plot.render()
    let marker = rgb(image, plot.pixel(x: settle, y: 0.5))
    #expect(marker.0 > 150 && marker.2 < 100, "\(marker)")
    let peak = Double.pi / (10 * (0.75).squareRoot())
    let top = rgb(image, plot.pixel(x: peak, y: 1.163033535))
    #expect(top.2 > 150 && top.0 < 120, "\(top)")
}

@Test func inputsAreProgressOrSeconds() throws {
    #expect(TimingCurve.easeIn.value(atInput: 0.5, duration: 3) == CubicBezier.easeIn.value(at: 0.5))
    let uikit = TimingCurve.spring(try Spring(dampingRatio: 1))
    #expect(uikit.takesSeconds && !TimingCurve.easeIn.takesSeconds)
    #expect(uikit.value(atInput: 0.1, duration: 0.3) == uikit.value(atTime: 0.1, duration: 0.3))
    #expect(try #require(uikit.settlingTime(duration: 0.3)) < 0.35)
}
