/// The per-frame geometry of xfade's wipes and slides, from FFmpeg libavfilter/vf_xfade.c:
/// where the cut lines fall and how far the images move. The lowering computes them once a
/// frame (`LoweredXfade`), so the software renderer, the GL programs and the tests read the same
/// integers. xfade works in
/// single precision and converts to `int` by truncation; so does every formula here.
extension XfadeCall {
    /// xfade's progress as vf_xfade.c holds it (a C `float`).
    public var singleProgress: Float { Float(progress) }

    /// Where a wipe still shows `from` (nil for the other families).
    public func wipeRegion(canvas: PixelSize) -> XfadeWipeRegion? {
        guard transition.family == .wipes else { return nil }
        let w = canvas.width, h = canvas.height, p = singleProgress
        let s = settings.softness.isFinite ? max(settings.softness, 0) : 0
        // A side that does not move lies past the canvas by more than the ramp, so it never
        // softens the canvas's own edge.
        let far = s + 1
        // How far a moving side has come from its own edge of the canvas: xfade's integer cut
        // (`int z = size * progress`, `from` up to and including pixel z) or, when soft, a side
        // that travels size + s so that its ramp starts and ends off the canvas.
        func reach(_ size: Int, _ fraction: Float) -> Double {
            s > 0 ? Double(fraction) * (Double(size) + s) - s / 2 : Double(Self.truncated(Float(size) * fraction) + 1)
        }
        // `from` beyond the cut (x > z with z = size · (1 − progress)) when it sits on the far side.
        func farSide(_ size: Int) -> Double {
            s > 0 ? Double(size) - reach(size, p) : Double(Self.truncated(Float(size) * (1 - p)) + 1)
        }
        let fullX = (-far, Double(w) + far), fullY = (-far, Double(h) + far)
        let (xs, ys): ((Double, Double), (Double, Double))
        switch transition {
        case .wipeleft: (xs, ys) = ((-far, reach(w, p)), fullY)
        case .wiperight: (xs, ys) = ((farSide(w), Double(w) + far), fullY)
        case .wipeup: (xs, ys) = (fullX, (-far, reach(h, p)))
        case .wipedown: (xs, ys) = (fullX, (farSide(h), Double(h) + far))
        case .wipetl: (xs, ys) = ((-far, reach(w, p)), (-far, reach(h, p)))
        case .wipetr: (xs, ys) = ((farSide(w), Double(w) + far), (-far, reach(h, p)))
        case .wipebl: (xs, ys) = ((-far, reach(w, p)), (farSide(h), Double(h) + far))
        default: (xs, ys) = ((farSide(w), Double(w) + far), (farSide(h), Double(h) + far))  // wipebr
        }
        return XfadeWipeRegion(minX: xs.0, minY: ys.0, maxX: xs.1, maxY: ys.1, softness: s)
    }

    /// How a slide, cover or reveal moves its images (nil for the other families).
    public func slideMotion(canvas: PixelSize) -> XfadeSlideMotion? {
        guard transition.family == .slides else { return nil }
        let p = singleProgress
        let vertical: Bool, sign: Float
        switch transition {
        case .slideleft, .coverleft, .revealleft: (vertical, sign) = (false, -1)
        case .slideright, .coverright, .revealright: (vertical, sign) = (false, 1)
        case .slideup, .coverup, .revealup: (vertical, sign) = (true, -1)
        default: (vertical, sign) = (true, 1)
        }
        let offset = Self.truncated(sign * p * Float(vertical ? canvas.height : canvas.width))
        switch transition {
        case .coverleft, .coverright, .coverup, .coverdown:
            return XfadeSlideMotion(vertical: vertical, offset: offset, toShift: offset, fromShift: 0)
        case .revealleft, .revealright, .revealup, .revealdown:
            return XfadeSlideMotion(vertical: vertical, offset: offset, toShift: 0, fromShift: offset)
        default:
            return XfadeSlideMotion(vertical: vertical, offset: offset, toShift: offset, fromShift: offset)
        }
    }

    /// C's float-to-int conversion (toward zero), clamped first so that any progress a timing
    /// curve produces stays a valid `Int`.
    static func truncated(_ value: Float) -> Int {
        value.isNaN ? 0 : Int(min(max(value, -1e9), 1e9))
    }
}

/// The rectangle, in canvas pixel edges, where a wipe shows `from`; `to` shows elsewhere. A pixel
/// belongs to it when its centre lies strictly inside. With `softness` > 0 the weight of `from`
/// ramps linearly over `softness` pixels across each side (`fromWeight`).
public struct XfadeWipeRegion: Equatable, Sendable {
    public var minX, minY, maxX, maxY: Double
    public var softness: Double

    /// The columns whose centres lie inside (the hard edge's `from` span), clipped to `width`.
    public func columns(width: Int) -> Range<Int> { Self.span(minX, maxX, limit: width) }
    /// The rows whose centres lie inside, clipped to `height`.
    public func rows(height: Int) -> Range<Int> { Self.span(minY, maxY, limit: height) }

    /// The weight of `from` at pixel (x, y) when soft: its centre's distance inside the
    /// rectangle (negative outside), over the softness, centred on the side.
    @inlinable public func fromWeight(x: Int, y: Int) -> Float {
        let u = Float(x) + 0.5, v = Float(y) + 0.5
        let d = min(min(u - Float(minX), Float(maxX) - u), min(v - Float(minY), Float(maxY) - v))
        return min(max(d / Float(softness) + 0.5, 0), 1)
    }

    // Centre x + 0.5 inside (lo, hi) ⇔ floor(lo − 0.5) < x < ceil(hi − 0.5).
    private static func span(_ lo: Double, _ hi: Double, limit: Int) -> Range<Int> {
        let first = min(max(Int(max((lo - 0.5).rounded(.down), -1)) + 1, 0), limit)
        let end = min(max(Int(min((hi - 0.5).rounded(.up), Double(limit))), first), limit)
        return first..<end
    }
}

/// How a slide, cover or reveal of xfade moves its images along one axis: with `offset` z, the
/// pixel at coordinate c shows `to` where 0 ≤ c + z < size, else `from`; each image is read at
/// c + its shift, wrapped around the image (xfade's `zz`). A slide moves both images (both
/// shifts z), a cover moves `to` over a still `from`, a reveal moves `from` off a still `to`.
public struct XfadeSlideMotion: Equatable, Sendable {
    public var vertical: Bool
    public var offset: Int
    public var toShift: Int
    public var fromShift: Int
}
