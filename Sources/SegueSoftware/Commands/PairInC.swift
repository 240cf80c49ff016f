import CSegueKernels
import SegueCore

/// A pair whose rows `segue_pair_rows` draws in C, a run of rows per call: its two layers as
/// C describes them. Drawing a magic move's element rows one by one from Swift had cost
/// more than their pixels. A pair qualifies when both layers sample through column tables
/// (`LayerOp.sampling`) and span the same columns of the canvas (a view transition's two images
/// as wide as their group, a hero's two snapshots in one frame): whatever rows each covers,
/// a row is then drawn over one span.
struct PairInC {
    let first: segue_pair_layer
    let second: segue_pair_layer

    init?(_ a: LayerOp, _ b: LayerOp) {
        guard let first = a.inC, let second = b.inC, a.columnsForC?.range == b.columnsForC?.range else { return nil }
        self.first = first
        self.second = second
    }

    /// Whether the pair's layers span the same canvas columns: it is then drawn in C, its
    /// layers made for it (`LayerOp.init(drawnInC:)`).
    static func spansOneRange(_ pair: LoweredPair, canvasWidth: Int) -> Bool {
        ColumnTable.columns(of: pair.first.frame, canvasWidth: canvasWidth) == ColumnTable.columns(of: pair.second.frame, canvasWidth: canvasWidth)
    }
}

extension LayerOp {
    /// The layer as `segue_pair_rows` draws it; nil unless made for C and sampled through a
    /// column table there.
    var inC: segue_pair_layer? {
        guard let sampling else { return nil }
        let straightRows = straightRowsForC.map { ($0.rows.lowerBound, $0.lowerStart, $0.rows.upperBound) } ?? (0, 0, 0)
        return segue_pair_layer(sampling: sampling, shape: segue_rr(frame, radii), opacity: opacity,
                                straightStart: Int32(straightRows.0), straightLower: Int32(straightRows.1),
                                straightEnd: Int32(straightRows.2))
    }
}
