// Shape coverage shared by every built-in program; the same formulas as
// Sources/SegueCore/Geometry/Coverage.swift (the software renderer). Canvas pixels, y down.

// Signed distance from p to a rounded rectangle (x, y, w, h) with per-corner radii
// (topLeft, topRight, bottomRight, bottomLeft); negative inside.
float segueRoundedRectDistance(vec2 p, vec4 rect, vec4 radii) {
    vec2 halfSize = rect.zw * 0.5;
    vec2 q0 = p - (rect.xy + halfSize);
    float r = q0.x < 0.0 ? (q0.y < 0.0 ? radii.x : radii.w) : (q0.y < 0.0 ? radii.y : radii.z);
    vec2 q = abs(q0) - halfSize + r;
    return min(max(q.x, q.y), 0.0) + length(max(q, 0.0)) - r;
}

float segueCircleDistance(vec2 p, vec2 center, float radius) {
    return length(p - center) - radius;
}

// One-pixel edge ramp, widened by `feather` pixels.
float segueCoverage(float d, float feather) {
    return clamp(0.5 - d / (1.0 + max(feather, 0.0)), 0.0, 1.0);
}

// Error function, Abramowitz-Stegun 7.1.26: the constants of Coverage.erf.
float segueErf(float x) {
    float a = abs(x);
    float t = 1.0 / (1.0 + 0.3275911 * a);
    float poly = ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t;
    float y = 1.0 - poly * exp(-a * a);
    return x < 0.0 ? -y : y;
}

// One axis of the interval [from, to] blurred by a Gaussian of standard deviation sigma
// (Coverage.boxShadowProfile); sigma <= 0 is the sharp interval's one-pixel ramp.
float segueShadowProfile(float x, float from, float to, float sigma) {
    if (sigma <= 0.0) {
        return clamp(min(x - from, to - x) + 0.5, 0.0, 1.0);
    }
    float k = 1.0 / (sigma * sqrt(2.0));
    return clamp(0.5 * (segueErf((x - from) * k) - segueErf((x - to) * k)), 0.0, 1.0);
}

// Coverage of rect (x, y, w, h) blurred by a Gaussian (a drop shadow): the product of its
// axis profiles (Coverage.boxShadow).
float segueBoxShadow(vec2 p, vec4 rect, float sigma) {
    return segueShadowProfile(p.x, rect.x, rect.x + rect.z, sigma)
         * segueShadowProfile(p.y, rect.y, rect.y + rect.w, sigma);
}
