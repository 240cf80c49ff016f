// `reveal` (Sources/SegueGL/Commands/Reveal.swift; software twin Sources/SegueSoftware/
// Commands/Reveal.swift): `u_inside` where the shape covers the pixel, `u_outside` elsewhere,
// mixed by the coverage (Coverage.fromDistance of the shape's distance, shapes.glsl). The
// lowering never sends an empty shape. Its output replaces the canvas.

uniform sampler2D u_inside;
uniform sampler2D u_outside;
uniform int u_shape;           // 0 = circle, 1 = rounded rectangle
uniform vec4 u_circle;         // circle: centre x, centre y, radius, feather (canvas pixels)
uniform vec4 u_rect;           // rounded rectangle: x, y, width, height (canvas pixels)
uniform vec4 u_radii;          // rounded rectangle: topLeft, topRight, bottomRight, bottomLeft (fitted)

in vec2 v_uv;
out vec4 fragColor;

void main() {
    vec2 p = gl_FragCoord.xy;
    float k = u_shape == 0
        ? segueCoverage(segueCircleDistance(p, u_circle.xy, u_circle.z), u_circle.w)
        : segueCoverage(segueRoundedRectDistance(p, u_rect, u_radii), 0.0);
    fragColor = mix(texture(u_outside, v_uv), texture(u_inside, v_uv), k);
}
