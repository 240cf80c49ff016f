import Testing
import SegueCore
import SegueSoftware
#if canImport(Glibc)
import Glibc
#endif

/// The blur held against an independent oracle: a true Gaussian of the same σ, in closed form.
/// Both renderers run the same `BlurPass.steps`, so parity alone cannot tell whether those
/// steps blur by σ at all; this suite can.
///
/// The test image is an opaque white square on a transparent canvas, at least 4σ from the
/// edges, blurred by the software renderer's `blur` command and drawn back by a layer over the
/// whole canvas, as effects draw it. A Gaussian of standard deviation σ blurs a box separably,
/// each axis to `½·(erf((b − x)/(σ√2)) − erf((a − x)/(σ√2)))` for the box `[a, b]` seen from the
/// pixel centre x; the oracle is 255 times the product of the two axes in every channel
/// (premultiplied white). The erf is the C library's, not Segue's own.
///
/// Two checks, each with the tolerance the current code meets (measured values in `cases`):
/// the largest difference from the oracle in 8-bit levels, and the blur's effective σ, the σ of
/// the true Gaussian that fits the centre row and column best, as a ratio to the σ asked for.
@Suite struct BlurOracleTests {
    struct Case: CustomStringConvertible, Sendable {
        var sigma: Double
        /// Largest difference allowed from the true Gaussian of `sigma`, in levels.
        var levels: Double
        var description: String { "σ \(sigma)" }
    }

    /// Measured on the current code, bounds about a level above. Gaussian (σ ≤ 6): largest
    /// difference 3.93 (σ 1), 3.04 (2.5), 2.63 (4), 4.21 (6) levels; effective σ ratio 0.96…0.975
    /// (the kernel is cut where a weight falls below 1/256 of the peak and renormalised, which
    /// narrows it). Dual Kawase: 14.25 (σ 8), 8.17 (12), 8.52 (16), 12.71 (20), 21.81 (24),
    /// 16.40 (40) levels; ratio 0.99…1.14 (the design fit 2ⁿ·√(0.3 + 0.47·o²) underestimates
    /// four-level pyramids).
    ///
    /// Not listed: σ the design cannot reach within KWin's offset range for any pyramid depth,
    /// 8.53…11.8 px and 27.6…34.1 px, which get the gap's upper end (measured: σ 9 blurs as
    /// σ 11.9, ratio 1.33; σ 28 as σ 37.9, ratio 1.36).
    static let cases: [Case] = [
        Case(sigma: 1, levels: 5), Case(sigma: 2.5, levels: 5), Case(sigma: 4, levels: 5), Case(sigma: 6, levels: 5),
        Case(sigma: 8, levels: 15.5), Case(sigma: 12, levels: 9.5), Case(sigma: 16, levels: 9.5), Case(sigma: 20, levels: 14),
        Case(sigma: 24, levels: 23), Case(sigma: 40, levels: 17.5),
    ]

    /// The effective σ's accepted ratio to the σ asked for, per method.
    static func acceptedRatio(_ method: BlurMethod) -> ClosedRange<Double> {
        switch method {
        case .gaussian: return 0.94...1.0
        case .dualKawase: return 0.96...1.16
        }
    }

    /// Side of the white square, in pixels.
    static let side = 48

    static func canvasSize(sigma: Double) -> PixelSize {
        let margin = Int((4 * sigma).rounded(.up)) + 8
        let extent = (side + 2 * margin + 31) / 32 * 32       // whole pyramid levels down to 1/32
        return PixelSize(width: extent, height: extent)
    }

