// `smpteWipe` (Sources/SegueGL/Commands/SMPTEWipe.swift; software twin Sources/SegueSoftware/
// Commands/SMPTEWipe.swift): the wipe's mask value (SMPTEMask, 0…65536, an R32UI texture)
// through GStreamer's smptealpha threshold in integers (SMPTEThreshold.alpha) gives from's
// weight a / 255 over to. Its output replaces the canvas.

uniform sampler2D u_from;
uniform sampler2D u_to;
uniform highp usampler2D u_mask;
uniform int u_position;   // p (SMPTEThreshold.position)
uniform int u_border;     // b = max(border, 1)
uniform int u_invert;

in vec2 v_uv;
out vec4 fragColor;

void main() {
    int v = int(texelFetch(u_mask, ivec2(gl_FragCoord.xy), 0).r);
    if (u_invert == 1) v = 65536 - v;
    int low = u_position - u_border;
    int d = clamp(v, low, u_position) - low;
    // 255 * d stays below 2^24 (d <= b <= 65536): exact in int.
    float a = float((255 * d) / u_border);
    fragColor = mix(texture(u_to, v_uv), texture(u_from, v_uv), a / 255.0);
}
