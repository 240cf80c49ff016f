// Circular reveal (CircleReveal, effects.md §2.1): `to` inside the circle and `from` outside
// when revealing, the other way round when reverting. Coverage is Coverage.fromDistance of
// Coverage.circleDistance (shapes.glsl); the software kernel is ShaderKernels "circle-reveal".

uniform sampler2D from;
uniform sampler2D to;
uniform vec2 u_center;         // canvas pixels
uniform float u_radius;        // canvas pixels
uniform float u_feather;       // pixels beyond the one-pixel ramp
uniform bool u_reveal;

in vec2 v_uv;
out vec4 fragColor;

void main() {
    float k = u_radius > 0.0 ? segueCoverage(segueCircleDistance(gl_FragCoord.xy, u_center, u_radius), u_feather) : 0.0;
    vec4 a = texture(from, v_uv), b = texture(to, v_uv);
    fragColor = u_reveal ? mix(a, b, k) : mix(b, a, k);
}
