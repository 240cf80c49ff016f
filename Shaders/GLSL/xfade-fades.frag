// xfade's fades (SegueCore XfadeTransition.family == .fades; software twin:
// Sources/SegueSoftware/Commands/Xfade/XfadeFades.swift; maths from FFmpeg
// libavfilter/vf_xfade.c). Progress runs 1 (from) → 0 (to). Each channel, alpha included, is
// computed in float on 0…255 from the exact 8-bit values and stored (xfadeStore, xfade.glsl).
uniform sampler2D u_from;
uniform sampler2D u_to;
// xfade's noise (SegueCore XfadeNoiseField), one float per pixel in .r; read by dissolve.
uniform sampler2D u_noise;
// Index in the family: fade, distance, fadeblack, fadewhite, dissolve, fadegrays, fadefast, fadeslow.
uniform int u_transition;   // the member's index in the family, defined by name by the renderer
uniform float u_progress;
out vec4 fragColor;

// `from` fades into colour `ca` over P 1 → 0.8, `to` comes out of `cb` over 0.8 → 0.
vec4 fadeThrough(vec4 a, vec4 ca, vec4 b, vec4 cb, float p) {
    const float phase = 0.2;
    return xmix(xmix(a, ca, xsmoothstep(1.0 - phase, 1.0, p)), xmix(cb, b, xsmoothstep(phase, 1.0, p)), p);
}

// The integer mean of R, G and B; alpha kept.
vec4 gray(vec4 c) {
    float mean = float((int(c.r) + int(c.g) + int(c.b)) / 3);
    return vec4(mean, mean, mean, c.a);
}

void main() {
    ivec2 pixel = ivec2(gl_FragCoord.xy);
    vec4 a = xfadeLevels(u_from, pixel);
    vec4 b = xfadeLevels(u_to, pixel);
    float p = u_progress;
    vec4 v;
    if (u_transition == FADE) {
        v = xmix(a, b, p);
    } else if (u_transition == DISTANCE) {     // `to` where the colours are within P, then a fade
        vec4 d = a / 255.0 - b / 255.0;
        float sum = d.g * d.g;          // ffmpeg's gbrp plane order
        sum += d.b * d.b;
        sum += d.r * d.r;
        sum += d.a * d.a;
        float within = sqrt(sum) <= p ? 1.0 : 0.0;
        v = xmix(xmix(a, b, within), b, p);
    } else if (u_transition == FADEBLACK) {    // opaque black, premultiplied
        v = fadeThrough(a, vec4(0.0, 0.0, 0.0, 255.0), b, vec4(0.0, 0.0, 0.0, 255.0), p);
    } else if (u_transition == FADEWHITE) {
        v = fadeThrough(a, vec4(255.0), b, vec4(255.0), p);
    } else if (u_transition == DISSOLVE) {     // a noise threshold that sweeps with P
        float r = texelFetch(u_noise, pixel, 0).r;
        v = r * 2.0 + p * 2.0 - 1.5 >= 0.5 ? a : b;
    } else if (u_transition == FADEGRAYS) {
        v = fadeThrough(a, gray(a), b, gray(b), p);
    } else {                            // fadefast, fadeslow: P^(1 + log(1 ± |a − b|/255))
        vec4 spread = abs(a - b) * (1.0 / 255.0);
        vec4 base = u_transition == FADEFAST ? 1.0 + spread : 2.0 - spread;
        v = xmix(a, b, pow(vec4(p), 1.0 + log(base)));
    }
    fragColor = xfadeStore(v);
}
