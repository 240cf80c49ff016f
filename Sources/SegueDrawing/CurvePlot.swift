import Foundation
import SegueCore

/// A chart of a timing curve (`segue timing --plot`): white background, grey grid at every
/// quarter of the value axis with its values, axes with labelled ticks, the curve as an
/// anti-aliased 2 px polyline, and for springs a red vertical marker at the settling time with
/// its value. The x axis is progress 0…1 for Béziers and keyframes and seconds for springs (to
/// 1.25 × the settling time).
public struct CurvePlot: Sendable {
    public let curve: TimingCurve
    public let duration: Double
    public let width: Int, height: Int
    public let xRange: ClosedRange<Double>
    public let yRange: ClosedRange<Double>
    public let settlingTime: Double?
    /// Distance between x tick marks, in input units (0.1, 0.2, 0.5, 1, 2 … × 10ⁿ).
    public let xTick: Double

    /// Plot-area margins in pixels (left, right, top, bottom).
    static let margins = (left: 48.0, right: 16.0, top: 16.0, bottom: 40.0)
    static let background = Color.white
    static let gridColor = Color(white: 0.9)
    static let axisColor = Color(white: 0.25)
    static let curveColor = Color(r: 0.1, g: 0.35, b: 0.85)
    static let markerColor = Color(r: 0.85, g: 0.15, b: 0.1)

    public init(curve: TimingCurve, duration: Double, width: Int = 640, height: Int = 400) {
        self.curve = curve; self.duration = duration; self.width = width; self.height = height
        settlingTime = curve.settlingTime(duration: duration)
        let xMax = settlingTime.map { max($0, 1e-3) * 1.25 } ?? 1
        xRange = 0...xMax
        var lo = 0.0, hi = 1.0
        for i in 0...512 {
            let y = curve.value(atInput: xMax * Double(i) / 512, duration: duration)
            if y.isFinite { lo = min(lo, y); hi = max(hi, y) }
        }
        let pad = (hi - lo) * 0.05
        yRange = (lo - pad)...(hi + pad)
        xTick = niceStep(xMax / 8)
    }

    /// Pixel position (x right, y down) of a point in curve coordinates.
    public func pixel(x: Double, y: Double) -> (x: Double, y: Double) {
        let m = Self.margins
        let pw = Double(width) - m.left - m.right, ph = Double(height) - m.top - m.bottom
        return (m.left + (x - xRange.lowerBound) / (xRange.upperBound - xRange.lowerBound) * pw,
                m.top + (yRange.upperBound - y) / (yRange.upperBound - yRange.lowerBound) * ph)
    }

    public func render() -> PixelBuffer {
        var p = Painter(size: PixelSize(width: width, height: height), background: Self.background)
        let m = Self.margins
        let left = m.left, right = Double(width) - m.right, top = m.top, bottom = Double(height) - m.bottom
        let glyphHeight = 7.0

        // Grid every quarter of the value axis (coarser for curves that overshoot far, so there
        // are at most 16 lines), labelled on the left; axes at x = 0 and y = 0.
        let span = yRange.upperBound - yRange.lowerBound
        let step = span.isFinite && span <= 4 ? 0.25 : niceStep(span / 16)
        var q = (yRange.lowerBound / step).rounded(.up) * step
        while q <= yRange.upperBound && step > 0 && step.isFinite {
            let y = pixel(x: 0, y: q).y
            p.fill(Rect(x: left, y: y - 0.5, width: right - left, height: 1), Self.gridColor)
            p.fill(Rect(x: left - 6, y: y - 0.5, width: 6, height: 1), Self.axisColor)
            let label = readable(q, decimals: 2)
            _ = p.drawText(label, at: Point(x: left - 9 - Double(Painter.textWidth(label, scale: 1)), y: y - glyphHeight / 2),
                           scale: 1, Self.axisColor)
            q += step
        }
        let zeroY = pixel(x: 0, y: 0).y
        p.fill(Rect(x: left, y: zeroY - 0.5, width: right - left, height: 1), Self.axisColor)
        p.fill(Rect(x: left - 0.5, y: top, width: 1, height: bottom - top), Self.axisColor)
        var tick = 0.0
        while tick <= xRange.upperBound + 1e-9 && tick.isFinite {
            let x = pixel(x: tick, y: 0).x
            p.fill(Rect(x: x - 0.5, y: bottom, width: 1, height: 6), Self.axisColor)
            let label = readable(tick)
            _ = p.drawText(label, at: Point(x: x - Double(Painter.textWidth(label, scale: 1)) / 2, y: bottom + 9), scale: 1, Self.axisColor)
            tick += xTick
        }
        let axisName = curve.takesSeconds ? "time (s)" : "progress"
        _ = p.drawText(axisName, at: Point(x: right - Double(Painter.textWidth(axisName, scale: 1)), y: bottom + 24), scale: 1, Self.axisColor)

        if let s = settlingTime {
            let x = pixel(x: s, y: 0).x
            p.strokeLine(from: Point(x: x, y: top), to: Point(x: x, y: bottom), width: 1.5, Self.markerColor)
            let label = "settles " + readable(s) + " s"
            let width = Double(Painter.textWidth(label, scale: 1))
            _ = p.drawText(label, at: Point(x: min(x + 4, right - width), y: top + 2), scale: 1, Self.markerColor)
        }

        let steps = max(2, Int(right - left) * 2)
        let points = (0...steps).map { i -> Point in
            let input = xRange.upperBound * Double(i) / Double(steps)
            let (x, y) = pixel(x: input, y: curve.value(atInput: input, duration: duration))
            return Point(x: x, y: y)
        }
        p.strokePolyline(points, width: 2, Self.curveColor)
        return p.buffer
    }
}

/// The smallest of 1, 2, 5 × 10ⁿ at least `raw`: tick and grid spacing people read at a glance.
/// Infinite when `raw` is (the loops that use it then draw nothing).
func niceStep(_ raw: Double) -> Double {
    guard raw > 0, raw.isFinite else { return .infinity }
    let decade = pow(10, floor(log10(raw)))
    return [1.0, 2, 5, 10].map { $0 * decade }.first { $0 >= raw } ?? 10 * decade
}
