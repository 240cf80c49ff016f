import SegueCore

/// `smpteWipe` (`smpte-wipe.frag`): per pixel the wipe's mask value through the frame's
/// threshold (`SMPTEThreshold.alpha`, GStreamer's smptealpha rule) gives `from`'s weight over
/// `to`; pixels the threshold has passed, or not reached, are copies.
///
/// `@unchecked Sendable`: the pointers address images pinned, and only read, for the frame.
struct SMPTEWipeOp: RowOp, @unchecked Sendable {
    let from: UnsafePointer<UInt32>
    let to: UnsafePointer<UInt32>
    let wipe: LoweredSMPTEWipe
    let width: Int

    func apply(row y: Int, dst: UnsafeMutablePointer<UInt32>, rowIsClear: Bool, scratch: UnsafeMutablePointer<UInt32>) -> Bool {
        let offset = y * width
        let f = from + offset, t = to + offset
        let threshold = wipe.threshold
        wipe.mask.values.withUnsafeBufferPointer { values in
            // The mask has the canvas's size (lowering made it for this canvas).
            guard let base = values.baseAddress, values.count >= offset + width else { return }
            let m = base + offset
            for x in 0..<width {
                let a = threshold.alpha(m[x])
                if a == 255 {
                    dst[x] = f[x]
                } else if a == 0 {
                    dst[x] = t[x]
                } else {
                    // a / 255 as a weight of 256, rounded (as `weight256` rounds it).
                    dst[x] = lerpPixel(t[x], f[x], (a * 512 + 255) / 510)
                }
            }
        }
        return false
    }

    func cover(row y: Int) -> RowCover { .replacesRow }
}
