import SegueCore

/// `shadow` (a layer's): a Gaussian-blurred box, separable, so each row is one 1-D profile
/// (per column, computed once per frame) times the row's own factor. Columns well inside the
/// box have profile 1 and form one constant-colour span.
struct ShadowOp: RowOp {
    let color: UInt32
    let columns: [Double]
    let columnRange: Range<Int>
    /// Columns whose profile rounds to exactly 1.
    let solidColumns: Range<Int>
    let rect: Rect
    let sigma: Double

    init(_ shadow: LoweredShadow, canvasWidth: Int) {
        let rect = shadow.rect, sigma = shadow.sigma
        self.rect = rect
        self.sigma = sigma
        color = shadow.color.pixel
        // Beyond 3σ the Gaussian tail is below half a level.
        let reach = 3 * sigma + 1
        let lo = max(0, Int((rect.minX - reach).rounded(.down))), hi = min(canvasWidth, Int((rect.maxX + reach).rounded(.up)))
        columnRange = lo < hi ? lo..<hi : 0..<0
        let columns = columnRange.map { Coverage.boxShadowProfile(Double($0) + 0.5, from: rect.minX, to: rect.maxX, sigma: sigma) }
        self.columns = columns
        let first = columns.firstIndex { weight256($0) == 256 }, last = columns.lastIndex { weight256($0) == 256 }
        if let first, let last { solidColumns = (lo + first)..<(lo + last + 1) } else { solidColumns = lo..<lo }
    }

    func apply(row y: Int, dst: UnsafeMutablePointer<UInt32>, rowIsClear: Bool, scratch: UnsafeMutablePointer<UInt32>) -> Bool {
        let fy = Coverage.boxShadowProfile(Double(y) + 0.5, from: rect.minY, to: rect.maxY, sigma: sigma)
        if weight256(fy) == 0 || columnRange.isEmpty { return rowIsClear }
        if !solidColumns.isEmpty {
            SpanKernel.fill(dst + solidColumns.lowerBound, count: solidColumns.count, scalePixel(color, weight256(fy)), .sourceOver)
        }
        let left = columnRange.lowerBound..<(solidColumns.isEmpty ? columnRange.upperBound : solidColumns.lowerBound)
        let right = (solidColumns.isEmpty ? columnRange.upperBound : solidColumns.upperBound)..<columnRange.upperBound
        for edge in [left, right] {
            for x in edge {
                let w = weight256(columns[x - columnRange.lowerBound] * fy)
                if w == 0 { continue }
                dst[x] = overPixel(scalePixel(color, w), dst[x])
            }
        }
        return false
    }
}
