// xfade's winds (SegueCore XfadeTransition.family == .winds; software twin:
// Sources/SegueSoftware/Commands/Xfade/XfadeWinds.swift), maths from FFmpeg's vf_xfade.c: a
// soft front crosses the image, each row (hlwind, hrwind) or column (vuwind, vdwind) held
// back by xfade's noise, read from `u_noise` (XfadeNoiseField: the C library's sine, which a
// GPU's does not reproduce). Progress runs 1 (from) → 0 (to); colour is truncated as xfade
// stores a float into an 8-bit sample, alpha rounded (xfadeStore, xfade.glsl).
uniform sampler2D u_from;
uniform sampler2D u_to;
uniform sampler2D u_noise;
uniform int u_transition;   // the member's index in the family, defined by name by the renderer
uniform float u_progress;
out vec4 fragColor;


void main() {
    ivec2 p = ivec2(gl_FragCoord.xy);
    vec2 size = vec2(textureSize(u_from, 0));
    bool horizontal = u_transition == HLWIND || u_transition == HRWIND;
    float along = horizontal ? float(p.x) / size.x : float(p.y) / size.y;
    if (u_transition == HLWIND || u_transition == VUWIND) along = 1.0 - along;
    float streak = texelFetch(u_noise, horizontal ? ivec2(0, p.y) : ivec2(p.x, 0), 0).r;
    const float spread = 0.2;
    float m = xsmoothstep(0.0, -spread, along * (1.0 - spread) + spread * streak - (1.0 - u_progress) * (1.0 + spread));
    fragColor = xfadeStore(xmix(xfadeLevels(u_to, p), xfadeLevels(u_from, p), m));
}
