// Rounded-rectangle iris (Iris, Reveal.iris): `to` inside the rectangle and `from` outside
// when revealing, the other way round when reverting. Coverage is Coverage.fromDistance of
// Coverage.roundedRectDistance (shapes.glsl); the software kernel is ShaderKernels "iris".

uniform sampler2D from;
uniform sampler2D to;
uniform vec4 u_rect;           // x, y, width, height (canvas pixels)
uniform vec4 u_radii;          // topLeft, topRight, bottomRight, bottomLeft (fitted)
uniform bool u_reveal;

in vec2 v_uv;
out vec4 fragColor;

void main() {
    float k = u_rect.z > 0.0 && u_rect.w > 0.0 ? segueCoverage(segueRoundedRectDistance(gl_FragCoord.xy, u_rect, u_radii), 0.0) : 0.0;
    vec4 a = texture(from, v_uv), b = texture(to, v_uv);
    fragColor = u_reveal ? mix(a, b, k) : mix(b, a, k);
}
