// A snapshot layer (ARCHITECTURE.md "layer"): rounded-rect coverage of the frame times the
// bilinear sample of the source rectangle, faded by the opacity. Texels are premultiplied and
// the texture's row 0 is the image's top row, so (s / imageSize) samples top-left based.
// Needs shapes.glsl.

uniform sampler2D u_image;
uniform vec2 u_imageSize;
uniform vec4 u_frame;          // x, y, width, height (canvas pixels)
uniform vec4 u_sourceRect;     // x, y, width, height (source pixels)
uniform vec4 u_radii;          // topLeft, topRight, bottomRight, bottomLeft (already fitted)
uniform float u_opacity;

out vec4 fragColor;

void main() {
    vec2 p = gl_FragCoord.xy;
#ifdef SEGUE_LAYER_COPY
    // Compiled for layers that are an integer translation at scale 1 with square corners,
    // drawn as a quad of exactly the frame: coverage is 1 on every pixel drawn and the sample
    // falls on a texel centre, so the general path below would return this same texel.
    fragColor = texelFetch(u_image, ivec2(u_sourceRect.xy + (p - u_frame.xy)), 0) * u_opacity;
#else
    float k = segueCoverage(segueRoundedRectDistance(p, u_frame, u_radii), 0.0);
    vec2 s = u_sourceRect.xy + (p - u_frame.xy) * u_sourceRect.zw / u_frame.zw;
    fragColor = texture(u_image, s / u_imageSize) * (u_opacity * k);
#endif
}
