// StarWars sprites (DrawCommand.sprites): one instance per sprite, all in one draw call. The
// per-sprite data (SpriteField.sprites(): origin and velocity) sits in a static buffer made
// once per field; a frame sets only u_time and u_accelerationOffset. The displacement is
// SpriteField.displacement(of:): v·t + ½·a·t² in float32 in the same order. Canvas y maps to
// NDC as 2y/H − 1 (quad.vert).

layout(location = 0) in vec2 a_unit;        // (0,0) ... (1,1)
layout(location = 1) in vec2 a_origin;      // per instance: top-left at t = 0 (= its source texel position)
layout(location = 2) in vec2 a_velocity;    // per instance: px/s

uniform vec2 u_canvasSize;
uniform float u_tile;                       // sprite edge, px
uniform float u_time;
uniform vec2 u_accelerationOffset;          // ½·a·t², px

// Flat: every fragment of the sprite sees exactly these values (no interpolation error).
flat out vec2 v_displacement;
flat out vec2 v_origin;

void main() {
    vec2 d = a_velocity * u_time + u_accelerationOffset;
    // A margin of 1/64 px, well beyond the rasteriser's sub-pixel snapping (1/256 px on
    // llvmpipe): sprites.frag decides coverage by pixel centre itself, so snapping never
    // decides an edge pixel, and the quad adds almost no fragments to discard.
    const float margin = 1.0 / 64.0;
    vec2 p = a_origin + d + (a_unit * (u_tile + 2.0 * margin) - margin);
    v_displacement = d;
    v_origin = a_origin;
    gl_Position = vec4(2.0 * p / u_canvasSize - 1.0, 0.0, 1.0);
}
