// Blur maths shared by both renderers (BradLarson/GPUImage `GPUImageGaussianBlurFilter`; KDE KWin `src/plugins/blur`). The engine picks the method and
// its exact parameters (`BlurMethod.forSigma`); each renderer runs exactly that method with
// the taps computed here, so their results agree to the 8-bit rounding of each pass.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How a blur is computed.
public enum BlurMethod: Codable, Hashable, Sendable {
    /// Separable Gaussian of standard deviation `sigma` px: a vertical then a horizontal pass,
    /// each `GaussianKernel(sigma:).pairs` bilinear tap pairs plus the centre tap.
    case gaussian(sigma: Double)
    /// Dual Kawase: `iterations` downsample passes to a half-size pyramid, then as many
    /// upsample passes back, taps `offset` half-texels from the centre.
    case dualKawase(iterations: Int, offset: Double)

    /// Largest σ blurred with the Gaussian: beyond it the Gaussian's taps (∝ σ) cost more than
    /// the dual Kawase chain's ~12 fetches per pixel, which stays flat as σ grows.
    public static let gaussianLimit = 6.0

    /// The method for a Gaussian blur of standard deviation `sigma` px: exact Gaussian for small
    /// σ, dual Kawase designed to the same σ above `gaussianLimit`.
    public static func forSigma(_ sigma: Double) -> BlurMethod {
        if sigma <= gaussianLimit { return .gaussian(sigma: max(sigma, 0)) }
        let (n, o) = DualKawase.design(sigma: sigma)
        return .dualKawase(iterations: n, offset: o)
    }
}

/// One tap pair of the linear-sampling Gaussian: texels `±offset` away, each weighted `weight`.
public struct GaussianTap: Hashable, Sendable {
    public var offset: Double
    public var weight: Double
}

/// GPUImage's optimised Gaussian: weights cut where they fall below 1/256 of the peak,
/// renormalised, and pairs of texels merged into one bilinear fetch each.
public struct GaussianKernel: Hashable, Sendable {
    public let sigma: Double
    /// Sample radius in texels (even).
    public let radius: Int
    public let centreWeight: Double
    public let pairs: [GaussianTap]

    public init(sigma: Double) {
        guard sigma > 0 else {
            self.init(sigma: 0, radius: 0)
            return
        }
        let r = max(Int((-2 * sigma * sigma * log((2 * Double.pi * sigma * sigma).squareRoot() / 256)).squareRoot().rounded(.down)), 0)
        self.init(sigma: sigma, radius: r + r % 2)
    }

    /// The kernel with an explicit sample radius (GPUImage's default instance uses σ = 2, r = 4).
    public init(sigma: Double, radius r: Int) {
        self.sigma = sigma
        guard sigma > 0, r > 0 else {
            radius = 0; centreWeight = 1; pairs = []
            return
        }
        radius = r
        var g = (0...r).map { exp(-Double($0 * $0) / (2 * sigma * sigma)) / (2 * Double.pi * sigma * sigma).squareRoot() }
        let total = g[0] + 2 * g.dropFirst().reduce(0, +)
        g = g.map { $0 / total }
        centreWeight = g[0]
        var pairs: [GaussianTap] = []
        var j = 0
        while 2 * j + 1 <= r {
            let a = g[2 * j + 1], b = 2 * j + 2 <= r ? g[2 * j + 2] : 0
            let w = a + b
            pairs.append(GaussianTap(offset: (a * Double(2 * j + 1) + b * Double(2 * j + 2)) / w, weight: w))
            j += 1
        }
        self.pairs = pairs
    }
}

/// Dual Kawase pyramid geometry and design.
public enum DualKawase {
    /// KWin's per-level offset ranges `{minOffset, maxOffset}` for 1…4 iterations; deeper
    /// pyramids keep the last range.
    public static let offsetRanges: [(Double, Double)] = [(1, 2), (2, 3), (2, 5), (3, 8)]

    public static func offsetRange(iterations n: Int) -> (Double, Double) {
        offsetRanges[min(max(n, 1), offsetRanges.count) - 1]
    }

    /// KWin's blur strength 1…15 → (iterations, offset), spread over its level table.
    public static func strength(_ s: Int) -> (iterations: Int, offset: Double) {
        // Steps per level as KWin spreads 15 slider steps over 4 levels: 2, 2, 5, 6.
        let steps = [2, 2, 5, 6]
        var remaining = min(max(s, 1), 15)
        for (level, count) in steps.enumerated() {
            if remaining <= count {
                let (lo, hi) = offsetRanges[level]
                return (level + 1, lo + (hi - lo) * Double(remaining) / Double(count))
            }
            remaining -= count
        }
        return (4, 8)
    }

    /// Equivalent Gaussian σ of `iterations`/`offset` (the fit `2^n · √(0.3 + 0.47·o²)`).
    public static func equivalentSigma(iterations n: Int, offset o: Double) -> Double {
        Double(1 << n) * (0.3 + 0.47 * o * o).squareRoot()
    }

