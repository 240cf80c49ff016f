#if canImport(Glibc)
import Glibc
#endif

/// xfade's pseudo-random function (`frand` in FFmpeg's vf_xfade.c): the fractional part of
/// `sin(x·12.9898 + y·78.233)·43758.545`, all in single precision with the C library's `sinf`.
/// `dissolve` and the winds threshold it. A GPU's `sin` differs from the C library's at these
/// arguments, so both renderers read this one field (computed once per canvas size), never
/// their own sine.
public enum XfadeNoise {
    public static func value(x: Int, y: Int) -> Float {
        let r = sinf(Float(x) * 12.9898 + Float(y) * 78.233) * 43758.545
        return r - r.rounded(.down)
    }
}
