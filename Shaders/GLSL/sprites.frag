// `sprites` (Sources/SegueGL/Commands/Sprites.swift; software twin Sources/SegueSoftware/
// Commands/Sprites.swift): the pixel belongs to the sprite iff its centre, moved back into
// the source, lies in the tile [origin, origin + tile) (SpriteField.covers); it shows the
// source there, bilinear, clamp-to-edge of the whole image; blended source-over.

uniform sampler2D u_image;
uniform vec2 u_imageSize;
uniform float u_tile;

flat in vec2 v_displacement;
flat in vec2 v_origin;
out vec4 fragColor;

void main() {
    vec2 s = gl_FragCoord.xy - v_displacement;
    if (any(lessThan(s, v_origin)) || any(greaterThanEqual(s, v_origin + u_tile))) discard;
    fragColor = texture(u_image, s / u_imageSize);
}
