// xfade's hblur (software twin: XfadeWarps.drawHorizontalBlur; maths from FFmpeg
// libavfilter/vf_xfade.c): both images blurred along the row by a box that starts at the pixel
// and reaches right, cut at the edge, then mixed by progress. Each box's sum is the difference
// of two row prefix sums (row-prefix-sums.frag, made once per image), so a pixel costs four
// reads however long the box. Mixed, then divided once, as the software twin.
uniform highp usampler2D u_fromSums;
uniform highp usampler2D u_toSums;
uniform float u_progress;
uniform int u_hblurBoxLength;   // per frame, from SegueCore (XfadeCall.hblurBoxLength)
out vec4 fragColor;

// The sum of a row's pixels first…last (inclusive).
uvec4 boxSum(highp usampler2D sums, int first, int last, int y) {
    uvec4 through = texelFetch(sums, ivec2(last, y), 0);
    return first > 0 ? through - texelFetch(sums, ivec2(first - 1, y), 0) : through;
}

void main() {
    ivec2 pixel = ivec2(gl_FragCoord.xy);
    int count = min(u_hblurBoxLength, textureSize(u_fromSums, 0).x - pixel.x);
    int last = pixel.x + count - 1;
    vec4 a = vec4(boxSum(u_fromSums, pixel.x, last, pixel.y));
    vec4 b = vec4(boxSum(u_toSums, pixel.x, last, pixel.y));
    float p = u_progress;
    fragColor = xfadeStore((a * p + b * (1.0 - p)) / float(count));
}
