#if canImport(Glibc)
import Glibc
#endif
import SegueCore

/// xfade's shapes (GL twin: `xfade-shapes.frag`), from FFmpeg libavfilter/vf_xfade.c: crops
/// through black (circlecrop, rectcrop), a sweep around the centre (radial), and soft circles
/// and bars that open or close. As in xfade, the centre is the integer half of the size and
/// the maths is single precision with the C library's functions, so frames equal ffmpeg's.
enum XfadeShapes {
    static func draw(_ transition: XfadeTransition, row y: Int, into dst: UnsafeMutablePointer<UInt32>, _ images: XfadeImages) {
        let width = images.width, height = images.height, progress = images.progress
        let from = images.from + y * width, to = images.to + y * width
        let cx = width / 2, cy = height / 2
        switch transition {
        case .circlecrop:
            // Black outside a circle that shrinks to nothing at the midpoint, then grows again.
            let radius = powf(2 * abs(progress - 0.5), 3) * distance(cx, cy)
            let shown = progress < 0.5 ? to : from
            for x in 0..<width { dst[x] = radius < distance(x - cx, y - cy) ? XfadeMath.opaqueBlack : shown[x] }
        case .rectcrop:
            // The same with a rectangle whose half sizes truncate to whole pixels.
            let halfWidth = Int(abs(progress - 0.5) * Float(width)), halfHeight = Int(abs(progress - 0.5) * Float(height))
            let shown = progress < 0.5 ? to : from
            let rowInside = abs(y - cy) < halfHeight
            for x in 0..<width { dst[x] = rowInside && abs(x - cx) < halfWidth ? shown[x] : XfadeMath.opaqueBlack }
        case .radial:
            // The angle from the downward axis, minus a turn of 2.5π over the transition; xfade
            // takes the difference in double precision (M_PI) and stores it as a float.
            let turn = Double(progress - 0.5) * (Double.pi * 2.5)
            let dy = Float(y - cy)
            let weight = { (x: Int) -> Float in XfadeMath.smoothstep(0, 1, Float(Double(atan2f(Float(x - cx), dy)) - turn)) }
            // Along a row the angle is monotonic left of the centre column and from it on (the
            // branches of atan2), so each side is a run of `from`, the mix, and a run of `to`.
            let centre = min(max(cx, 0), width)
            XfadeMath.mixMonotonicRow(into: dst, to, from, range: 0..<centre, weight: weight)
            XfadeMath.mixMonotonicRow(into: dst, to, from, range: centre..<width, weight: weight)
        case .circleopen, .circleclose:
            // The distance from the centre over the half diagonal, shifted by 1.5 … −1.5.
            let halfDiagonal = distance(cx, cy)
            let opening = transition == .circleopen
            let shift = ((opening ? progress : 1 - progress) - 0.5) * 3
            let (a, b) = opening ? (from, to) : (to, from)
            let weight = { (x: Int) -> Float in XfadeMath.smoothstep(0, 1, distance(x - cx, y - cy) / halfDiagonal + shift) }
            // The distance falls towards the centre column and rises from it: on each side
            // the row is a run of one image, the soft band, and a run of the other.
            let centre = min(max(cx, 0), width)
            XfadeMath.mixMonotonicRow(into: dst, a, b, range: 0..<centre, weight: weight)
            XfadeMath.mixMonotonicRow(into: dst, a, b, range: centre..<width, weight: weight)
        case .vertopen, .vertclose:
            // Distance from the vertical centre line, 0 there and 1 at the edges.
            let half = Float(width) / 2
            let base: Float = transition == .vertopen ? 2 : 1
            let sign: Float = transition == .vertopen ? -1 : 1
            XfadeMath.mixRow(into: dst, to, from, width: width) { x in
                XfadeMath.smoothstep(0, 1, base + sign * abs((Float(x) - half) / half) - progress * 2)
            }
        case .horzopen, .horzclose:
            let half = Float(height) / 2
            let base: Float = transition == .horzopen ? 2 : 1
            let sign: Float = transition == .horzopen ? -1 : 1
            let weight = XfadeMath.smoothstep(0, 1, base + sign * abs((Float(y) - half) / half) - progress * 2)
            XfadeMath.mixRow(into: dst, to, from, width: width) { _ in weight }
        default:
            for x in 0..<width { dst[x] = from[x] }
        }
    }

    /// xfade's `hypotf(dx, dy)` of whole pixel offsets, inlined: glibc's hypotf (2.35 and
    /// later) is the double-precision square root of dx² + dy² rounded to float, which this
    /// computes without a call per pixel (XfadeShapesDistanceTests holds the two equal).
    @inline(__always)
    static func distance(_ dx: Int, _ dy: Int) -> Float {
        Float(Double(dx * dx + dy * dy).squareRoot())
    }
}
