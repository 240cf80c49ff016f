#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension Coverage {
    /// Coverage along one axis of a box `[from, to]` blurred by a Gaussian of `sigma`:
    /// `½·(erf((x − from)/(σ√2)) − erf((x − to)/(σ√2)))`. A blurred box is the product of its
    /// two axis profiles, which is what makes drop shadows cheap in both renderers.
    public static func boxShadowProfile(_ x: Double, from: Double, to: Double, sigma: Double) -> Double {
        let k = 1 / (sigma * 2.0.squareRoot())
        return clamp(0.5 * (approximateErf((x - from) * k) - approximateErf((x - to) * k)), 0, 1)
    }

    /// erf by Abramowitz & Stegun 7.1.26 (|error| < 1.5e-7); GLSL has no erf, and the shader
    /// uses this same polynomial.
    public static func approximateErf(_ x: Double) -> Double {
        let sign: Double = x < 0 ? -1 : 1
        let ax = abs(x)
        let t = 1 / (1 + 0.3275911 * ax)
        let poly = ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t
        return sign * (1 - poly * exp(-ax * ax))
    }
}
