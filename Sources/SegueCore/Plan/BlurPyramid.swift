/// The blur pyramid of an image, and how a frame's blur of any σ is read from it: the rule
/// both renderers follow (docs/ARCHITECTURE.md "blur").
///
/// Level 0 is the image. Level k ≥ 1 is the image blurred by a Gaussian of σ = 2ᵏ pixels
/// (`levelSigma` of its own texels) at half the size of level k − 1 (`levelSize`, rounded up):
/// a Gaussian pass then a 2-texel average, on each axis (`levelSteps`). Its content depends
/// only on the image, so a renderer builds it once per unchanging input (a snapshot) and keeps
/// it across frames. A frame's blur of σ starts from the deepest level that σ reaches and adds
/// the rest as a small Gaussian at that level's size (`frameSteps`): Gaussians compose by adding
/// variances, so the result is a Gaussian of σ, at about 2 to 4 texels of σ however large σ
/// is; the layer that draws it scales it up bilinearly.
public enum BlurPyramid {
    /// σ of every level ≥ 1, in its own texels: enough that halving aliases under 1 %.
    public static let levelSigma = 1.0
    /// Variance (texels²) a bilinear upscale adds on average over the subpixel phase, that of
    /// its hat filter: a frame's blur leaves it out, since the drawing layer adds it.
    public static let upscaleVariance = 1.0 / 6
    /// A frame's remaining variance below this (texels²) is left out: a Gaussian this narrow
    /// moves a pixel by under 3 % of its neighbours' difference.
    public static let negligibleVariance = 0.05
    /// Levels stop where the shorter side would fall under this many pixels.
    public static let smallestSide = 4

    /// Size of level `k`: the image's halved `k` times, rounded up.
    public static func levelSize(_ size: PixelSize, level k: Int) -> PixelSize {
        var s = size
        for _ in 0..<max(k, 0) { s = PixelSize(width: (s.width + 1) / 2, height: (s.height + 1) / 2) }
        return s
    }

    /// The deepest level of an image of `size`: its shorter side stays at least `smallestSide`.
    public static func deepestLevel(for size: PixelSize) -> Int {
        var k = 0
        while min(levelSize(size, level: k + 1).width, levelSize(size, level: k + 1).height) >= smallestSide,
              levelSize(size, level: k + 1) != levelSize(size, level: k) {
            k += 1
        }
        return k
    }

    /// The passes making level `k` ≥ 1 from level `k − 1` of an image of `size`: on each axis a
    /// Gaussian then the average of texel pairs, in one pass of stride 2; the Gaussian's
    /// variance brings the level to `levelSigma` of its own texels (4·levelSigma² of level
    /// k − 1's, which already holds levelSigma² when k ≥ 2; the pair average adds ¼).
    public static func levelSteps(_ size: PixelSize, level k: Int) -> [BlurStep] {
        let source = levelSize(size, level: k - 1), target = levelSize(size, level: k)
        let held = k >= 2 ? levelSigma * levelSigma : 0
        let g = BlurStep.gaussianWeights(variance: 4 * levelSigma * levelSigma - held - 0.25)
        let r = (g.count - 1) / 2
        // Texel 2i + j (j = −r…r+1) is read by the Gaussian at 2i and at 2i + 1, halved.
        let weights = (-r...(r + 1)).map { j -> Double in
            let at = j + r, before = j - 1 + r
            return 0.5 * ((at < g.count ? g[at] : 0) + (before >= 0 ? g[before] : 0))
        }
        let halfWidth = PixelSize(width: target.width, height: source.height)
        return [BlurStep(axis: .horizontal, size: halfWidth, stride: 2, first: -r, weights: weights, saturate: false),
                BlurStep(axis: .vertical, size: target, stride: 2, first: -r, weights: weights, saturate: false)]
    }

    /// A frame's blur of `sigma` input pixels from the pyramid of an image of `size`: the level
    /// it starts from and the passes it runs there (none when the level is the blur itself and
    /// `saturation` is 1). σ beyond what the deepest level reaches with a small Gaussian is
    /// blurred as that (the image is a smear of its edges long before).
    public static func frameSteps(sigma: Double, saturation: Double, size: PixelSize) -> (level: Int, steps: [BlurStep]) {
        let deepest = deepestLevel(for: size)
        let held = levelSigma * levelSigma + upscaleVariance
        var level = 0
        var variance = sigma.isFinite ? max(sigma, 0) * max(sigma, 0) : 0
        while level < deepest && variance / 4 >= held {
            variance /= 4
            level += 1
        }
        var remaining = min(variance, 4 * held) - (level == 0 ? 0 : held)
        if remaining < negligibleVariance { remaining = 0 }
        let target = levelSize(size, level: level)
        var steps: [BlurStep] = []
        if remaining > 0 {
            let g = BlurStep.gaussianWeights(variance: remaining)
            let r = (g.count - 1) / 2
            steps = [BlurStep(axis: .vertical, size: target, stride: 1, first: -r, weights: g, saturate: false),
                     BlurStep(axis: .horizontal, size: target, stride: 1, first: -r, weights: g, saturate: false)]
        }
        if saturation != 1 {
            if steps.isEmpty { steps = [BlurStep(axis: .horizontal, size: target, stride: 1, first: 0, weights: [1], saturate: true)] }
            steps[steps.count - 1].saturate = true
        }
        return (level, steps)
    }
}
