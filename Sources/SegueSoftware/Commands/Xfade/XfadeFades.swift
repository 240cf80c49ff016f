import SegueCore

/// xfade's fades (GL twin: `xfade-fades.frag`). Each channel in float on 0…255, truncated as
/// xfade stores a float into an 8-bit sample.
enum XfadeFades {
    static func draw(_ transition: XfadeTransition, row y: Int, into dst: UnsafeMutablePointer<UInt32>, _ images: XfadeImages) {
        let a = images.from + y * images.width, b = images.to + y * images.width
        let p = images.progress
        switch transition {
        case .fade:
            for x in 0..<images.width { dst[x] = mapChannels(a[x], b[x]) { $0 * p + $1 * (1 - p) } }
        default:
            for x in 0..<images.width { dst[x] = a[x] }
        }
    }

    /// Applies `f` to each of the four 8-bit channels of two pixels, truncating the result.
    @inline(__always)
    static func mapChannels(_ a: UInt32, _ b: UInt32, _ f: (Float, Float) -> Float) -> UInt32 {
        var out: UInt32 = 0
        for shift in stride(from: 0, to: 32, by: 8) {
            let v = f(Float((a >> UInt32(shift)) & 0xFF), Float((b >> UInt32(shift)) & 0xFF))
            out |= UInt32(min(max(v, 0), 255)) << UInt32(shift)
        }
        return out
    }
}
