// xfade's fades (SegueCore XfadeTransition.family == .fades; software twin:
// Sources/SegueSoftware/Commands/Xfade/XfadeFades.swift). Progress runs 1 (from) → 0 (to), as
// in FFmpeg's vf_xfade.c; each channel is computed in float on 0…255 and truncated, as xfade
// stores a float into an 8-bit sample.
uniform sampler2D u_from;
uniform sampler2D u_to;
uniform int u_transition;
uniform float u_progress;
out vec4 fragColor;

// xfade's mix(a, b, m) = a·m + b·(1 − m).
vec4 xmix(vec4 a, vec4 b, float m) { return a * m + b * (1.0 - m); }

void main() {
    ivec2 p = ivec2(gl_FragCoord.xy);
    vec4 a = texelFetch(u_from, p, 0) * 255.0;
    vec4 b = texelFetch(u_to, p, 0) * 255.0;
    vec4 v;
    if (u_transition == 0) {          // fade
        v = xmix(a, b, u_progress);
    } else {
        v = a;
    }
    fragColor = floor(v + 1e-4) / 255.0;
}
