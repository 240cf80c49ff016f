// xfade's slices (SegueCore XfadeTransition.family == .slices; software twin:
// Sources/SegueSoftware/Commands/Xfade/XfadeSlices.swift), maths from FFmpeg's vf_xfade.c:
// ten bands, each switching from `from` to `to` as a soft front passes it. Progress runs
// 1 (from) → 0 (to).
uniform sampler2D u_from;
uniform sampler2D u_to;
uniform int u_transition;   // the member's index in the family, defined by name by the renderer
uniform float u_progress;
out vec4 fragColor;


void main() {
    ivec2 p = ivec2(gl_FragCoord.xy);
    vec2 size = vec2(textureSize(u_from, 0));
    bool horizontal = u_transition == HLSLICE || u_transition == HRSLICE;
    float extent = horizontal ? size.x : size.y;
    float along = float(horizontal ? p.x : p.y);
    bool reversed = u_transition == HRSLICE || u_transition == VDSLICE;
    float position = reversed ? (extent - 1.0 - along) / extent : along / extent;
    // xfade scales hlslice's and vuslice's band count from the coordinate, the others' from
    // the position.
    float bands = reversed ? 10.0 * position : 10.0 * along / extent;
    bool showsTo = xsmoothstep(-0.5, 0.0, position - u_progress * 1.5) > fract(bands);
    fragColor = showsTo ? texelFetch(u_to, p, 0) : texelFetch(u_from, p, 0);
}
