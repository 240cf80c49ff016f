// `mix` (Sources/SegueGL/Commands/Mix.swift; software twin Sources/SegueSoftware/Commands/
// Mix.swift): a cross-dissolve (CrossDissolve, SegueCore) in one pass: two images of the
// canvas's size added texel for texel at their opacities, rounded once when written (the sum
// clamps at 1, as `plus` does). Premultiplied texels; texture row 0 is the canvas's top row.

uniform sampler2D u_first;
uniform sampler2D u_second;
uniform vec2 u_weights;        // opacity of u_first, of u_second

out vec4 fragColor;

void main() {
    ivec2 p = ivec2(gl_FragCoord.xy);
    fragColor = texelFetch(u_first, p, 0) * u_weights.x + texelFetch(u_second, p, 0) * u_weights.y;
}
