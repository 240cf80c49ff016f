// xfade's slides, covers and reveals (SegueCore XfadeTransition.family == .slides; software
// twin: Sources/SegueSoftware/Commands/Xfade/XfadeSlides.swift). How far each image moves comes
// from SegueCore (XfadeCall.slideMotion, FFmpeg's vf_xfade.c): along the axis, coordinate c
// shows `to` where 0 ≤ c + u_offset < size, else `from`; each image is read at c + its shift,
// wrapped around the image. Pure copies: no arithmetic on the samples.
uniform sampler2D u_from;
uniform sampler2D u_to;
uniform bool u_vertical;
uniform int u_offset;
uniform int u_toShift;
uniform int u_fromShift;
out vec4 fragColor;

// c mod size in 0..<size. GLSL leaves % undefined for negative operands, so a negative c is
// counted back from the end.
int wrapped(int c, int size) {
    return c >= 0 ? c % size : size - 1 - (-c - 1) % size;
}

void main() {
    ivec2 p = ivec2(gl_FragCoord.xy);
    ivec2 size = textureSize(u_from, 0);
    int c = u_vertical ? p.y : p.x;
    int n = u_vertical ? size.y : size.x;
    int moved = c + u_offset;
    bool showsTo = moved >= 0 && moved < n;
    int read = wrapped(c + (showsTo ? u_toShift : u_fromShift), n);
    ivec2 q = u_vertical ? ivec2(p.x, read) : ivec2(read, p.y);
    fragColor = showsTo ? texelFetch(u_to, q, 0) : texelFetch(u_from, q, 0);
}
