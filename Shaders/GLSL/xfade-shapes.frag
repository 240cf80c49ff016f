// xfade's shapes (SegueCore XfadeTransition.family == .shapes; software twin:
// Sources/SegueSoftware/Commands/Xfade/XfadeShapes.swift), maths from FFmpeg's vf_xfade.c.
// Progress runs 1 (from) → 0 (to); each channel is computed in float on 0…255 and truncated,
// as xfade stores a float into an 8-bit sample (alpha rounded). The centre is the integer half of the size.
uniform sampler2D u_from;
uniform sampler2D u_to;
uniform int u_transition;   // the member's index in the family, defined by name by the renderer
uniform float u_progress;
out vec4 fragColor;

const vec4 OPAQUE_BLACK = vec4(0.0, 0.0, 0.0, 255.0);

void main() {
    ivec2 size = textureSize(u_from, 0);
    ivec2 p = ivec2(gl_FragCoord.xy);
    ivec2 centre = size / 2;
    vec2 d = vec2(p - centre);
    // The 8-bit inputs as whole levels, as xfade reads its samples.
    vec4 a = xfadeLevels(u_from, p);
    vec4 b = xfadeLevels(u_to, p);
    float progress = u_progress;
    vec4 v;
    if (u_transition == CIRCLECROP || u_transition == RECTCROP) {
        vec4 shown = progress < 0.5 ? b : a;
        bool inside;
        if (u_transition == CIRCLECROP) {
            float s = 2.0 * abs(progress - 0.5);
            inside = !(s * s * s * length(vec2(centre)) < length(d));
        } else {
            ivec2 half_ = ivec2(abs(progress - 0.5) * vec2(size));
            inside = all(lessThan(abs(p - centre), half_));
        }
        v = inside ? shown : OPAQUE_BLACK;
    } else if (u_transition == RADIAL) {
        float angle = (p == centre) ? 0.0 : atan(d.x, d.y);  // atan2f(0, 0) is 0
        v = xmix(b, a, xsmoothstep(0.0, 1.0, angle - (progress - 0.5) * 7.853981633974483));
    } else if (u_transition == CIRCLEOPEN || u_transition == CIRCLECLOSE) {
        bool opening = u_transition == CIRCLEOPEN;
        float shift = ((opening ? progress : 1.0 - progress) - 0.5) * 3.0;
        float m = xsmoothstep(0.0, 1.0, length(d) / length(vec2(centre)) + shift);
        v = opening ? xmix(a, b, m) : xmix(b, a, m);
    } else {
        bool vertical = u_transition == VERTOPEN || u_transition == VERTCLOSE;
        bool opening = u_transition == VERTOPEN || u_transition == HORZOPEN;
        float half_ = (vertical ? float(size.x) : float(size.y)) / 2.0;
        float along = vertical ? float(p.x) : float(p.y);
        float edge = abs((along - half_) / half_);
        float smooth_ = (opening ? 2.0 - edge : 1.0 + edge) - progress * 2.0;
        v = xmix(b, a, xsmoothstep(0.0, 1.0, smooth_));
    }
    fragColor = xfadeStore(v);
}
