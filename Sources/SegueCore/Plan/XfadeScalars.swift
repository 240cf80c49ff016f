/// vf_xfade.c's scalar helpers (FFmpeg libavfilter), in single precision and its operation
/// order, for what Core computes once per frame and the software rows compute per pixel
/// (`XfadeMath` forwards to these). GL twins: the same functions in xfade.glsl.
public enum XfadeScalars {
    /// Hermite step of `x` between the edges, clamped to 0…1.
    @inlinable @inline(__always)
    public static func smoothstep(_ edge0: Float, _ edge1: Float, _ x: Float) -> Float {
        let t = min(max((x - edge0) / (edge1 - edge0), 0), 1)
        return t * t * (3 - 2 * t)
    }

    @inlinable @inline(__always)
    public static func fract(_ x: Float) -> Float { x - x.rounded(.down) }
}
