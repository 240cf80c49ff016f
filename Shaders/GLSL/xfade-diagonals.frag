// xfade's diagonal wipes (SegueCore XfadeTransition.family == .diagonals; software twin:
// Sources/SegueSoftware/Commands/Xfade/XfadeDiagonals.swift): `to`'s weight is
// smoothstep(0, 1, 1 + u·v − 2·progress), u and v the position 0…1 from the corner named, as in
// FFmpeg's vf_xfade.c. u_transition: 0 diagtl, 1 diagtr, 2 diagbl, 3 diagbr.
uniform sampler2D u_from;
uniform sampler2D u_to;
uniform int u_transition;
uniform float u_progress;
out vec4 fragColor;

// vf_xfade.c's smoothstep(0, 1, s).
float xsmoothstep(float s) {
    float t = clamp(s, 0.0, 1.0);
    return t * t * (3.0 - 2.0 * t);
}

// xfade's mix(a, b, m) = a·m + b·(1 − m) on 0…255, colour truncated, alpha rounded
// (XfadeMath.mixPixels).
vec4 xmix(vec4 a, vec4 b, float m) {
    if (m <= 0.0) return b;
    if (m >= 1.0) return a;
    vec4 v = (a * 255.0) * m + (b * 255.0) * (1.0 - m);
    return vec4(floor(v.rgb + 1e-4), floor(v.a + 0.5)) / 255.0;
}

void main() {
    ivec2 p = ivec2(gl_FragCoord.xy);
    vec2 size = vec2(textureSize(u_from, 0));
    bool fromLeft = u_transition == 0 || u_transition == 2;
    bool fromTop = u_transition <= 1;
    float u = fromLeft ? float(p.x) : size.x - 1.0 - float(p.x);
    float v = fromTop ? float(p.y) : size.y - 1.0 - float(p.y);
    // Multiplied left to right as vf_xfade.c does: u / w * v / h.
    float m = xsmoothstep(1.0 + u / size.x * v / size.y - u_progress * 2.0);
    fragColor = xmix(texelFetch(u_to, p, 0), texelFetch(u_from, p, 0), m);
}
