#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One render pass of a blur, along one axis: target texel `i` on that axis is
/// `Σₘ weights[m] · source[clamp(stride·i + first + m)]` (the other axis is copied, texels
/// clamped to the edge), rounded to 8 bits; the last pass of a frame's blur also applies the
/// saturation. Both renderers run exactly these passes (`blur.frag`, `SoftwareBlur`).
public struct BlurStep: Hashable, Sendable {
    public enum Axis: Hashable, Sendable { case horizontal, vertical }

    /// A bilinear fetch standing for two neighbouring weighted texels: `offset` source texels
    /// from the target texel's centre mapped into the source (`(i + 0.5)·stride`).
    public struct Tap: Hashable, Sendable {
        public var offset: Double
        public var weight: Double
    }

    public var axis: Axis
    /// The target's size.
    public var size: PixelSize
    /// Source texels per target texel along `axis`: 1, or 2 where the pass halves the image.
    public var stride: Int
    /// The first texel each target texel reads, relative to `stride·i`.
    public var first: Int
    /// Texel weights, summing to 1.
    public var weights: [Double]
    public var saturate: Bool

    /// The weights as bilinear fetches, neighbouring texels paired into one fetch at the
    /// point between them that weights them right (GPUImage's linear-sampling trick; exact,
    /// clamp-to-edge included, up to the GPU's 8-bit filter weights). GL runs these.
    public var bilinearTaps: [Tap] {
        var taps: [Tap] = []
        var m = 0
        while m < weights.count {
            let offset = Double(first + m) + 0.5 - Double(stride) / 2
            let a = weights[m], b = m + 1 < weights.count ? weights[m + 1] : 0
            taps.append(Tap(offset: a + b > 0 ? offset + b / (a + b) : offset, weight: a + b))
            m += 2
        }
        return taps
    }

    /// Symmetric texel weights `w₋ᵣ…wᵣ` of a sampled Gaussian whose variance is exactly
    /// `variance` texels² (its width solved for, since a sampled, cut and renormalised Gaussian
    /// of σ has a slightly different variance than σ²): variances then add up exactly along
    /// the pyramid. `r = ⌈3σ⌉`.
    public static func gaussianWeights(variance: Double) -> [Double] {
        guard variance.isFinite, variance > 0 else { return [1] }
        let v = min(variance, 64)
        let r = max(1, Int((3 * v.squareRoot()).rounded(.up)))
        func weights(_ s: Double) -> [Double] {
            let w = (-r...r).map { exp(-Double($0 * $0) / (2 * s * s)) }
            let total = w.reduce(0, +)
            return w.map { $0 / total }
        }
        func varianceOf(_ w: [Double]) -> Double {
            zip(-r...r, w).reduce(0) { $0 + Double($1.0 * $1.0) * $1.1 }
        }
        var lo = 1e-3, hi = 2 * v.squareRoot() + 1
        for _ in 0..<60 {
            let mid = (lo + hi) / 2
            if varianceOf(weights(mid)) < v { lo = mid } else { hi = mid }
        }
        return weights((lo + hi) / 2)
    }
}
