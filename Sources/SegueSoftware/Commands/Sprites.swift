import SegueCore

/// `sprites` (StarWars tiles): the field's sprites, expanded by `SpriteField.sprites()` once
/// per field (`SpriteExpansion`) exactly as the GL renderer expands them, drawn in the same order,
/// source-over, each a unit-scale bilinear copy of its tile (clamp-to-edge of the whole image).
///
/// Edge rule and tolerance: a pixel belongs to a sprite iff its centre lies in the moved
/// square `[x, x+w) × [y, y+w)` — GL's rasterisation rule — but decided by
/// `SpriteField.covers` on the float32 displacement of `SpriteField.displacement(of:)`, which
/// `sprites.vert`/`sprites.frag` evaluate bit for bit the same way. Deciding it from the
/// rasterised quad instead (llvmpipe snaps vertices to 1/256 px) or from a double-precision
/// position put a few dozen sprite edges a pixel apart per frame (PSNR down to ~39 dB, max
/// differences of whole levels); with the shared float32 test the edges agree and parity
/// holds at the parity tests' thresholds. Bilinear weights still round from the same float values,
/// so interiors differ by at most a level.
///
/// Bands: sprites are binned by blocks of 8 rows once per frame, so a row visits only the
/// sprites that cross it, still in draw order.
///
/// `@unchecked Sendable`: `source` points into an image pinned, and only read, for the frame.
struct SpriteOp: RowOp, @unchecked Sendable {
    /// A sprite clipped to the canvas, with the texel mapping of its (unit-scale) translation:
    /// canvas column x samples texels `x + column` and `x + column + 1` at weight `fx`.
    struct Placed {
        var x0: Int32, x1: Int32, y0: Int32, y1: Int32
        var column: Int32, row: Int32
        var fx: UInt32, fy: UInt32
    }
    static let rowsPerBin = 8

    let placed: [Placed]
    /// Indices into `placed` per block of `rowsPerBin` rows, in draw order.
    let bins: [[Int32]]
    let source: UnsafePointer<UInt32>
    let sourceWidth: Int
    let sourceHeight: Int

    init(_ field: SpriteField, sprites: [Sprite], source: UnsafePointer<UInt32>, sourceSize: PixelSize, canvas: PixelSize) {
        self.source = source
        sourceWidth = sourceSize.width
        sourceHeight = sourceSize.height
        var placed: [Placed] = []
        var bins = [[Int32]](repeating: [], count: (canvas.height + Self.rowsPerBin - 1) / Self.rowsPerBin)
        for sprite in sprites {
            let d = field.displacement(of: sprite)
            // The pixels whose centres `SpriteField.covers` (one axis at a time: the test is a
            // product of two intervals, monotone in each coordinate).
            func range(_ origin: Double, _ shift: Float, _ limit: Int) -> Range<Int> {
                let o = Float(origin), w = Float(field.tile)
                var lo = max(0, Int((origin + Double(shift)).rounded(.down)) - 2)
                var hi = min(limit, Int((origin + Double(shift) + field.tile).rounded(.up)) + 2)
                guard lo < hi else { return 0..<0 }
                while lo < hi && Float(lo) + 0.5 - shift < o { lo += 1 }
                while hi > lo && Float(hi - 1) + 0.5 - shift >= o + w { hi -= 1 }
                return lo..<hi
            }
            let columns = range(sprite.origin.x, d.x, canvas.width), rows = range(sprite.origin.y, d.y, canvas.height)
            guard !columns.isEmpty, !rows.isEmpty else { continue }
            // Texel coordinate (centres at integers) of canvas column x: x − displacement.
            let (column, fx) = Self.split(-Double(d.x))
            let (row, fy) = Self.split(-Double(d.y))
            let index = Int32(placed.count)
            placed.append(Placed(x0: Int32(columns.lowerBound), x1: Int32(columns.upperBound), y0: Int32(rows.lowerBound),
                                 y1: Int32(rows.upperBound), column: Int32(column), row: Int32(row), fx: fx, fy: fy))
            for bin in (rows.lowerBound / Self.rowsPerBin)...((rows.upperBound - 1) / Self.rowsPerBin) { bins[bin].append(index) }
        }
        self.placed = placed
        self.bins = bins
    }

    /// Integer texel offset and 8-bit weight of the next texel for a fractional offset (as
    /// `LayerOp.texels`, GL's 8-bit filter weight).
    static func split(_ offset: Double) -> (Int, UInt32) {
        let fl = offset.rounded(.down)
        var w = UInt32(((offset - fl) * 256).rounded())
        var i = Int(fl)
        if w == 256 { w = 0; i += 1 }
        return (i, w)
    }

    func apply(row y: Int, dst: UnsafeMutablePointer<UInt32>, rowIsClear: Bool, scratch: UnsafeMutablePointer<UInt32>) -> Bool {
        var drew = false
        let lastColumn = sourceWidth - 1, lastRow = sourceHeight - 1
        placed.withUnsafeBufferPointer { placed in
            for index in bins[y / Self.rowsPerBin] {
                let s = placed[Int(index)]
                guard y >= Int(s.y0), y < Int(s.y1) else { continue }
                drew = true
                let t = y + Int(s.row)
                let row0 = source + min(max(t, 0), lastRow) * sourceWidth
                let row1 = source + min(max(t + 1, 0), lastRow) * sourceWidth
                let x0 = Int(s.x0), x1 = Int(s.x1), c = Int(s.column), fx = s.fx, fy = s.fy
                if fx == 0 && fy == 0 && x0 + c >= 0 && x1 + c <= sourceWidth {
                    SpanKernel.blend(dst + x0, row0 + c + x0, count: x1 - x0, weight: 256, .sourceOver)
                    continue
                }
                for x in x0..<x1 {
                    let i0 = min(max(x + c, 0), lastColumn), i1 = min(max(x + c + 1, 0), lastColumn)
                    let top = lerpPixel(row0[i0], row0[i1], fx), bottom = lerpPixel(row1[i0], row1[i1], fx)
                    dst[x] = overPixel(lerpPixel(top, bottom, fy), dst[x])
                }
            }
        }
        return rowIsClear && !drew
    }
}

/// The expanded sprites of the last field drawn, kept across frames: a field's sprites depend
/// only on its state at rest (`SpriteField.atRest`), so a frame expands nothing, as the GL
/// renderer's instance buffer is made once per field.
final class SpriteExpansion {
    private var field: SpriteField?
    private var sprites: [Sprite] = []
    /// Expansions since creation: one per new field.
    private(set) var expansionCount = 0

    func sprites(of field: SpriteField) -> [Sprite] {
        let key = field.atRest
        if key != self.field {
            self.field = key
            sprites = key.sprites()
            expansionCount += 1
        }
        return sprites
    }
}
