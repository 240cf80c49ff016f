import SegueCore

// Effect parameters are given in points, as the UIKit originals are written; the canvas is in
// device pixels, `FrameContext.scale` (`--scale`) pixels per point.

extension Point {
    func inPixels(_ scale: Double) -> Point { Point(x: x * scale, y: y * scale) }
}

extension Rect {
    func inPixels(_ scale: Double) -> Rect { Rect(x: x * scale, y: y * scale, width: width * scale, height: height * scale) }
}
