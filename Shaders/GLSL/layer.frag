// `layer` (Sources/SegueGL/Commands/Layer.swift; software twin Sources/SegueSoftware/
// Commands/Layer.swift): rounded-rect coverage of the frame times the bilinear sample of the
// source, faded by the opacity. The lowering's TexelMapping gives the source texel of a
// canvas position; texels are premultiplied and the texture's row 0 is the image's top row.
// Needs shapes.glsl.

uniform sampler2D u_image;
uniform vec2 u_imageSize;
uniform vec4 u_frame;          // x, y, width, height (canvas pixels)
uniform vec4 u_mapping;        // ax, ay, bx + 0.5, by + 0.5: texture position (texels) = a·p + b + 0.5
uniform vec4 u_radii;          // topLeft, topRight, bottomRight, bottomLeft (fitted)
uniform float u_opacity;

out vec4 fragColor;

void main() {
    vec2 p = gl_FragCoord.xy;
    vec2 s = p * u_mapping.xy + u_mapping.zw;
#ifdef SEGUE_LAYER_COPY
    // A texel copy (LoweredLayer.isTexelCopy), drawn as a quad of exactly the frame: coverage
    // is 1 on every pixel drawn and the sample falls on a texel centre, so the general path
    // below would return this same texel.
    fragColor = texelFetch(u_image, ivec2(s), 0) * u_opacity;
#else
    float k = segueCoverage(segueRoundedRectDistance(p, u_frame, u_radii), 0.0);
    fragColor = texture(u_image, s / u_imageSize) * (u_opacity * k);
#endif
}