    /// The shallowest pyramid whose level can reach `sigma` within its offset range, and the
    /// offset the inverse fit gives (clamped to the range). Levels are capped where the
    /// smallest level would be a few pixels.
    public static func design(sigma: Double, maxIterations: Int = 6) -> (iterations: Int, offset: Double) {
        for n in 1...maxIterations {
            let (lo, hi) = offsetRange(iterations: n)
            let k = sigma / Double(1 << n)
            let o = ((k * k - 0.3) / 0.47).squareRoot()
            if !(o > hi) || n == maxIterations { return (n, clamp(o.isNaN ? lo : o, lo, hi)) }
        }
        return (maxIterations, offsetRange(iterations: maxIterations).1)
    }

    /// Size of pyramid level `i` (0 = the image): `floor(size / 2^i)`, at least 1.
    public static func levelSize(_ size: PixelSize, level i: Int) -> PixelSize {
        PixelSize(width: max(1, size.width >> i), height: max(1, size.height >> i))
    }

    /// Downsample taps in source texels from the sampling point: centre ×4, four diagonals ×1, /8.
    public static func downsampleTaps(offset o: Double) -> [(dx: Double, dy: Double, weight: Double)] {
        let h = 0.5 * o
        return [(0, 0, 0.5), (-h, -h, 0.125), (h, h, 0.125), (h, -h, 0.125), (-h, h, 0.125)]
    }

    /// Upsample taps in source texels: four edge taps ×1/12, four diagonal taps ×1/6.
    public static func upsampleTaps(offset o: Double) -> [(dx: Double, dy: Double, weight: Double)] {
        let h = 0.5 * o
        return [(-2 * h, 0, 1.0 / 12), (0, 2 * h, 1.0 / 12), (2 * h, 0, 1.0 / 12), (0, -2 * h, 1.0 / 12),
                (-h, h, 1.0 / 6), (h, h, 1.0 / 6), (h, -h, 1.0 / 6), (-h, -h, 1.0 / 6)]
    }
}

/// A blurred copy of an image, made before the frame's drawing: later commands draw it as
/// `.named(output)`.
public struct BlurPass: Codable, Hashable, Sendable {
    public var input: ImageRef
    public var output: String
    public var method: BlurMethod
    /// Luminance-preserving saturation applied to the result (1 = none), Rec. 709 weights.
    public var saturation: Double

    public init(input: ImageRef, output: String, method: BlurMethod, saturation: Double = 1) {
        self.input = input; self.output = output; self.method = method; self.saturation = saturation
    }

    /// The 3×3 saturation matrix (rows = output r, g, b) with weights (0.2126, 0.7152,
    /// 0.0722); `blur.frag` builds the same matrix from `u_saturation`.
    public static func saturationMatrix(_ s: Double) -> [Double] {
        let r = (1 - s) * 0.2126, g = (1 - s) * 0.7152, b = (1 - s) * 0.0722
        return [r + s, g, b,
                r, g + s, b,
                r, g, b + s]
    }
}

/// One render pass of a blur: every pixel of a `size` target is `Σ weight · bilinear(source,
/// p·ratio + (dx, dy))` in source texels (p the target pixel centre, ratio = source size /
/// target size), rounded to 8 bits; the last pass also applies the saturation. Both renderers
/// run exactly these passes (`blur.frag`, `SoftwareBlur`).
public struct BlurStep: Hashable, Sendable {
    public struct Tap: Hashable, Sendable {
        public var dx: Double, dy: Double, weight: Double
    }
    public var size: PixelSize
    public var taps: [Tap]
    public var saturate: Bool
}

extension BlurPass {
    /// The passes for an input of `size`, in order; each reads the previous one's output
    /// (the first reads the input). Gaussian: vertical then horizontal at full size;
    /// dual Kawase: down the half-size pyramid, then back up to half size: the derived
    /// image is then smaller than the input, and layers draw it scaled.
    public func steps(for size: PixelSize) -> [BlurStep] {
        var steps: [BlurStep] = []
        switch method {
        case .gaussian(let sigma):
            let kernel = GaussianKernel(sigma: sigma)
            for vertical in [true, false] {
                var taps = [BlurStep.Tap(dx: 0, dy: 0, weight: kernel.centreWeight)]
                for pair in kernel.pairs {
                    for o in [pair.offset, -pair.offset] {
                        taps.append(vertical ? BlurStep.Tap(dx: 0, dy: o, weight: pair.weight) : BlurStep.Tap(dx: o, dy: 0, weight: pair.weight))
                    }
                }
                steps.append(BlurStep(size: size, taps: taps, saturate: false))
            }
        case .dualKawase(let n, let offset):
            let down = DualKawase.downsampleTaps(offset: offset).map { BlurStep.Tap(dx: $0.dx, dy: $0.dy, weight: $0.weight) }
            let up = DualKawase.upsampleTaps(offset: offset).map { BlurStep.Tap(dx: $0.dx, dy: $0.dy, weight: $0.weight) }
            for level in stride(from: 1, through: max(n, 1), by: 1) {
                steps.append(BlurStep(size: DualKawase.levelSize(size, level: level), taps: down, saturate: false))
            }
            // Back up to half size only (full size when the pyramid has one level): the layer
            // that draws the result scales it up bilinearly, which after a blur this wide is
            // indistinguishable from the last upsample and costs a quarter of its work.
            let top = n >= 2 ? 1 : 0
            for level in stride(from: max(n, 1) - 1, through: top, by: -1) {
                steps.append(BlurStep(size: DualKawase.levelSize(size, level: level), taps: up, saturate: false))
            }
        }
        steps[steps.count - 1].saturate = saturation != 1
        return steps
    }
}
