// Shape coverage shared by every built-in program; the same formulas as
// Sources/SegueCore/Coverage.swift (the software renderer). Canvas pixels, y down.

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

// Coverage of rect (x, y, w, h) blurred by a Gaussian of standard deviation sigma (a drop
// shadow), as Coverage.boxShadow; sigma <= 0 is the sharp rectangle's one-pixel ramp.
float segueBoxShadow(vec2 p, vec4 rect, float sigma) {
    if (sigma <= 0.0) {
        return segueCoverage(segueRoundedRectDistance(p, rect, vec4(0.0)), 0.0);
    }
    float f = 1.0 / (sigma * sqrt(2.0));
    float kx = segueErf((rect.x + rect.z - p.x) * f) - segueErf((rect.x - p.x) * f);
    float ky = segueErf((rect.y + rect.w - p.y) * f) - segueErf((rect.y - p.y) * f);
    return clamp(0.25 * kx * ky, 0.0, 1.0);
}
