#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// A wipe's mask at one canvas size: a value 0…65536 per pixel (`values[y·width + x]`), the
/// order in which the wipe reaches pixels. GStreamer draws it once per size, and the position
/// only moves a threshold over it (`SMPTEThreshold`); so does Segue: both renderers read these
/// values (the GL renderer uploads them once as an integer texture).
///
/// The shapes follow GStreamer's drawing rules (gst-plugins-good `gst/smpte/paint.c`), written
/// here from their description, so that a hard edge falls on the same pixels: boxes ramp with
/// integer division, triangles are filled by scanlines whose ends step along the edges with
/// integer error terms (value, x and y stepped together, the larger delta leading), and fans
/// are Bresenham lines from the centre to every pixel of the far side, each line's value set
/// by its angle in single precision. Segue deliberately differs in two places, both at the
/// edges of the canvas: GStreamer leaves some pixels undrawn (the last row of a triangle, the
/// odd column of a halved grid), holding whatever the memory held, and its stepping can carry
/// a value one past the range (65537 on an edge whose ends are both 65536, or −1), which
/// inverted or at the last position shows the wrong image. Segue gives an undrawn pixel the
/// value of its nearest drawn neighbour on its row, else on its column, and clamps values to
/// 0…65536, so position 0 is exactly `from` and 1 exactly `to` (`isGStreamers` tells which
/// pixels hold GStreamer's own value).
public final class SMPTEMask: Sendable {
    public let transition: SMPTETransition
    public let size: PixelSize
    /// 0…65536 per pixel, row by row.
    public let values: [UInt32]
    /// Pixels whose value is GStreamer's (drawn, and in range); the others were filled from a
    /// neighbour or clamped.
    public let isGStreamers: [Bool]

    /// Value of a pixel no primitive reaches, before filling.
    static let undrawn = UInt32.max

    init(_ transition: SMPTETransition, size: PixelSize) {
        self.transition = transition
        self.size = size
        var raster = SMPTERaster(size: size)
        raster.draw(transition.shape)
        let range = 0...Int32(SMPTEWipe.maskRange)
        // C stores its int results in guint32 and reads them back as gint.
        isGStreamers = raster.values.map { $0 != Self.undrawn && range.contains(Int32(bitPattern: $0)) }
        var drawn = raster.values
        raster.values = []
        for i in drawn.indices where drawn[i] != Self.undrawn {
            drawn[i] = UInt32(min(max(Int32(bitPattern: drawn[i]), range.lowerBound), range.upperBound))
        }
        Self.fill(&drawn, size: size)
        values = drawn
    }

    /// The mask of `transition` at `size`; the last few asked for are kept (a job renders one
    /// wipe at one size).
    public static func shared(_ transition: SMPTETransition, size: PixelSize) -> SMPTEMask {
        if let mask = recent.withLock({ masks in masks.first { $0.transition == transition && $0.size == size } }) { return mask }
        let mask = SMPTEMask(transition, size: size)
        recent.withLock { masks in
            masks.removeAll { $0.transition == transition && $0.size == size }
            masks.insert(mask, at: 0)
            if masks.count > kept { masks.removeLast() }
        }
        return mask
    }

    private static let kept = 4
    private static let recent = Mutex<[SMPTEMask]>([])

    /// Undrawn pixels take the nearest drawn value on their row (the left one on a tie), and
    /// rows with none the nearest drawn row's; a mask with nothing drawn (a canvas too small
    /// for its grid) is all 0.
    static func fill(_ values: inout [UInt32], size: PixelSize) {
        let w = size.width, h = size.height
        var rowHasValue = [Bool](repeating: false, count: h)
        for y in 0..<h {
            let row = y * w
            var previous: Int?
            var x = 0
            while x < w {
                if values[row + x] != undrawn { previous = x; x += 1; continue }
                var next = x
                while next < w && values[row + next] == undrawn { next += 1 }
                for gap in x..<next {
                    let left = previous.map { gap - $0 } ?? Int.max, right = next < w ? next - gap : Int.max
                    if left == Int.max && right == Int.max { continue }
                    values[row + gap] = left <= right ? values[row + gap - left] : values[row + gap + right]
                }
                x = next
            }
            rowHasValue[y] = previous != nil
        }
        let drawnRows = (0..<h).filter { rowHasValue[$0] }
        guard !drawnRows.isEmpty else {
            values = [UInt32](repeating: 0, count: w * h)
            return
        }
        for y in 0..<h where !rowHasValue[y] {
            let source = drawnRows.min { abs($0 - y) < abs($1 - y) } ?? y
            for x in 0..<w { values[y * w + x] = values[source * w + x] }
        }
    }
}

