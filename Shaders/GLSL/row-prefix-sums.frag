// Row prefix sums of an image's 8-bit levels, for xfade-hblur.frag (GLRowPrefixSums), by
// doubling (Hillis and Steele's scan): the pass of stride s adds the running sum s pixels to
// the left, so after the passes of strides 1, 2, 4, … below the width each pixel holds its
// row's sum up to and including itself. Every pass costs two reads per pixel, whatever the
// width. Sums stay below 2^32 (255 · the width per channel), exact in RGBA32UI.
uniform sampler2D u_image;               // read by the first pass (stride 1)
uniform highp usampler2D u_sums;         // read by the later ones: the previous pass
uniform int u_stride;
out highp uvec4 sums;

uvec4 levels(ivec2 at) { return uvec4(floor(texelFetch(u_image, at, 0) * 255.0 + 0.5)); }

void main() {
    ivec2 p = ivec2(gl_FragCoord.xy);
    ivec2 left = p - ivec2(u_stride, 0);
    if (u_stride == 1) {
        sums = levels(p) + (left.x >= 0 ? levels(left) : uvec4(0u));
    } else {
        sums = texelFetch(u_sums, p, 0) + (left.x >= 0 ? texelFetch(u_sums, left, 0) : uvec4(0u));
    }
}
