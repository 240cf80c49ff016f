// What every xfade program shares (software twin: Sources/SegueSoftware/Commands/Xfade/XfadeMath.swift),
// placed ahead of each xfade-*.frag. Pixels are handled as xfade handles its samples: whole
// 8-bit levels 0…255 in float, mixed with FFmpeg vf_xfade.c's mix and smoothstep, stored back
// into 8 bits with its truncation.

// A texel as whole 8-bit levels.
vec4 xfadeLevels(sampler2D image, ivec2 at) { return floor(texelFetch(image, at, 0) * 255.0 + 0.5); }

// xfade's mix(a, b, m) = a·m + b·(1 − m): the weight is on `a`, unlike GLSL's mix.
vec4 xmix(vec4 a, vec4 b, float m) { return a * m + b * (1.0 - m); }
vec4 xmix(vec4 a, vec4 b, vec4 m) { return a * m + b * (1.0 - m); }

// xfade's smoothstep; GLSL's own is undefined for edge0 ≥ edge1, which the winds use.
float xsmoothstep(float edge0, float edge1, float x) {
    float t = clamp((x - edge0) / (edge1 - edge0), 0.0, 1.0);
    return t * t * (3.0 - 2.0 * t);
}

// Levels 0…255 stored as the software renderer stores them (XfadeMath.stored): colour
// truncated as xfade does (1e-4 absorbs the GPU's float error on exact levels), alpha rounded
// so that opaque stays opaque. Returns the normalised colour for fragColor.
vec4 xfadeStore(vec4 v) {
    return floor(clamp(v, 0.0, 255.0) + vec4(1e-4, 1e-4, 1e-4, 0.5)) / 255.0;
}

// xfade's mix of two pixels in levels, stored; weights 0 and 1 copy (XfadeMath.mixPixels).
vec4 xfadeMixStored(vec4 a, vec4 b, float m) {
    if (m <= 0.0) return b / 255.0;
    if (m >= 1.0) return a / 255.0;
    return xfadeStore(xmix(a, b, m));
}
