// xfade's diagonal wipes (SegueCore XfadeTransition.family == .diagonals; software twin:
// Sources/SegueSoftware/Commands/Xfade/XfadeDiagonals.swift): `to`'s weight is
// smoothstep(0, 1, 1 + u·v − 2·progress), u and v the position 0…1 from the corner named, as in
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
    bool fromLeft = u_transition == DIAGTL || u_transition == DIAGBL;
    bool fromTop = u_transition == DIAGTL || u_transition == DIAGTR;
    float u = fromLeft ? float(p.x) : size.x - 1.0 - float(p.x);
    float v = fromTop ? float(p.y) : size.y - 1.0 - float(p.y);
    // Multiplied left to right as vf_xfade.c does: u / w * v / h.
    float m = xsmoothstep(0.0, 1.0, 1.0 + u / size.x * v / size.y - u_progress * 2.0);
    fragColor = xfadeMixStored(xfadeLevels(u_to, p), xfadeLevels(u_from, p), m);
}
