// xfade's wipes (SegueCore XfadeTransition.family == .wipes; software twin:
// Sources/SegueSoftware/Commands/Xfade/XfadeWipes.swift). The rectangle that still shows `from`
// comes from SegueCore (XfadeCall.wipeRegion, FFmpeg's vf_xfade.c cut lines): a pixel whose
// centre lies inside shows `from`, else `to`; with a softness the weight of `from` ramps over
// that many pixels across each side (XfadeWipeRegion.fromWeight).
uniform sampler2D u_from;
uniform sampler2D u_to;
uniform vec4 u_fromRect;     // minX, minY, maxX, maxY in canvas pixel edges
uniform float u_softness;
out vec4 fragColor;

void main() {
    ivec2 p = ivec2(gl_FragCoord.xy);
    vec2 c = gl_FragCoord.xy;
    vec4 a = xfadeLevels(u_from, p);
    vec4 b = xfadeLevels(u_to, p);
    float d = min(min(c.x - u_fromRect.x, u_fromRect.z - c.x), min(c.y - u_fromRect.y, u_fromRect.w - c.y));
    if (u_softness <= 0.0) {
        fragColor = (d > 0.0 ? a : b) / 255.0;
    } else {
        float m = clamp(d / u_softness + 0.5, 0.0, 1.0);
        fragColor = xfadeMixStored(a, b, m);
    }
}
