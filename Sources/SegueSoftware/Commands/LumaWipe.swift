import SegueCore

/// `lumaWipe` (`luma-wipe.frag`): per pixel the mask's luma sets the weight of `to` over
/// `from` (`Reveal.maskLuma`, `Reveal.wipeWeight`).
///
/// `@unchecked Sendable`: the pointers address images pinned, and only read, for the frame.
struct LumaWipeOp: RowOp, @unchecked Sendable {
    let from: UnsafePointer<UInt32>
    let to: UnsafePointer<UInt32>
    let mask: UnsafePointer<UInt32>
    let progress: Double
    let softness: Double
    let width: Int

    func apply(row y: Int, dst: UnsafeMutablePointer<UInt32>, rowIsClear: Bool, scratch: UnsafeMutablePointer<UInt32>) -> Bool {
        let offset = y * width
        let f = from + offset, t = to + offset, m = mask + offset
        for x in 0..<width {
            let p = m[x]
            let luma = Reveal.maskLuma(r: Double(p & 0xFF) / 255, g: Double((p >> 8) & 0xFF) / 255, b: Double((p >> 16) & 0xFF) / 255)
            dst[x] = lerpPixel(f[x], t[x], weight256(Reveal.wipeWeight(mask: luma, progress: progress, softness: softness)))
        }
        return false
    }
}
