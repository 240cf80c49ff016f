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
