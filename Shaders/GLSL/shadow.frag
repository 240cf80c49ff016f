// A layer's drop shadow (ARCHITECTURE.md "layer" step 1): the Gaussian-blurred box of the
// moved frame, in the shadow colour already premultiplied by colour alpha and layer opacity.
// Needs shapes.glsl.

uniform vec4 u_rect;           // the layer frame moved by the shadow offset
uniform float u_sigma;
uniform vec4 u_color;          // premultiplied

out vec4 fragColor;

void main() {
    fragColor = u_color * segueBoxShadow(gl_FragCoord.xy, u_rect, u_sigma);
}
