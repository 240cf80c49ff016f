// xfade's slices (SegueCore XfadeTransition.family == .slices; software twin:
// Sources/SegueSoftware/Commands/Xfade/XfadeSlices.swift), from FFmpeg's vf_xfade.c: ten
// bands, each switching from `from` to `to` as a soft front passes it. Which columns or rows
// show `to` is decided once per frame in SegueCore (XfadeCall.lineTable), in xfade's float
// order: where the front and a band meet exactly, a GPU's own rounding would flip the line.
uniform sampler2D u_from;
uniform sampler2D u_to;
uniform highp isampler2D u_lines;   // one texel per column or row: 1 where it shows `to`
uniform int u_columns;       // 1: the lines are columns (hlslice, hrslice); 0: rows
out vec4 fragColor;

void main() {
    ivec2 p = ivec2(gl_FragCoord.xy);
    bool showsTo = texelFetch(u_lines, ivec2(u_columns == 1 ? p.x : p.y, 0), 0).r > 0;
    fragColor = showsTo ? texelFetch(u_to, p, 0) : texelFetch(u_from, p, 0);
}
