// One pass of `blur` (Sources/SegueGL/Commands/Blur.swift; software twin Sources/
// SegueSoftware/Commands/Blur.swift): the weighted sum of bilinear taps at p·ratio + (dx, dy)
// source texels (BlurStep), p the target pixel centre; the last pass applies the saturation
// matrix (BlurPass.saturationMatrix) to premultiplied colour, kept within alpha.

uniform sampler2D u_image;
uniform vec2 u_sourceSize;
uniform vec2 u_targetSize;
uniform vec3 u_taps[16];       // dx, dy, weight
uniform int u_tapCount;
uniform bool u_saturate;
uniform mat3 u_saturation;     // column-major: the transpose of BlurPass.saturationMatrix's rows

out vec4 fragColor;

void main() {
    vec2 s = gl_FragCoord.xy * (u_sourceSize / u_targetSize);
    vec4 sum = vec4(0.0);
    for (int k = 0; k < u_tapCount; k++) {
        sum += u_taps[k].z * texture(u_image, (s + u_taps[k].xy) / u_sourceSize);
    }
    if (u_saturate) {
        float a = clamp(sum.a, 0.0, 1.0);
        sum = vec4(clamp(u_saturation * sum.rgb, 0.0, a), a);
    }
    fragColor = sum;
}
