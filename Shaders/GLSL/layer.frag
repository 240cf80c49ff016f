// `layer` (Sources/SegueGL/Commands/Layer.swift; software twin Sources/SegueSoftware/
// Commands/Layer.swift): rounded-rect coverage of the frame times the bilinear sample of the
// source, faded by the opacity. The lowering's TexelMapping gives the source texel of a
// canvas position; texels are premultiplied and the texture's row 0 is the image's top row.
// The SEGUE_LAYER_PAIR variant draws a `pair` (Sources/SegueGL/Commands/Pair.swift): a second
// layer added to the first, the sum capped at 1, drawn source-over.
// Needs shapes.glsl.

uniform sampler2D u_image;
uniform vec2 u_imageSize;
uniform vec4 u_frame;          // x, y, width, height (canvas pixels)
uniform vec4 u_mapping;        // ax, ay, bx + 0.5, by + 0.5: texture position (texels) = a·p + b + 0.5
uniform vec4 u_radii;          // topLeft, topRight, bottomRight, bottomLeft (fitted)
uniform float u_opacity;

#ifdef SEGUE_LAYER_PAIR
uniform sampler2D u_second;
uniform vec2 u_secondImageSize;
uniform vec4 u_secondFrame;
uniform vec4 u_secondMapping;
uniform vec4 u_secondRadii;
uniform float u_secondOpacity;
#endif

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
#ifdef SEGUE_LAYER_PAIR
    float k2 = segueCoverage(segueRoundedRectDistance(p, u_secondFrame, u_secondRadii), 0.0);
    vec2 s2 = p * u_secondMapping.xy + u_secondMapping.zw;
    fragColor = min(fragColor + texture(u_second, s2 / u_secondImageSize) * (u_secondOpacity * k2), 1.0);
#endif
}