/// GStreamer's mask painter (gst-plugins-good `gst/smpte/paint.c`), over a row-major buffer
/// whose writes are kept inside it. Undrawn pixels hold `SMPTEMask.undrawn`.
struct SMPTERaster {
    let width: Int, height: Int
    var values: [UInt32]

    init(size: PixelSize) {
        width = size.width; height = size.height
        values = [UInt32](repeating: SMPTEMask.undrawn, count: size.width * size.height)
    }

    /// Writes the buffer's element `index` (a row-major position; the painter's walks may step
    /// one past a row's end, onto the next row, as pointer arithmetic does in C).
    /// A value of −1 (C's int stepped below 0) is stored as −2, which like it is out of range
    /// and clamps to 0, so that it is not taken for `SMPTEMask.undrawn`.
    @inline(__always) mutating func put(_ index: Int, _ value: UInt32) {
        if index >= 0 && index < values.count { values[index] = value == SMPTEMask.undrawn ? value &- 1 : value }
    }

    /// Draws every primitive of `shape` in order (barboxwipes.c: `gst_wipe_boxes_draw`,
    /// `gst_wipe_triangles_draw`, `gst_wipe_triangles_clock_draw`). Bars use unclamped grid
    /// positions; other corners are clamped to the last row and column.
    mutating func draw(_ shape: SMPTEShape) {
        let cellW = width >> shape.xShift, cellH = height >> shape.yShift
        let unit = SMPTEWipe.maskRange >> shape.cShift
        func bar(_ c: SMPTEShape.Corner) -> (Int, Int, Int) { (c.x * cellW, c.y * cellH, c.c * unit) }
        func point(_ c: SMPTEShape.Corner) -> Point3 {
            Point3(x: min(c.x * cellW, width - 1), y: min(c.y * cellH, height - 1), c: c.c * unit)
        }
        for primitive in shape.primitives {
            switch primitive {
            case .verticalBar(let a, let b): verticalBar(bar(a), bar(b))
            case .horizontalBar(let a, let b): horizontalBar(bar(a), bar(b))
            case .triangle(let a, let b, let c): triangle(point(a), point(b), point(c))
            case .fan(let centre, let start, let end): fan(centre: point(centre), point(start), point(end))
            case .sweep(let centre, let start, let end): sweep(centre: point(centre), point(start), point(end))
            }
        }
    }

    struct Point3 { var x: Int, y: Int, c: Int }

    /// A box `[x0, x1) × [y0, y1)`, value `(c1·j + c0·(w − j)) / w` at column `j` of `w`.
    /// GStreamer asserts the box is not empty; an empty one draws nothing here.
    mutating func verticalBar(_ a: (Int, Int, Int), _ b: (Int, Int, Int)) {
        let w = b.0 - a.0, h = b.1 - a.1
        guard w > 0, h > 0 else { return }
        for i in 0..<h {
            let row = (a.1 + i) * width + a.0
            for j in 0..<w { put(row + j, UInt32(truncatingIfNeeded: (b.2 * j + a.2 * (w - j)) / w)) }
        }
    }

    /// A box `[x0, x1) × [y0, y1)`, value `(c1·i + c0·(h − i)) / h` on row `i` of `h`.
    mutating func horizontalBar(_ a: (Int, Int, Int), _ b: (Int, Int, Int)) {
        let w = b.0 - a.0, h = b.1 - a.1
        guard w > 0, h > 0 else { return }
        for i in 0..<h {
            let value = UInt32(truncatingIfNeeded: (b.2 * i + a.2 * (h - i)) / h)
            let row = (a.1 + i) * width + a.0
            for j in 0..<w { put(row + j, value) }
        }
    }

