// Every Segue draw is one axis-aligned quad in canvas pixels (top-left origin, y down).
// Canvas y maps to NDC as 2y/H - 1, so framebuffer row 0 is the canvas's top row and
// glReadPixels returns rows top to bottom: no flip on readback. Fragment shaders therefore
// see the canvas pixel centre (i + 0.5, j + 0.5) in gl_FragCoord.xy.
// The renderer prepends `#version 300 es` and the precision statements.

layout(location = 0) in vec2 a_unit;    // (0,0) ... (1,1)

uniform vec4 u_quad;                    // x, y, width, height in canvas pixels
uniform vec2 u_canvasSize;

out vec2 v_uv;                          // canvas position / canvas size, top-left origin

void main() {
    vec2 p = u_quad.xy + a_unit * u_quad.zw;
    v_uv = p / u_canvasSize;
    gl_Position = vec4(2.0 * p / u_canvasSize - 1.0, 0.0, 1.0);
}
