#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// xfade's pseudo-random function (`frand` in FFmpeg libavfilter/vf_xfade.c): the fractional
/// part of `sin(x·12.9898 + y·78.233)·43758.545`, all in single precision with the C library's
/// `sinf` (ffmpeg 5.1's `dissolve` frames match this exactly; the same expression with double
/// constants, as older sources read, does not). `dissolve` and the winds threshold it.
public enum XfadeNoise {
    public static func value(x: Int, y: Int) -> Float {
        let r = sinf(Float(x) * 12.9898 + Float(y) * 78.233) * 43758.545
        return r - r.rounded(.down)
    }
}

/// `XfadeNoise` over a whole canvas, row by row (`values[y·width + x]`), computed once per size
/// and shared: the software renderer reads these floats, the GL renderer uploads the same
/// floats as a texture. A GPU's `sin` differs from the C library's at these arguments, and
/// the fractional part of a product near 43758 magnifies any difference, so no shader computes
/// the noise itself.
public final class XfadeNoiseField: Sendable {
    public let size: PixelSize
    public let values: [Float]

    private init(_ size: PixelSize) {
        self.size = size
        var values = [Float](repeating: 0, count: size.width * size.height)
        for y in 0..<size.height {
            for x in 0..<size.width { values[y * size.width + x] = XfadeNoise.value(x: x, y: y) }
        }
        self.values = values
    }

    /// The field of `size`; the last few sizes asked for are kept (a job renders one size).
    public static func shared(_ size: PixelSize) -> XfadeNoiseField {
        if let field = recent.withLock({ fields in fields.first { $0.size == size } }) { return field }
        let field = XfadeNoiseField(size)
        recent.withLock { fields in
            fields.removeAll { $0.size == size }
            fields.insert(field, at: 0)
            if fields.count > keptSizes { fields.removeLast() }
        }
        return field
    }

    private static let keptSizes = 4
    private static let recent = Mutex<[XfadeNoiseField]>([])
}
