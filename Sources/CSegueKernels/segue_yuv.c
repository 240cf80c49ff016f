// YUV 4:2:0 and 4:4:4 → RGBA for decoded video (see include/segue_yuv.h).

#include "segue_yuv.h"
#include "segue_dispatch.h"

#include <string.h>

static inline uint32_t segue_channel(int32_t fixed) {
    int32_t v = fixed >> 14;
    return (uint32_t)(v < 0 ? 0 : v > 255 ? 255 : v);
}

// One output row: chroma terms once per pair of pixels, each pixel stored as one 32-bit word
// (R in the low byte, as the bytes lie on a little-endian machine), so the loop vectorises
// without shuffling bytes into channels.
SEGUE_DISPATCHED
static void segue_yuv_row(uint32_t *restrict out, const uint8_t *restrict luma, const uint8_t *restrict cb,
                          const uint8_t *restrict cr, size_t width, segue_yuv_coefficients k) {
    const int32_t half = 1 << 13;
    const uint32_t opaque = 0xFF000000u;
    size_t pairs = width / 2;
    for (size_t c = 0; c < pairs; c++) {
        int32_t u = (int32_t)cb[c] - 128, v = (int32_t)cr[c] - 128;
        int32_t r = k.crToR * v + half, g = k.cbToG * u + k.crToG * v + half, b = k.cbToB * u + half;
        int32_t y0 = ((int32_t)luma[2 * c] - k.yOffset) * k.yScale, y1 = ((int32_t)luma[2 * c + 1] - k.yOffset) * k.yScale;
        out[2 * c] = segue_channel(y0 + r) | segue_channel(y0 + g) << 8 | segue_channel(y0 + b) << 16 | opaque;
        out[2 * c + 1] = segue_channel(y1 + r) | segue_channel(y1 + g) << 8 | segue_channel(y1 + b) << 16 | opaque;
    }
    if (width & 1) {
        int32_t u = (int32_t)cb[pairs] - 128, v = (int32_t)cr[pairs] - 128;
        int32_t y = ((int32_t)luma[width - 1] - k.yOffset) * k.yScale;
        out[width - 1] = segue_channel(y + k.crToR * v + half) | segue_channel(y + k.cbToG * u + k.crToG * v + half) << 8
            | segue_channel(y + k.cbToB * u + half) << 16 | opaque;
    }
}

void segue_yuv420_to_rgba(uint8_t *restrict rgba, const uint8_t *restrict luma, const uint8_t *restrict cb,
                          const uint8_t *restrict cr, size_t width, size_t height, const segue_yuv_coefficients *k) {
    size_t chromaWidth = (width + 1) / 2;
    uint32_t *row = (uint32_t *)(void *)rgba;
    for (size_t y = 0; y < height; y++) {
        segue_yuv_row(row + y * width, luma + y * width, cb + (y / 2) * chromaWidth, cr + (y / 2) * chromaWidth, width, *k);
    }
}

SEGUE_DISPATCHED
void segue_yuv444_to_rgba(uint8_t *restrict rgba, const uint8_t *restrict luma, const uint8_t *restrict cb,
                          const uint8_t *restrict cr, size_t count, const segue_yuv_coefficients *kp) {
    const segue_yuv_coefficients k = *kp;
    const int32_t half = 1 << 13;
    uint32_t *out = (uint32_t *)(void *)rgba;
    for (size_t i = 0; i < count; i++) {
        int32_t u = (int32_t)cb[i] - 128, v = (int32_t)cr[i] - 128;
        int32_t y = ((int32_t)luma[i] - k.yOffset) * k.yScale;
        out[i] = segue_channel(y + k.crToR * v + half) | segue_channel(y + k.cbToG * u + k.crToG * v + half) << 8
            | segue_channel(y + k.cbToB * u + half) << 16 | 0xFF000000u;
    }
}