    /// A point walking a 3-D line (x, y, value) one unit of its largest delta at a time, the
    /// others following by error terms. The comparisons are GStreamer's as it wrote them
    /// (`STEP_3D_LINE`), including those that test against another axis's delta, since they
    /// decide where a hard edge falls.
    struct Walker {
        var dx: Int, dy: Int, dz: Int
        var sx: Int, sy: Int, sz: Int
        var xr: Int, yr: Int, zr: Int
        var x: Int, y: Int, z: Int

        init(_ a: Point3, _ b: Point3) {
            let ddx = b.x - a.x, ddy = b.y - a.y, ddz = b.c - a.c
            dx = abs(ddx); dy = abs(ddy); dz = abs(ddz)
            sx = ddx < 0 ? -1 : 1; sy = ddy < 0 ? -1 : 1; sz = ddz < 0 ? -1 : 1
            xr = dx >> 1; yr = dy >> 1; zr = dz >> 1
            x = a.x; y = a.y; z = a.c
        }

        mutating func step() {
            if dx >= dy && dx >= dz {
                yr += dy; zr += dz
                if yr >= dx { y += sy; yr -= dx }
                if zr >= dz { z += sz; zr -= dx }
                x += sx
            } else if dy >= dx && dy >= dz {
                xr += dx; zr += dz
                if xr >= dy { x += sx; xr -= dy }
                if zr >= dz { z += sz; zr -= dy }
                y += sy
            } else {
                yr += dy; xr += dx
                if yr >= dy { y += sy; yr -= dz }
                if xr >= dy { x += sx; xr -= dz }
                z += sz
            }
        }

        /// Steps until the walker leaves row `row` (bounded: a walk is never longer than the
        /// sum of its deltas, so a stuck one stops).
        mutating func leave(row: Int) {
            var budget = dx + dy + dz + 2
            while y == row && budget > 0 { step(); budget -= 1 }
        }
    }

    /// `paint_triangle_linear`: corners sorted by y; each row from the top corner's down to
    /// (not including) the bottom corner's is a span between the walker along the long edge
    /// and the one along the current short edge, both ends included, its value interpolated
    /// between theirs with integer division.
    mutating func triangle(_ p0: Point3, _ p1: Point3, _ p2: Point3) {
        var (a, b, c) = (p0, p1, p2)
        if a.y > b.y { swap(&a, &b) }
        if a.y > c.y { swap(&a, &c) }
        if b.y > c.y { swap(&b, &c) }
        var long = Walker(a, c), short = Walker(a, b)
        var rows = a.y..<b.y
        for part in 0..<2 {
            for i in rows {
                span(row: i, from: long.x, long.z, to: short.x, short.z)
                short.leave(row: i)
                long.leave(row: i)
            }
            if part == 0 {
                short = Walker(b, c)
                rows = b.y..<c.y
            }
        }
    }

    /// One scanline of a triangle: pixels `s` to `e` inclusive (either order).
    private mutating func span(row: Int, from s: Int, _ sc: Int, to end: Int, _ ec: Int) {
        let sign = end - s < 0 ? -1 : 1
        let e = end + sign
        let base = row * width
        var j = s
        while j != e {
            put(base + j, UInt32(truncatingIfNeeded: (ec * (j - s) + sc * (e - j)) / (e - s)))
            j += sign
        }
    }

