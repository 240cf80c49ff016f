import Foundation
import SegueCore

extension TimingCurve {
    /// Whether the curve's input is time in seconds (springs) rather than progress 0…1
    /// (Béziers, keyframes): what `segue timing --at` and the plot's x axis mean.
    public var takesSeconds: Bool { if case .spring = self { return true } else { return false } }

    /// The value at an input of `segue timing --at`: progress for Béziers and keyframes, seconds
    /// for springs (`duration` shapes the UIKit spring form only).
    public func value(atInput input: Double, duration: Double) -> Double {
        takesSeconds ? value(atTime: input, duration: duration) : value(atTime: input, duration: 1)
    }

    /// A spring's settling time (the UIKit form's for `duration`); nil for other curves.
    public func settlingTime(duration: Double) -> Double? {
        if case .spring(let s) = self { return s.motion(duration: duration).settlingTime() }
        return nil
    }
}

/// A label-free chart of a timing curve (`segue timing --plot`): white background, grey grid at
/// every quarter of the value axis, axes with tick marks, the curve as an anti-aliased 2 px
/// polyline, and for springs a red vertical marker at the settling time. The x axis is progress
/// 0…1 for Béziers and keyframes and seconds for springs (to 1.25 × the settling time).
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
    static let margins = (left: 40.0, right: 16.0, top: 16.0, bottom: 32.0)
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
        let raw = xMax / 8
        let decade = pow(10, floor(log10(raw)))
        xTick = [1.0, 2, 5, 10].map { $0 * decade }.first { $0 >= raw } ?? 10 * decade
    }

    /// Pixel position (x right, y down) of a point in curve coordinates.
    public func pixel(x: Double, y: Double) -> (x: Double, y: Double) {
        let m = Self.margins
        let pw = Double(width) - m.left - m.right, ph = Double(height) - m.top - m.bottom
        return (m.left + (x - xRange.lowerBound) / (xRange.upperBound - xRange.lowerBound) * pw,
                m.top + (yRange.upperBound - y) / (yRange.upperBound - yRange.lowerBound) * ph)
    }

    public func render() -> PixelBuffer {
        var canvas = Canvas(width: width, height: height)
        canvas.buffer.fill(Self.background)
        let m = Self.margins
        let left = m.left, right = Double(width) - m.right, top = m.top, bottom = Double(height) - m.bottom

        // Grid every quarter of the value axis, axes at x = 0 and y = 0, ticks outside.
        var q = (yRange.lowerBound * 4).rounded(.up) / 4
        while q <= yRange.upperBound {
            let y = pixel(x: 0, y: q).y
            canvas.fill(x0: left, y0: y - 0.5, x1: right, y1: y + 0.5, Self.gridColor)
            canvas.fill(x0: left - 6, y0: y - 0.5, x1: left, y1: y + 0.5, Self.axisColor)
            q += 0.25
        }
        let zeroY = pixel(x: 0, y: 0).y
        canvas.fill(x0: left, y0: zeroY - 0.5, x1: right, y1: zeroY + 0.5, Self.axisColor)
        canvas.fill(x0: left - 0.5, y0: top, x1: left + 0.5, y1: bottom, Self.axisColor)
        var tick = 0.0
        while tick <= xRange.upperBound + 1e-9 {
            let x = pixel(x: tick, y: 0).x
            canvas.fill(x0: x - 0.5, y0: bottom, x1: x + 0.5, y1: bottom + 6, Self.axisColor)
            tick += xTick
        }

        if let s = settlingTime {
            let x = pixel(x: s, y: 0).x
            var marker = Coverage2D(width: width, height: height)
            marker.segment((x, top), (x, bottom), halfWidth: 0.75)
            canvas.blend(marker, Self.markerColor)
        }

        var line = Coverage2D(width: width, height: height)
        let steps = max(2, Int(right - left) * 2)
        var previous = pixel(x: 0, y: curve.value(atInput: 0, duration: duration))
        for i in 1...steps {
            let input = xRange.upperBound * Double(i) / Double(steps)
            let point = pixel(x: input, y: curve.value(atInput: input, duration: duration))
            line.segment(previous, point, halfWidth: 1)
            previous = point
        }
        canvas.blend(line, Self.curveColor)
        return canvas.buffer
    }
}

