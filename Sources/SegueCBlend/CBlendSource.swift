/// The C blend of two RGBA frames (`cblend.c` beside this file), embedded at build time so
/// `segue bench --compare-ffmpeg` can compile it for the machine it measures, from any working
/// directory. The Benchmarks package compiles the same file: it is the one copy.
public enum CBlendSource {
    /// The C source text.
    public static let text = String(decoding: PackageResources.cblend_c, as: UTF8.self)
    /// The compiler flag that adds the timing `main` (arguments: pixels, frames, threads; prints
    /// the ms per frame of five timed runs, one per line).
    public static let timingMainDefine = "-DCBLEND_TIMING_MAIN"
}
