import SegueCore

/// `clear`: every pixel of the row set to one premultiplied colour.
struct ClearOp: RowOp {
    let color: UInt32
    let width: Int

    init(_ color: PremultipliedColor, width: Int) {
        self.color = color.pixel
        self.width = width
    }

    func apply(row y: Int, dst: UnsafeMutablePointer<UInt32>, rowIsClear: Bool, scratch: UnsafeMutablePointer<UInt32>) -> Bool {
        if color == 0 && rowIsClear { return true }
        dst.update(repeating: color, count: width)
        return color == 0
    }

    func cover(row y: Int) -> RowCover { .replacesRow }
    var clearsToTransparent: Bool { color == 0 }
}