/// Per-pixel coverage, max-combined so a polyline's joints are not blended twice.
struct Coverage2D {
    let width: Int, height: Int
    var values: [Float]
    init(width: Int, height: Int) { self.width = width; self.height = height; values = Array(repeating: 0, count: width * height) }

    /// A capsule around the segment: coverage clamp(w + 0.5 − d, 0, 1) at each pixel centre.
    mutating func segment(_ a: (x: Double, y: Double), _ b: (x: Double, y: Double), halfWidth w: Double) {
        let x0 = max(0, Int((min(a.x, b.x) - w - 1).rounded(.down))), x1 = min(width - 1, Int((max(a.x, b.x) + w + 1).rounded(.up)))
        let y0 = max(0, Int((min(a.y, b.y) - w - 1).rounded(.down))), y1 = min(height - 1, Int((max(a.y, b.y) + w + 1).rounded(.up)))
        guard x0 <= x1, y0 <= y1 else { return }
        let dx = b.x - a.x, dy = b.y - a.y, len2 = dx * dx + dy * dy
        for py in y0...y1 {
            for px in x0...x1 {
                let cx = Double(px) + 0.5, cy = Double(py) + 0.5
                let u = len2 > 0 ? clamp(((cx - a.x) * dx + (cy - a.y) * dy) / len2, 0, 1) : 0
                let ex = cx - (a.x + u * dx), ey = cy - (a.y + u * dy)
                let k = Float(clamp(w + 0.5 - (ex * ex + ey * ey).squareRoot(), 0, 1))
                let i = py * width + px
                if k > values[i] { values[i] = k }
            }
        }
    }
}

/// An opaque chart canvas: source-over of straight colours at a coverage.
struct Canvas {
    var buffer: PixelBuffer
    init(width: Int, height: Int) { buffer = PixelBuffer(width: width, height: height) }

    mutating func blend(_ x: Int, _ y: Int, _ c: Color, _ k: Double) {
        guard k > 0, x >= 0, y >= 0, x < buffer.width, y < buffer.height else { return }
        let i = (y * buffer.width + x) * 4, a = clamp(k * c.a, 0, 1)
        for (j, v) in [c.r, c.g, c.b].enumerated() {
            let d = Double(buffer.bytes[i + j]) / 255
            buffer.bytes[i + j] = UInt8(clamp(d + (v - d) * a, 0, 1) * 255 + 0.5)
        }
    }

    /// An axis-aligned rectangle with fractional edges (coverage = overlap area per pixel).
    mutating func fill(x0: Double, y0: Double, x1: Double, y1: Double, _ c: Color) {
        let px0 = max(0, Int(x0.rounded(.down))), px1 = min(buffer.width - 1, Int(x1.rounded(.up)) - 1)
        let py0 = max(0, Int(y0.rounded(.down))), py1 = min(buffer.height - 1, Int(y1.rounded(.up)) - 1)
        guard px0 <= px1, py0 <= py1 else { return }
        for py in py0...py1 {
            let ky = min(y1, Double(py + 1)) - max(y0, Double(py))
            for px in px0...px1 {
                blend(px, py, c, ky * (min(x1, Double(px + 1)) - max(x0, Double(px))))
            }
        }
    }

    mutating func blend(_ coverage: Coverage2D, _ c: Color) {
        for y in 0..<coverage.height {
            for x in 0..<coverage.width where coverage.values[y * coverage.width + x] > 0 {
                blend(x, y, c, Double(coverage.values[y * coverage.width + x]))
            }
        }
    }
}
