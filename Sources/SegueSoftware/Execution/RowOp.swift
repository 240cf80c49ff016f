/// One lowered draw command prepared for a frame: geometry worked out once, then applied row
/// by row by the band executor, so a row stays in cache while every command runs over it.
protocol RowOp: Sendable {
    /// Draws this command's part of row `y` into `dst` (the row's first pixel). `rowIsClear`
    /// says the row is entirely transparent black so far; returns whether it still is.
    /// `scratch` is this band's working memory: room for two rows of the canvas or of the
    /// widest source image, whichever is wider.
    func apply(row y: Int, dst: UnsafeMutablePointer<UInt32>, rowIsClear: Bool, scratch: UnsafeMutablePointer<UInt32>) -> Bool
}
