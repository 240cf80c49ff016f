extension Coverage {
    /// Coverage along one axis of the interval `[from, to]` blurred by a Gaussian of `sigma`:
    /// `½·(erf((x − from)/(σ√2)) − erf((x − to)/(σ√2)))`. A blurred box is the product of its
    /// two axis profiles, which is what makes drop shadows cheap in both renderers (the
    /// software one computes each column's profile once per frame). `sigma ≤ 0` gives the
    /// one-pixel edge ramp of the sharp interval.
    @inlinable
    public static func boxShadowProfile(_ x: Double, from: Double, to: Double, sigma: Double) -> Double {
        if sigma <= 0 { return clamp(min(x - from, to - x) + 0.5, 0, 1) }
        let k = 1 / (sigma * 2.0.squareRoot())
        return clamp(0.5 * (erf((x - from) * k) - erf((x - to) * k)), 0, 1)
    }
}