    /// `draw_bresenham_line`: the pixels from `(x0, y0)` to `(x1, y1)` inclusive, each set to
    /// `value`, stepping through the buffer as C steps a pointer.
    private mutating func line(_ x0: Int, _ y0: Int, _ x1: Int, _ y1: Int, _ value: UInt32) {
        let dx = abs(x1 - x0), dy = abs(y1 - y0)
        let xStep = x1 - x0 < 0 ? -1 : 1, yStep = (y1 - y0 < 0 ? -1 : 1) * width
        let (minorTwice, length, major) = dx >= dy ? (dy << 1, dx, xStep) : (dx << 1, dy, yStep)
        let diagonalError = minorTwice - (length << 1)
        var p = minorTwice - length
        var index = y0 * width + x0
        for _ in 0...length {
            put(index, value)
            if p > 0 {
                index += xStep + yStep
                p += diagonalError
            } else {
                index += major
                p += minorTwice
            }
        }
    }

    /// C's conversion of a value to the `guint32`/`gint` parameters: truncation, with
    /// what C leaves undefined (NaN from a degenerate fan, out of range) made 0 or clamped.
    private static func truncated(_ v: Double) -> Int {
        guard v.isFinite else { return 0 }
        return Int(min(max(v, 0), Double(UInt32.max)).rounded(.towardZero))
    }

    /// The angle between `(ax, ay)` and `(bx, by)` from `acos` of the integer dot product over
    /// the product of the square roots of the squared lengths, in double precision.
    private static func angle(_ ax: Int, _ ay: Int, _ bx: Int, _ by: Int) -> Double {
        acos(Double(ax * bx + ay * by) / (sqrt(Double(ax * ax + ay * ay)) * sqrt(Double(bx * bx + by * by))))
    }

    /// `paint_triangle_clock`: a Bresenham line from the centre to every pixel of the straight
    /// side from `start` to `end` (vertical or horizontal; otherwise nothing, as GStreamer
    /// warns), each valued `c_end·t + c_start·(1 − t)` for `t` its angle from `start` over the
    /// whole fan's (single-precision `t`, the sum in double, truncated).
    mutating func fan(centre o: Point3, _ s: Point3, _ e: Point3) {
        let whole = Float(Self.angle(s.x - o.x, s.y - o.y, e.x - o.x, e.y - o.y))
        let startLength = Float(sqrt(Double((s.x - o.x) * (s.x - o.x) + (s.y - o.y) * (s.y - o.y))))
        func value(_ px: Int, _ py: Int, first: Bool) -> UInt32 {
            let t: Float
            if first {
                t = 0
            } else {
                let dot = Double((s.x - o.x) * (px - o.x) + (s.y - o.y) * (py - o.y))
                let length = sqrt(Double((px - o.x) * (px - o.x) + (py - o.y) * (py - o.y)))
                t = Float(acos(dot / (Double(startLength) * length)) / Double(whole))
            }
            let mixed = Double(Float(e.c) * t) + Double(s.c) * (1.0 - Double(t))
            return UInt32(Self.truncated(mixed))
        }
        if s.x == e.x {
            let sign = e.y - s.y < 0 ? -1 : 1
            var i = s.y
            while i != e.y + sign {
                line(o.x, o.y, s.x, i, value(s.x, i, first: i == s.y))
                i += sign
            }
        } else if s.y == e.y {
            let sign = e.x - s.x < 0 ? -1 : 1
            var i = s.x
            while i != e.x + sign {
                line(o.x, o.y, i, s.y, value(i, e.y, first: i == s.x))
                i += sign
            }
        }
    }

    /// `paint_box_clock`: the fan from `start` to `end` around a box corner, split at that
    /// corner into two fans; the corner's value is the straight interpolation by its angle over
    /// a right angle (single precision, truncated to an integer).
    mutating func sweep(centre o: Point3, _ s: Point3, _ e: Point3) {
        let corner: (x: Int, y: Int)
        if s.x == o.x { corner = (e.x, s.y) } else if s.y == o.y { corner = (s.x, e.y) } else { return }
        let turn = Float(2 * Self.angle(s.x - o.x, s.y - o.y, corner.x - o.x, corner.y - o.y) / Double.pi)
        let cornerValue = Float(Double(Float(e.c) * turn) + Double(s.c) * (1.0 - Double(turn)))
        let c = Point3(x: corner.x, y: corner.y, c: Self.truncated(Double(cornerValue)))
        fan(centre: o, s, c)
        fan(centre: o, c, e)
    }
}
