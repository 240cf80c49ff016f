// Run-time dispatched span kernels (see include/segue_kernels.h).

#include "segue_kernels.h"
#include "segue_dispatch.h"

#include <math.h>
#include <string.h>

SEGUE_DISPATCHED
void segue_mix_bytes(uint8_t *dst, const uint8_t *a, const uint8_t *b, size_t count, uint16_t wa, uint16_t wb) {
    for (size_t i = 0; i < count; i++) {
        uint16_t x = (uint16_t)(a[i] * wa + 0x80), y = (uint16_t)(b[i] * wb);
        uint16_t sum = (uint16_t)(x + y);
        if (sum < x) sum = 0xFFFF;
        dst[i] = (uint8_t)(sum >> 8);
    }
}

SEGUE_DISPATCHED
void segue_lerp_bytes(uint8_t *dst, const uint8_t *a, const uint8_t *b, size_t count, uint16_t f) {
    uint16_t g = (uint16_t)(256 - f);
    for (size_t i = 0; i < count; i++) dst[i] = (uint8_t)((uint16_t)(a[i] * g + b[i] * f + 0x80) >> 8);
}

// Blocks of 32 bytes keep their sums in two AVX2 registers (four SSE ones) across every tap:
// the accumulators never go through memory, unlike a tap-by-tap pass over the whole row.
#define SEGUE_SUM_BLOCK 32

SEGUE_DISPATCHED
void segue_weighted_sum_bytes(uint8_t *restrict dst, const uint8_t *const *restrict sources, const uint16_t *restrict weights,
                              size_t taps, size_t count) {
    size_t pairs = 0;
    while (pairs < taps / 2 && weights[pairs] == weights[taps - 1 - pairs]) pairs++;
    size_t i = 0;
    for (; i + SEGUE_SUM_BLOCK <= count; i += SEGUE_SUM_BLOCK) {
        uint16_t acc[SEGUE_SUM_BLOCK];
        for (size_t k = 0; k < SEGUE_SUM_BLOCK; k++) acc[k] = 0x80;
        for (size_t m = 0; m < pairs; m++) {
            const uint8_t *a = sources[m] + i, *b = sources[taps - 1 - m] + i;
            uint16_t w = weights[m];
            for (size_t k = 0; k < SEGUE_SUM_BLOCK; k++) acc[k] = (uint16_t)(acc[k] + w * (uint16_t)(a[k] + b[k]));
        }
        for (size_t m = pairs; m < taps - pairs; m++) {
            const uint8_t *a = sources[m] + i;
            uint16_t w = weights[m];
            for (size_t k = 0; k < SEGUE_SUM_BLOCK; k++) acc[k] = (uint16_t)(acc[k] + w * a[k]);
        }
        for (size_t k = 0; k < SEGUE_SUM_BLOCK; k++) dst[i + k] = (uint8_t)(acc[k] >> 8);
    }
    for (; i < count; i++) {
        uint16_t acc = 0x80;
        for (size_t m = 0; m < taps; m++) acc = (uint16_t)(acc + weights[m] * sources[m][i]);
        dst[i] = (uint8_t)(acc >> 8);
    }
}

// Off: a fused multiply-add would round differently from the Swift and GLSL formulas, and
// differently in the AVX2 clone (which has FMA) than in the baseline one.
#pragma clang fp contract(off)

// Each pixel is taken as one 32-bit word and its channels shifted out, so the loop vectorises
// as eight pixels per AVX2 register without shuffling bytes into channel planes.
SEGUE_DISPATCHED
void segue_saturate_pixels(uint8_t *pixels, size_t count, const float *restrict m) {
    const float m0 = m[0], m1 = m[1], m2 = m[2], m3 = m[3], m4 = m[4], m5 = m[5], m6 = m[6], m7 = m[7], m8 = m[8];
    for (size_t i = 0; i < count; i++) {
        uint32_t p;
        memcpy(&p, pixels + 4 * i, 4);
        float r = (float)(int32_t)(p & 0xFF), g = (float)(int32_t)(p >> 8 & 0xFF), b = (float)(int32_t)(p >> 16 & 0xFF);
        float a = (float)(int32_t)(p >> 24);
        float x = m0 * r + m1 * g + m2 * b, y = m3 * r + m4 * g + m5 * b, z = m6 * r + m7 * g + m8 * b;
        uint32_t cr = (uint32_t)(int32_t)(fminf(fmaxf(x, 0), a) + 0.5f);
        uint32_t cg = (uint32_t)(int32_t)(fminf(fmaxf(y, 0), a) + 0.5f);
        uint32_t cb = (uint32_t)(int32_t)(fminf(fmaxf(z, 0), a) + 0.5f);
        p = cr | cg << 8 | cb << 16 | (p & 0xFF000000u);
        memcpy(pixels + 4 * i, &p, 4);
    }
}
