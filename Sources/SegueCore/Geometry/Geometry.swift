#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// Coordinates: device pixels, origin at the top-left of the canvas, y down (docs/ARCHITECTURE.md "Conventions";
// "Pixels"). Pixel (i, j) covers [i, i+1) × [j, j+1); its centre is (i + 0.5, j + 0.5).

/// Linear interpolation `a + (b − a)·t` (no clamping: springs overshoot on purpose).
@inlinable public func lerp(_ a: Double, _ b: Double, _ t: Double) -> Double { a + (b - a) * t }

@inlinable public func clamp<T: Comparable>(_ v: T, _ lo: T, _ hi: T) -> T { min(max(v, lo), hi) }

/// A number for people to read and type back: at most `decimals` decimals, no trailing zeros
/// (`12` rather than `12.0`, `0.333` rather than `0.3333333333333333`).
public func readable(_ v: Double, decimals: Int = 3) -> String {
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    let r = (v * scale).rounded() / scale
    guard r.isFinite else { return String(v) }  // beyond about 1e305 the rounding overflows
    if r == r.rounded() && abs(r) < 1e15 { return String(Int(r)) }
    return String(r)
}

public struct Point: Codable, Hashable, Sendable, CustomStringConvertible {
    public var x: Double
    public var y: Double
    public init(x: Double, y: Double) { self.x = x; self.y = y }
    public static let zero = Point(x: 0, y: 0)
    public var description: String { "(\(readable(x)), \(readable(y)))" }
    public static func lerp(_ a: Point, _ b: Point, _ t: Double) -> Point {
        Point(x: SegueCore.lerp(a.x, b.x, t), y: SegueCore.lerp(a.y, b.y, t))
    }
    public func distance(to p: Point) -> Double { ((x - p.x) * (x - p.x) + (y - p.y) * (y - p.y)).squareRoot() }
}

/// An integer size in pixels, written `WxH` on the command line.
public struct PixelSize: Codable, Hashable, Sendable, CustomStringConvertible {
    public var width: Int
    public var height: Int
    public init(width: Int, height: Int) { self.width = width; self.height = height }
    public var description: String { "\(width)x\(height)" }
    public var pixelCount: Int { width * height }

    /// Parses `1920x1080` (also `1920X1080`, `1920×1080`). Returns nil when malformed.
    public init?(parsing text: String) {
        let parts = text.split(whereSeparator: { $0 == "x" || $0 == "X" || $0 == "×" })
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]) else { return nil }
        self.init(width: w, height: h)
    }
}

public struct Rect: Codable, Hashable, Sendable, CustomStringConvertible {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }
    public init(size: PixelSize) { self.init(x: 0, y: 0, width: Double(size.width), height: Double(size.height)) }
    public var minX: Double { x }
    public var minY: Double { y }
    public var maxX: Double { x + width }
    public var maxY: Double { y + height }
    public var midX: Double { x + width / 2 }
    public var midY: Double { y + height / 2 }
    public var center: Point { Point(x: midX, y: midY) }
    public var description: String { "[\(readable(x)), \(readable(y)), \(readable(width))×\(readable(height))]" }

    public func offsetBy(dx: Double, dy: Double) -> Rect { Rect(x: x + dx, y: y + dy, width: width, height: height) }

    /// Scales about `anchor` (a point in the same space), as a layer transform about its anchor does.
    public func scaled(by s: Double, about anchor: Point) -> Rect {
        scaled(sx: s, sy: s, about: anchor)
    }
    public func scaled(sx: Double, sy: Double, about anchor: Point) -> Rect {
        Rect(x: anchor.x + (x - anchor.x) * sx, y: anchor.y + (y - anchor.y) * sy, width: width * sx, height: height * sy)
    }
    /// Component-wise interpolation of origin and size (how UIKit animates a frame).
    public static func lerp(_ a: Rect, _ b: Rect, _ t: Double) -> Rect {
        Rect(x: SegueCore.lerp(a.x, b.x, t), y: SegueCore.lerp(a.y, b.y, t),
             width: SegueCore.lerp(a.width, b.width, t), height: SegueCore.lerp(a.height, b.height, t))
    }
    /// The largest sub-rectangle of `self` with the aspect ratio of `aspectOf`, centred:
    /// the crop an aspect-fill image view shows.
    public func aspectFillCrop(forAspect aspect: Double) -> Rect {
        guard width > 0, height > 0, aspect > 0 else { return self }
        if width / height > aspect {
            let w = height * aspect
            return Rect(x: x + (width - w) / 2, y: y, width: w, height: height)
        } else {
            let h = width / aspect
            return Rect(x: x, y: y + (height - h) / 2, width: width, height: h)
        }
    }
}

/// Distance from `center` to the farthest corner of a `width × height` rectangle: the radius
/// a circular reveal must reach to uncover everything (StarWars.iOS `CircularRevealAnimator`: the radius that reaches the farthest corner).
public func farthestCornerRadius(center c: Point, width: Double, height: Double) -> Double {
    let dx = max(c.x, width - c.x), dy = max(c.y, height - c.y)
    return (dx * dx + dy * dy).squareRoot()
}
