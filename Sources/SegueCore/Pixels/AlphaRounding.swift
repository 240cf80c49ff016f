/// The one rounding of colour against alpha, both ways, for every part of Segue that converts
/// between its premultiplied pixels and straight values (file and encoder I/O, xfade's custom
/// expressions): whatever converts, a pixel comes back the same.
public enum AlphaRounding {
    /// A straight channel premultiplied: `round(c·a/255)` exactly, in integers.
    @inline(__always)
    public static func premultiplied(_ c: UInt32, alpha a: UInt32) -> UInt32 {
        let v = c * a + 128
        return (v + (v >> 8)) >> 8
    }

    /// A premultiplied channel made straight: `min(255, round(c·255/a))`; 0 when `a` is 0.
    @inline(__always)
    public static func straight(_ c: UInt32, alpha a: UInt32) -> UInt32 {
        a == 0 ? 0 : min(255, (c * 255 + a / 2) / a)
    }
}
