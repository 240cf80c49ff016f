// Shape coverage shared by both renderers. The GLSL in Shaders/GLSL/shapes.glsl evaluates
// the same formulas; keep the two in step (the parity tests hold them together).
//
// Coverage of a pixel is `clamp(0.5 − d, 0, 1)` where `d` is the signed distance (in canvas
// pixels) from the pixel centre to the shape's edge, negative inside: a one-pixel linear
// ramp across the edge. It is 1 exactly for pixels whose centre is ≥ 0.5 px inside, so a
// shape that covers the canvas edge to edge covers every pixel fully.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Per-corner radii in canvas pixels (UIKit's `maskedCorners` rounds a subset).
public struct CornerRadii: Codable, Hashable, Sendable, CustomStringConvertible {
    public var topLeft: Double
    public var topRight: Double
    public var bottomRight: Double
    public var bottomLeft: Double
    public init(topLeft: Double, topRight: Double, bottomRight: Double, bottomLeft: Double) {
        self.topLeft = topLeft; self.topRight = topRight; self.bottomRight = bottomRight; self.bottomLeft = bottomLeft
    }
    public init(all r: Double) { self.init(topLeft: r, topRight: r, bottomRight: r, bottomLeft: r) }
    public static func top(_ r: Double) -> CornerRadii { CornerRadii(topLeft: r, topRight: r, bottomRight: 0, bottomLeft: 0) }
    public static let zero = CornerRadii(all: 0)
    public var isZero: Bool { topLeft == 0 && topRight == 0 && bottomRight == 0 && bottomLeft == 0 }
    public var maximum: Double { max(max(topLeft, topRight), max(bottomRight, bottomLeft)) }
    /// `r` when all four agree, else `topLeft,topRight,bottomRight,bottomLeft`.
    public var description: String {
        let all = [topLeft, topRight, bottomRight, bottomLeft]
        return Set(all).count == 1 ? readable(topLeft) : all.map { readable($0) }.joined(separator: ",")
    }

    /// Radii clamped so that adjacent corners never overlap (what Core Animation does).
    public func fitted(to rect: Rect) -> CornerRadii {
        let limit = max(0, min(rect.width, rect.height) / 2)
        return CornerRadii(topLeft: clamp(topLeft, 0, limit), topRight: clamp(topRight, 0, limit),
                           bottomRight: clamp(bottomRight, 0, limit), bottomLeft: clamp(bottomLeft, 0, limit))
    }
}

public enum Coverage {
    /// Signed distance from `p` to a rounded rectangle (negative inside).
    @inlinable
    public static func roundedRectDistance(_ px: Double, _ py: Double, rect: Rect, radii: CornerRadii) -> Double {
        let hw = rect.width * 0.5, hh = rect.height * 0.5
        let qx0 = px - (rect.x + hw), qy0 = py - (rect.y + hh)
        // The quadrant picks the corner radius (y down: qy0 < 0 is the top half).
        let r = qx0 < 0 ? (qy0 < 0 ? radii.topLeft : radii.bottomLeft) : (qy0 < 0 ? radii.topRight : radii.bottomRight)
        let qx = abs(qx0) - hw + r, qy = abs(qy0) - hh + r
        let outside = (max(qx, 0) * max(qx, 0) + max(qy, 0) * max(qy, 0)).squareRoot()
        return min(max(qx, qy), 0) + outside - r
    }

    @inlinable
    public static func circleDistance(_ px: Double, _ py: Double, center: Point, radius: Double) -> Double {
        let dx = px - center.x, dy = py - center.y
        return (dx * dx + dy * dy).squareRoot() - radius
    }

    /// Edge ramp: `d` is the signed distance in pixels, `feather` widens the ramp beyond one pixel.
    @inlinable
    public static func fromDistance(_ d: Double, feather: Double = 0) -> Double {
        let width = 1 + max(feather, 0)
        return clamp(0.5 - d / width, 0, 1)
    }

    /// Error function, Abramowitz–Stegun 7.1.26 (|error| < 1.5e-7): cheap enough per pixel in
    /// a shader, and the GLSL `segueErf` uses the same constants so both renderers agree.
    @inlinable
    public static func erf(_ x: Double) -> Double {
        let a = abs(x)
        let t = 1 / (1 + 0.3275911 * a)
        let poly = ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t
        let y = 1 - poly * exp(-a * a)
        return x < 0 ? -y : y
    }

    /// Coverage at `p` of `rect` blurred by a Gaussian of standard deviation `sigma` (a drop
    /// shadow): the product of the blurred box's two axis profiles.
    @inlinable
    public static func boxShadow(_ px: Double, _ py: Double, rect: Rect, sigma: Double) -> Double {
        boxShadowProfile(px, from: rect.minX, to: rect.maxX, sigma: sigma)
            * boxShadowProfile(py, from: rect.minY, to: rect.maxY, sigma: sigma)
    }
}