    static func blurredSquare(_ method: BlurMethod, size: PixelSize) throws -> PixelBuffer {
        var square = PixelBuffer(size: size)
        let origin = (size.width - side) / 2
        for y in origin..<(origin + side) {
            for x in origin..<(origin + side) {
                let i = (y * size.width + x) * 4
                square.bytes.replaceSubrange(i..<(i + 4), with: [255, 255, 255, 255])
            }
        }
        let plan = FramePlan(size: size, time: 0, progress: 0, commands: [
            .blur(BlurPass(input: .from, output: "blurred", method: method)),
            .clear(.clear),
            .layer(Layer(source: .named("blurred"), frame: Rect(size: size))),
        ])
        var frame = PixelBuffer(size: size)
        try SoftwareRenderer().render(plan, images: ImageSet([.from: square]), into: &frame)
        return frame
    }

    /// The true Gaussian of `sigma` along one axis of the square, at every pixel centre.
    static func axis(_ count: Int, sigma: Double) -> [Double] {
        let a = Double((count - side) / 2), b = a + Double(side)
        let scale = 1 / (sigma * 2.0.squareRoot())
        return (0..<count).map { i in
            let x = Double(i) + 0.5
            return 0.5 * (erf((b - x) * scale) - erf((a - x) * scale))
        }
    }

    /// Largest difference in levels, over `pixels` (default: all) and every channel, from the
    /// square blurred by a true Gaussian of `sigma`.
    static func largestError(_ frame: PixelBuffer, sigma: Double, pixels: [(x: Int, y: Int)]? = nil) -> Double {
        let columns = axis(frame.width, sigma: sigma), rows = axis(frame.height, sigma: sigma)
        var worst = 0.0
        func check(_ x: Int, _ y: Int) {
            let expected = 255 * columns[x] * rows[y]
            let i = (y * frame.width + x) * 4
            for c in 0..<4 { worst = max(worst, abs(Double(frame.bytes[i + c]) - expected)) }
        }
        if let pixels {
            for p in pixels { check(p.x, p.y) }
        } else {
            for y in 0..<frame.height { for x in 0..<frame.width { check(x, y) } }
        }
        return worst
    }

    /// The σ of the true Gaussian that fits the centre row and column of `frame` best (least
    /// largest error), searched from 0.6σ to 1.6σ in steps of 0.5 %.
    static func effectiveSigma(_ frame: PixelBuffer, near sigma: Double) -> Double {
        let middle = frame.width / 2
        let cross = (0..<frame.width).map { (x: $0, y: middle) } + (0..<frame.height).map { (x: middle, y: $0) }
        let candidates = stride(from: 0.6, through: 1.6, by: 0.005).map { sigma * $0 }
        return candidates.min { largestError(frame, sigma: $0, pixels: cross) < largestError(frame, sigma: $1, pixels: cross) } ?? sigma
    }

    /// Whether `frame` passes as the square blurred by a Gaussian of `sigma`, within `levels`.
    static func agrees(_ frame: PixelBuffer, sigma: Double, levels: Double, method: BlurMethod) -> (Bool, String) {
        let error = largestError(frame, sigma: sigma)
        let ratio = effectiveSigma(frame, near: sigma) / sigma
        let passes = error <= levels && acceptedRatio(method).contains(ratio)
        return (passes, "largest error \(error) levels (bound \(levels)), effective σ ratio \(ratio) (accepted \(acceptedRatio(method)))")
    }

    @Test(arguments: cases)
    func blurIsAGaussianOfTheRequestedSigma(_ test: Case) throws {
        let method = BlurMethod.forSigma(test.sigma)
        let frame = try Self.blurredSquare(method, size: Self.canvasSize(sigma: test.sigma))
        let (passes, report) = Self.agrees(frame, sigma: test.sigma, levels: test.levels, method: method)
        print("blur oracle σ \(test.sigma) \(method): \(report)")
        #expect(passes, "σ \(test.sigma) \(method): \(report)")
        // The same frame is not a Gaussian 30 % wider or narrower: the check can fail.
        for wrong in [test.sigma * 1.3, test.sigma / 1.3] {
            let (alsoPasses, wrongReport) = Self.agrees(frame, sigma: wrong, levels: test.levels, method: method)
            #expect(!alsoPasses, "σ \(test.sigma) \(method) also passes as σ \(wrong): \(wrongReport)")
        }
    }
}
