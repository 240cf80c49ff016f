import SegueCore

// Effect parameters are given in points, as the UIKit originals are written; the canvas is in
// device pixels, `FrameContext.scale` (`--scale`) pixels per point.

extension Point {
    func inPixels(_ scale: Double) -> Point { Point(x: x * scale, y: y * scale) }
}

extension Rect {
    func inPixels(_ scale: Double) -> Rect { Rect(x: x * scale, y: y * scale, width: width * scale, height: height * scale) }
}

extension FrameContext {
    /// The point `fromRight` pt left of the canvas's right edge and `down` pt below its top, in
    /// pixels: where a button of the top-right corner sits on a screen of any width.
    func topRightInset(fromRight: Double, down: Double) -> Point {
        Point(x: width - fromRight * scale, y: down * scale)
    }
}
