// Maths of the mask transitions (StarWars.iOS `CircularRevealAnimator`, BubbleTransition, the Ping app mask), shared by the effects that plan them, the
// software kernels and — mirrored line by line — the GLSL programs named in each comment.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

public enum Reveal {
    /// Radius of a circular reveal at linear progress `u`: `lerp(start, end, u)`. Core Animation
    /// interpolates the circle path's control points linearly, so every intermediate path is the
    /// circle of this radius.
    public static func circleRadius(start: Double, end: Double, progress u: Double) -> Double {
        lerp(start, end, u)
    }

    /// The rounded rectangle that, centred on `center` with corners of radius `cornerRadius`,
    /// just covers a `width × height` canvas: its corner circles are centred on the canvas
    /// corners farthest from `center` on each axis, plus one pixel so the edge ramp
    /// (`Coverage.fromDistance`) is fully outside the canvas.
    public static func irisFinalHalfSize(center c: Point, width: Double, height: Double, cornerRadius r: Double) -> (Double, Double) {
        let dx = max(c.x, width - c.x), dy = max(c.y, height - c.y)
        return (dx + max(r, 0) + 1, dy + max(r, 0) + 1)
    }

    /// The iris at amount `a` (0 = a point at `center`, 1 = covers the canvas): the final
    /// rectangle scaled about `center`, corner radius capped by the fitted size.
    public static func iris(center c: Point, width: Double, height: Double, cornerRadius r: Double, amount a: Double) -> (Rect, CornerRadii) {
        let (hx, hy) = irisFinalHalfSize(center: c, width: width, height: height, cornerRadius: r)
        let rect = Rect(x: c.x - hx * a, y: c.y - hy * a, width: 2 * hx * a, height: 2 * hy * a)
        return (rect, CornerRadii(all: max(r, 0)).fitted(to: rect))
    }

    /// Luma of a premultiplied mask pixel (Rec. 709 weights on the premultiplied channels, so a
    /// transparent pixel is 0): the value a luma wipe sweeps (`mask.frag` `maskValue`).
    @inlinable
    public static func maskLuma(r: Double, g: Double, b: Double) -> Double {
        0.2126 * r + 0.7152 * g + 0.0722 * b
    }

    /// Weight of the *to* screen at a mask value `m` (0…1) when the threshold has swept to
    /// `progress`: a ramp `softness` wide that starts below every value at 0 and has passed
    /// every value at 1, so both ends are exact (`mask.frag` `wipeWeight`).
    @inlinable
    public static func wipeWeight(mask m: Double, progress e: Double, softness: Double) -> Double {
        let s = max(softness, 1.0 / 256)
        return clamp((e * (1 + s) - m) / s, 0, 1)
    }

    /// The built-in mask of the `mask` effect when no file is given: a soft diagonal sweep from
    /// the top-left corner to the bottom-right one, with a gentle radial ripple so the wipe
    /// front is curved rather than a straight line. Grey, opaque, premultiplied.
    public static func defaultMask(size: PixelSize) -> PixelBuffer {
        var b = PixelBuffer(size: size)
        let w = Double(max(size.width, 1)), h = Double(max(size.height, 1))
        for y in 0..<size.height {
            for x in 0..<size.width {
                let u = (Double(x) + 0.5) / w, v = (Double(y) + 0.5) / h
                let diagonal = (u + v) / 2
                let ripple = 0.06 * sin(12 * ((u - 0.5) * (u - 0.5) + (v - 0.5) * (v - 0.5)).squareRoot() * Double.pi)
                let m = UInt8(clamp(diagonal * 0.88 + 0.06 + ripple, 0, 1) * 255 + 0.5)
                let i = (y * size.width + x) * 4
                b.bytes[i] = m; b.bytes[i + 1] = m; b.bytes[i + 2] = m; b.bytes[i + 3] = 255
            }
        }
        return b
    }
}
