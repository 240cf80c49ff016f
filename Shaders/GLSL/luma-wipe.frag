// `lumaWipe` (Sources/SegueGL/Commands/LumaWipe.swift; software twin Sources/SegueSoftware/
// Commands/LumaWipe.swift): the mask's luma (Reveal.maskLuma, premultiplied so transparent
// = 0) swept by the threshold (Reveal.wipeWeight). Its output replaces the canvas.

uniform sampler2D u_from;
uniform sampler2D u_to;
uniform sampler2D u_mask;
uniform float u_progress;
uniform float u_softness;

in vec2 v_uv;
out vec4 fragColor;

// Reveal.maskLuma
float maskValue(vec4 m) {
    return dot(m.rgb, vec3(0.2126, 0.7152, 0.0722));
}

// Reveal.wipeWeight
float wipeWeight(float m, float e, float softness) {
    float s = max(softness, 1.0 / 256.0);
    return clamp((e * (1.0 + s) - m) / s, 0.0, 1.0);
}

void main() {
    float k = wipeWeight(maskValue(texture(u_mask, v_uv)), u_progress, u_softness);
    fragColor = mix(texture(u_from, v_uv), texture(u_to, v_uv), k);
}
