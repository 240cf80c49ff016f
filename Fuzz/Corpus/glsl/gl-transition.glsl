// Author: Segue fuzz seed
// License: MIT
uniform float amplitude; // = 0.05
uniform float speed;//=2
uniform float width /* = 0.25 */;
uniform vec2 centre /*= vec2(0.5, 0.5)*/, size /* = vec2(1.) */;
uniform vec2 a, b; // = vec2(1.0, 2.0);
uniform bool reverse; // = 1
uniform ivec2 grid; // = ivec2(10)
uniform mat3 warp; // = mat3(1.0)
uniform sampler2D luma;
float d = min(progress, 1.0 - progress);
#define PI 3.14159
vec4 transition(vec2 uv) {
  vec2 p = uv + amplitude * sin(uv * speed * PI) /* comment */;
  return mix(getFromColor(p), texture2D(luma, uv), progress);
}
