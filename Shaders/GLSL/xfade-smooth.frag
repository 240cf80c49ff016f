// xfade's smooth wipes (SegueCore XfadeTransition.family == .smooth; software twin:
// Sources/SegueSoftware/Commands/Xfade/XfadeSmooth.swift): `to`'s weight is
// smoothstep(0, 1, 1 + position − 2·progress), the position 0…1 along the direction, as in
// FFmpeg's vf_xfade.c.
// u_transition is the member's index in its family; the renderer defines each member's
// name as that index (GLProgramCache.xfadeProgram, from XfadeTransition's order).
uniform sampler2D u_from;
uniform sampler2D u_to;
uniform int u_transition;
uniform float u_progress;
out vec4 fragColor;

void main() {
    ivec2 p = ivec2(gl_FragCoord.xy);
    vec2 size = vec2(textureSize(u_from, 0));
    float position;
    if (u_transition == SMOOTHLEFT) {
        position = float(p.x) / size.x;
    } else if (u_transition == SMOOTHRIGHT) {
        position = (size.x - 1.0 - float(p.x)) / size.x;
    } else if (u_transition == SMOOTHUP) {
        position = float(p.y) / size.y;
    } else {
        position = (size.y - 1.0 - float(p.y)) / size.y;
    }
    float m = xsmoothstep(0.0, 1.0, 1.0 + position - u_progress * 2.0);
    fragColor = xfadeMixStored(xfadeLevels(u_to, p), xfadeLevels(u_from, p), m);
}
