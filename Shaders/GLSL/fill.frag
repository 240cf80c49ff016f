// `fill` (Sources/SegueGL/Commands/Fill.swift; software twin Sources/SegueSoftware/
// Commands/Fill.swift): premultiplied colour times the shape's coverage. Needs shapes.glsl.

uniform int u_shape;           // 0 = whole canvas, 1 = rounded rect, 2 = circle
uniform vec4 u_rect;           // rounded rect: x, y, width, height
uniform vec4 u_radii;          // rounded rect: topLeft, topRight, bottomRight, bottomLeft (fitted)
uniform vec3 u_circle;         // circle: centre x, centre y, radius
uniform vec4 u_color;          // premultiplied

out vec4 fragColor;

void main() {
    vec2 p = gl_FragCoord.xy;
    float k = 1.0;
    if (u_shape == 1) {
        k = segueCoverage(segueRoundedRectDistance(p, u_rect, u_radii), 0.0);
    } else if (u_shape == 2) {
        k = segueCoverage(segueCircleDistance(p, u_circle.xy, u_circle.z), 0.0);
    }
    fragColor = u_color * k;
}
