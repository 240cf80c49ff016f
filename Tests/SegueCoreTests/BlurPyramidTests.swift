import Testing
import SegueCore

/// The blur pyramid's rule (`BlurPyramid`, `BlurStep`): the variances it adds up must give a
/// Gaussian of exactly the σ asked for. `BlurOracleTests` checks the rendered result.
struct BlurPyramidTests {
    func variance(_ weights: [Double]) -> Double {
        let r = (weights.count - 1) / 2
        return weights.enumerated().reduce(0) { $0 + Double(($1.offset - r) * ($1.offset - r)) * $1.element }
    }

    @Test(arguments: [0.02, 0.25, 1, 2.75, 3.75, 4.6])
    func gaussianWeightsHaveExactlyTheVariance(_ v: Double) {
        let w = BlurStep.gaussianWeights(variance: v)
        #expect(abs(w.reduce(0, +) - 1) < 1e-12)
        #expect(abs(variance(w) - v) < 1e-9)
        #expect(w.indices.allSatisfy { abs(w[$0] - w[w.count - 1 - $0]) < 1e-15 })
        #expect(w.count == 2 * max(1, Int((3 * v.squareRoot()).rounded(.up))) + 1)
    }

    @Test func levelsHalveRoundingUpAndStopAtFourPixels() {
        let size = PixelSize(width: 391, height: 847)
        #expect((1...3).map { BlurPyramid.levelSize(size, level: $0) }
                == [PixelSize(width: 196, height: 424), PixelSize(width: 98, height: 212), PixelSize(width: 49, height: 106)])
        #expect(BlurPyramid.deepestLevel(for: size) == 7)      // 4×7; level 8 would be 2×4
        #expect(BlurPyramid.deepestLevel(for: PixelSize(width: 3, height: 100)) == 0)
    }

    /// Each level's passes: stride 2, weights summing to 1, centred between texel pairs, with
    /// the variance that brings the level to σ 1 of its own texels.
    @Test(arguments: [1, 2, 5])
    func levelStepsReachOneTexelOfSigma(_ k: Int) {
        let size = PixelSize(width: 391, height: 847)
        let steps = BlurPyramid.levelSteps(size, level: k)
        #expect(steps.map(\.axis) == [.horizontal, .vertical] && steps.allSatisfy { $0.stride == 2 && !$0.saturate })
        #expect(steps[1].size == BlurPyramid.levelSize(size, level: k))
        for step in steps {
            #expect(abs(step.weights.reduce(0, +) - 1) < 1e-12)
            // Variance about the point between texels 0 and 1 (relative to `first`).
            let centre = 0.5 - Double(step.first)
            let v = step.weights.enumerated().reduce(0) { $0 + (Double($1.offset) - centre) * (Double($1.offset) - centre) * $1.element }
            #expect(abs(v - (k == 1 ? 4.0 : 3.0)) < 1e-9)
        }
    }

    /// A frame's level and remaining variance add up to σ² with the level's σ and the variance
    /// the drawing layer's bilinear upscale adds.
    @Test(arguments: [0.3, 1, 2.5, 4, 6, 9, 20, 33, 60])
    func frameStepsAddUpToSigma(_ sigma: Double) {
        let size = PixelSize(width: 1920, height: 1080)
        let (level, steps) = BlurPyramid.frameSteps(sigma: sigma, saturation: 1, size: size)
        let scale = Double(1 << level)
        let held = level == 0 ? 0 : BlurPyramid.levelSigma * BlurPyramid.levelSigma + BlurPyramid.upscaleVariance
        let remaining = steps.isEmpty ? 0 : variance(steps[0].weights)
        #expect(abs((held + remaining) * scale * scale - sigma * sigma) < 1e-6 || (steps.isEmpty && remaining < BlurPyramid.negligibleVariance))
        #expect(steps.allSatisfy { $0.size == BlurPyramid.levelSize(size, level: level) && $0.stride == 1 && $0.weights.count <= 15 })
        // Deeper as σ grows: about 2 to 4 texels of σ at the level.
        if level > 0 { #expect(sigma / scale >= 1.08 && sigma / scale < 2.17) }
    }

    @Test func saturationNeedsAPassEvenWithoutBlurLeft() {
        let (level, steps) = BlurPyramid.frameSteps(sigma: 4 * (7.0 / 6).squareRoot(), saturation: 1.8, size: PixelSize(width: 64, height: 64))
        #expect(level == 2 && steps.count == 1 && steps[0].weights == [1] && steps[0].saturate)
        #expect(BlurPyramid.frameSteps(sigma: 0, saturation: 1, size: PixelSize(width: 64, height: 64)) == (0, []))
    }

    /// GL's bilinear fetches stand for the texel weights: same total, each at the weighted
    /// centre of its pair.
    @Test func bilinearTapsPairTheWeights() {
        let step = BlurPyramid.levelSteps(PixelSize(width: 64, height: 64), level: 2)[0]
        let taps = step.bilinearTaps
        #expect(taps.count == (step.weights.count + 1) / 2)
        #expect(abs(taps.map(\.weight).reduce(0, +) - 1) < 1e-12)
        // Texel first + m lies at first + m + 0.5 − stride/2 from the sampling point.
        let a = step.weights[0], b = step.weights[1]
        #expect(abs(taps[0].offset - (Double(step.first) - 0.5 + b / (a + b))) < 1e-12)
    }
}
