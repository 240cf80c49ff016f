/// A blurred copy of an image, made before the frame's drawing: later commands draw it as
/// `.named(output)`. The blur is a Gaussian of standard deviation `sigma` input pixels, computed
/// from the input's blur pyramid (`BlurPyramid`): both renderers run exactly the passes the
/// lowering works out (`LoweredBlur`), so their results agree to the 8-bit rounding of each pass.
public struct BlurPass: Codable, Hashable, Sendable {
    public var input: ImageRef
    public var output: String
    /// Standard deviation of the Gaussian, in input pixels (≤ 0: no blur).
    public var sigma: Double
    /// Luminance-preserving saturation applied to the result (1 = none), Rec. 709 weights.
    public var saturation: Double

    public init(input: ImageRef, output: String, sigma: Double, saturation: Double = 1) {
        self.input = input; self.output = output; self.sigma = sigma; self.saturation = saturation
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
