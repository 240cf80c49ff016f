// `shadow` (Sources/SegueGL/Commands/Shadow.swift; software twin Sources/SegueSoftware/
// Commands/Shadow.swift): the Gaussian-blurred box of the layer's moved frame, in the shadow
// colour already premultiplied with the layer's opacity. Needs shapes.glsl.

uniform vec4 u_rect;           // the layer frame moved by the shadow offset
uniform float u_sigma;
uniform vec4 u_color;          // premultiplied

out vec4 fragColor;

void main() {
    fragColor = u_color * segueBoxShadow(gl_FragCoord.xy, u_rect, u_sigma);
}
