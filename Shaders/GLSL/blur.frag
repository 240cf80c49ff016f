// One pass of `blur` (Sources/SegueGL/Commands/Blur.swift; software twin Sources/
// SegueSoftware/Commands/Blur.swift): along one axis, the weighted sum of bilinear taps
// (BlurStep.bilinearTaps) at offsets from the target pixel centre mapped into the source
// (p·u_scale); the last pass of a blur applies the saturation matrix
// (BlurPass.saturationMatrix) to premultiplied colour, kept within alpha.

uniform sampler2D u_image;
uniform vec2 u_sourceSize;
uniform vec2 u_axis;           // (1, 0) horizontal, (0, 1) vertical
uniform vec2 u_scale;          // source texels per target texel on each axis (BlurStep.stride)
uniform vec2 u_taps[16];       // offset along the axis in source texels, weight
uniform int u_tapCount;
uniform bool u_saturate;
uniform mat3 u_saturation;     // column-major: the transpose of BlurPass.saturationMatrix's rows

out vec4 fragColor;

void main() {
    vec2 s = gl_FragCoord.xy * u_scale;
    vec4 sum = vec4(0.0);
    for (int k = 0; k < u_tapCount; k++) {
        sum += u_taps[k].y * texture(u_image, (s + u_axis * u_taps[k].x) / u_sourceSize);
    }
    if (u_saturate) {
        float a = clamp(sum.a, 0.0, 1.0);
        sum = vec4(clamp(u_saturation * sum.rgb, 0.0, a), a);
    }
    fragColor = sum;
}
