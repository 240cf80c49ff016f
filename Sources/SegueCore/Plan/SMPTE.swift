/// One of the SMPTE 258M wipes GStreamer's `smpte` and `smptealpha` elements draw (and GES
/// names), by its SMPTE number and GStreamer's nick. Facts from GStreamer
/// (gst-plugins-good `gst/smpte/barboxwipes.c`: the numbers, nicks, and each wipe's table of
/// boxes and triangles); the one-line summaries are Segue's own; the shapes are drawn by `SMPTEMask`.
public struct SMPTETransition: Hashable, Sendable, CustomStringConvertible {
    /// The SMPTE 258M wipe code (GStreamer's `type`).
    public let number: Int
    /// GStreamer's nick (`bar-wipe-lr`), the name after `smpte:`.
    public let name: String
    /// What the wipe does, in a few words (Segue's own, not GStreamer's description).
    public let summary: String
    /// What the mask is drawn from.
    let shape: SMPTEShape

    public var description: String { name }

    /// Every wipe GStreamer has, in number order.
    public static let all: [SMPTETransition] = SMPTETable.rows

    /// The wipe with this number or nick; nil when GStreamer has none.
    public init?(_ nameOrNumber: String) {
        let found = Int(nameOrNumber).flatMap { n in Self.all.first { $0.number == n } } ?? Self.all.first { $0.name == nameOrNumber }
        guard let found else { return nil }
        self = found
    }

    /// The wipe with this SMPTE number; nil when GStreamer has none.
    public init?(number: Int) {
        guard let found = Self.all.first(where: { $0.number == number }) else { return nil }
        self = found
    }

    init(_ number: Int, _ name: String, _ summary: String, _ shape: SMPTEShape) {
        self.number = number; self.name = name; self.summary = summary; self.shape = shape
    }

    public static func == (a: SMPTETransition, b: SMPTETransition) -> Bool { a.number == b.number }
    public func hash(into hasher: inout Hasher) { hasher.combine(number) }
}

/// A wipe: its mask swept by GStreamer's position from `from` to `to`; the result replaces
/// the canvas. Per pixel (gst-plugins-good `gst/smpte/gstsmptealpha.c`, at `depth` 16) with the
/// mask value `v` in 0…65536 (`SMPTEMask`), `65536 − v` when `invert`:
///
///     b = max(border, 1); p = ⌊(65536 + border) · position⌋ (65537 at position 1, border 0)
///     a = ⌊255 · (clamp(v, p − b, p) − (p − b)) / b⌋        (0…255, from's alpha in smptealpha)
///     pixel = mix(to, from, a / 255)
///
/// Position 0 is exactly `from` and 1 exactly `to`. Both images must have the canvas's size.
public struct SMPTEWipe: Codable, Hashable, Sendable {
    /// The wipe's SMPTE number (`SMPTETransition.number`).
    public var code: Int
    public var from: ImageRef
    public var to: ImageRef
    /// GStreamer's `position`, 0…1 (the transition's eased progress).
    public var position: Double
    /// GStreamer's `border`: the soft edge's width in mask units, 0…65536 (0 = a hard edge).
    public var border: Int
    /// GStreamer's `invert`: the mask turned around (`65536 − v`).
    public var invert: Bool

    public init(code: Int, from: ImageRef, to: ImageRef, position: Double, border: Int, invert: Bool) {
        self.code = code; self.from = from; self.to = to; self.position = position; self.border = border; self.invert = invert
    }

    /// The mask's range at GStreamer's default `depth`, 16: values run 0…65536.
    public static let maskRange = 1 << 16
    /// The largest `border`: the mask's range (a wider edge never reaches opaque).
    public static let maxBorder = maskRange
}

/// `SMPTEWipe` with its numbers decided for both renderers: the mask of its code at the
/// canvas size and the integer threshold of the frame.
public struct LoweredSMPTEWipe: Sendable {
    public var transition: SMPTETransition
    public var from: ImageRef
    public var to: ImageRef
    public var mask: SMPTEMask
    public var threshold: SMPTEThreshold

    /// The wipe at `canvas`: its mask (`SMPTEMask.shared`) and the frame's threshold, the
    /// border and position clamped to their ranges. Fails for a code GStreamer does not have.
    public init(_ wipe: SMPTEWipe, canvas: PixelSize) throws(SegueError) {
        guard let transition = SMPTETransition(number: wipe.code) else {
            throw .invalidInput("unknown SMPTE wipe code \(wipe.code) (known: \(SMPTETransition.all.map { String($0.number) }.joined(separator: ", ")))")
        }
        self.transition = transition
        from = wipe.from
        to = wipe.to
        mask = SMPTEMask.shared(transition, size: canvas)
        threshold = SMPTEThreshold(position: wipe.position.isFinite ? wipe.position : 0, border: wipe.border, invert: wipe.invert)
    }
}

/// gstsmptealpha.c's per-pixel rule for one frame: the alpha `a` (0…255) of a mask value.
public struct SMPTEThreshold: Hashable, Sendable {
    /// `p`: ⌊(65536 + border) · position⌋; with border 0 and position 1, 65537.
    public var position: Int
    /// `b`: the border, at least 1.
    public var border: Int
    public var invert: Bool

    public init(position: Double, border: Int, invert: Bool) {
        let border = min(max(border, 0), SMPTEWipe.maxBorder)
        let p = min(max(position, 0), 1)
        // C converts the double product to its int parameter by truncation.
        let threshold = Int((Double(SMPTEWipe.maskRange + border) * p).rounded(.towardZero))
        // GStreamer sweeps 65536 + border but divides by max(border, 1): with border 0 its last
        // position leaves the mask's top value, 65536, opaque. Segue passes it, so position 1 is
        // exactly `to` (docs/SMPTE.md, "Where Segue differs").
        self.position = border == 0 && threshold >= SMPTEWipe.maskRange ? SMPTEWipe.maskRange + 1 : threshold
        self.border = max(border, 1)
        self.invert = invert
    }

    /// `from`'s weight, 0…255, at mask value `v` (0…65536). GStreamer computes
    /// `(255 · (d << 8) / b) >> 8` in `int`, which is ⌊255 · d / b⌋ while it does not overflow
    /// (borders up to 32896); Segue computes the quotient exactly for every border.
    @inlinable public func alpha(_ v: UInt32) -> UInt32 {
        let value = invert ? SMPTEWipe.maskRange - Int(v) : Int(v)
        let low = position - border
        let d = min(max(value, low), position) - low
        // Only the soft edge needs the division; elsewhere d is 0 or b.
        if d <= 0 { return 0 }
        if d >= border { return 255 }
        return UInt32(255 * d / border)
    }
}
