// xfade's warps (SegueCore XfadeTransition.family == .warps; software twin:
// Sources/SegueSoftware/Commands/Xfade/XfadeWarps.swift; maths from FFmpeg
// libavfilter/vf_xfade.c): each pixel reads the images elsewhere, every position clamped into
// the image. Channels in float on 0…255, truncated, as xfade stores them.
uniform sampler2D u_from;
uniform sampler2D u_to;
// Index in the family: pixelize, hblur, squeezeh, squeezev, zoomin (hblur has its own
// program, xfade-hblur.frag).
uniform int u_transition;   // the member's index in the family, defined by name by the renderer
uniform float u_progress;
// Per-frame numbers from SegueCore (XfadeCall.canvasUniforms).
uniform float u_pixelizeBlockSide;
uniform highp isampler2D u_lines;   // the squeezes' source lines (XfadeCall.lineTable)
uniform int u_columns;              // 1: u_lines is per column; 0: per row
out vec4 fragColor;

vec4 fetch(sampler2D image, ivec2 at, ivec2 size) {
    return xfadeLevels(image, clamp(at, ivec2(0), size - 1));
}

// A block centre along one axis (pixelize).
int blockCentre(int i, float side, float extent) {
    return int(min((floor(float(i) / side) + 0.5) * side, extent - 1.0));
}

void main() {
    ivec2 pixel = ivec2(gl_FragCoord.xy);
    ivec2 size = textureSize(u_from, 0);
    vec2 extent = vec2(size);
    float p = u_progress;
    vec4 v;
    if (u_transition == PIXELIZE) {
        float side = u_pixelizeBlockSide;
        ivec2 at = side > 0.0 ? ivec2(blockCentre(pixel.x, side, extent.x), blockCentre(pixel.y, side, extent.y)) : pixel;
        v = xmix(fetch(u_from, at, size), fetch(u_to, at, size), p);
    } else if (u_transition == SQUEEZEH || u_transition == SQUEEZEV) {
        // `from` squeezed towards its middle row (squeezeh) or column (squeezev); the line of
        // `from` each row or column shows, or −1 for `to`, comes from SegueCore
        // (XfadeCall.lineTable), where its rounding is xfade's own.
        bool columns = u_columns == 1;
        int source = texelFetch(u_lines, ivec2(columns ? pixel.x : pixel.y, 0), 0).r;
        if (source >= 0) {
            v = fetch(u_from, columns ? ivec2(source, pixel.y) : ivec2(pixel.x, source), size);
        } else {
            v = fetch(u_to, pixel, size);
        }
    } else {                            // zoomin: `from` zooms in, then `to` fades in
        float zoom = xsmoothstep(0.5, 1.0, p);
        float u = 0.5 + (float(pixel.x) / extent.x - 0.5) * zoom;
        float w = 0.5 + (float(pixel.y) / extent.y - 0.5) * zoom;
        ivec2 at = ivec2(int(ceil(u * (extent.x - 1.0))), int(ceil(w * (extent.y - 1.0))));
        v = xmix(fetch(u_from, at, size), fetch(u_to, pixel, size), xsmoothstep(0.0, 0.5, p));
    }
    fragColor = xfadeStore(v);
}
