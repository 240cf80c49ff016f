// Run-time dispatched span kernels (see include/segue_kernels.h).

#include "segue_kernels.h"
#include "segue_dispatch.h"

#include <math.h>
#include <string.h>
#if defined(__x86_64__) && defined(__clang__)
#include <immintrin.h>
#endif

SEGUE_DISPATCHED
void segue_mix_bytes(uint8_t *dst, const uint8_t *a, const uint8_t *b, size_t count, uint16_t wa, uint16_t wb) {
    for (size_t i = 0; i < count; i++) {
        uint16_t x = (uint16_t)(a[i] * wa + 0x80), y = (uint16_t)(b[i] * wb);
        uint16_t sum = (uint16_t)(x + y);
        if (sum < x) sum = 0xFFFF;
        dst[i] = (uint8_t)(sum >> 8);
    }
}

/// `lerpPixel`: two channels per 32-bit multiply.
static inline uint32_t lerp_pixel(uint32_t a, uint32_t b, uint32_t f) {
    uint32_t g = 256 - f;
    uint32_t rb = (a & 0x00FF00FFu) * g + (b & 0x00FF00FFu) * f + 0x00800080u;
    uint32_t ga = ((a >> 8) & 0x00FF00FFu) * g + ((b >> 8) & 0x00FF00FFu) * f + 0x00800080u;
    return ((rb >> 8) & 0x00FF00FFu) | (((ga >> 8) & 0x00FF00FFu) << 8);
}

static void sample_columns_scalar(uint32_t *dst, const uint32_t *row, const int32_t *first, const int32_t *second,
                                  const uint32_t *weight, size_t from, size_t count) {
    for (size_t i = from; i < count; i++) dst[i] = lerp_pixel(row[first[i]], row[second[i]], weight[i]);
}

#if defined(__x86_64__) && defined(__clang__)
/// The 8 pixels of `lo`:`hi` (texels base … base + 15) that `offsets` (0…15) name.
__attribute__((target("avx2"))) static inline __m256i pick16(__m256i lo, __m256i hi, __m256i offsets) {
    __m256i fromHigh = _mm256_cmpgt_epi32(offsets, _mm256_set1_epi32(7));
    return _mm256_blendv_epi8(_mm256_permutevar8x32_epi32(lo, offsets), _mm256_permutevar8x32_epi32(hi, offsets), fromHigh);
}

/// Texels `base … base + 15` of `row` into `lo` and `hi`; masked loads read nothing at or
/// past `readable` (the row's last texels).
__attribute__((target("avx2"))) static inline void window16(const uint32_t *row, int32_t base, size_t readable, __m256i *lo,
                                                            __m256i *hi) {
    if ((size_t)base + 16 <= readable) {
        *lo = _mm256_loadu_si256((const __m256i *)(row + base));
        *hi = _mm256_loadu_si256((const __m256i *)(row + base + 8));
        return;
    }
    const __m256i lanes = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
    __m256i left = _mm256_set1_epi32((int32_t)readable - base);
    *lo = _mm256_maskload_epi32((const int *)(row + base), _mm256_cmpgt_epi32(left, lanes));
    *hi = _mm256_maskload_epi32((const int *)(row + base + 8), _mm256_cmpgt_epi32(left, _mm256_add_epi32(lanes, _mm256_set1_epi32(8))));
}

/// `lerp_pixel(a, c, f)` per pixel, `f` in both 16-bit halves of each lane.
__attribute__((target("avx2"))) static inline __m256i lerp8(__m256i a, __m256i c, __m256i f) {
    const __m256i byteMask = _mm256_set1_epi32(0x00FF00FF), half = _mm256_set1_epi16(0x80);
    __m256i g = _mm256_sub_epi16(_mm256_set1_epi16(256), f);
    __m256i even = _mm256_add_epi16(_mm256_add_epi16(_mm256_mullo_epi16(_mm256_and_si256(a, byteMask), g),
                                                     _mm256_mullo_epi16(_mm256_and_si256(c, byteMask), f)), half);
    __m256i odd = _mm256_add_epi16(_mm256_add_epi16(_mm256_mullo_epi16(_mm256_and_si256(_mm256_srli_epi32(a, 8), byteMask), g),
                                                    _mm256_mullo_epi16(_mm256_and_si256(_mm256_srli_epi32(c, 8), byteMask), f)), half);
    return _mm256_or_si256(_mm256_srli_epi16(even, 8), _mm256_slli_epi16(_mm256_srli_epi16(odd, 8), 8));
}

__attribute__((target("avx2"))) static void sample_columns_avx2(uint32_t *dst, const uint32_t *row, size_t readable,
                                                                const int32_t *first, const int32_t *second,
                                                                const uint32_t *weight, size_t count) {
    const __m256i fifteen = _mm256_set1_epi32(15);
    size_t i = 0;
    for (; i + 8 <= count; i += 8) {
        __m256i i0 = _mm256_loadu_si256((const __m256i *)(first + i)), i1 = _mm256_loadu_si256((const __m256i *)(second + i));
        int32_t base = first[i];
        __m256i b = _mm256_set1_epi32(base);
        __m256i d0 = _mm256_sub_epi32(i0, b), d1 = _mm256_sub_epi32(i1, b);
        // Every offset in 0…15: no sign bit in d or in 15 − d.
        __m256i outside = _mm256_or_si256(_mm256_or_si256(d0, _mm256_sub_epi32(fifteen, d0)),
                                          _mm256_or_si256(d1, _mm256_sub_epi32(fifteen, d1)));
        if (_mm256_movemask_ps(_mm256_castsi256_ps(outside)) != 0) {
            sample_columns_scalar(dst, row, first, second, weight, i, i + 8);
            continue;
        }
        __m256i lo, hi;
        window16(row, base, readable, &lo, &hi);
        __m256i w = _mm256_loadu_si256((const __m256i *)(weight + i));
        __m256i out = lerp8(pick16(lo, hi, d0), pick16(lo, hi, d1), _mm256_or_si256(w, _mm256_slli_epi32(w, 16)));
        _mm256_storeu_si256((__m256i *)(dst + i), out);
    }
    sample_columns_scalar(dst, row, first, second, weight, i, count);
}
#endif

void segue_sample_columns(uint32_t *dst, const uint32_t *row, size_t readable, const int32_t *first, const int32_t *second,
                          const uint32_t *weight, size_t count) {
#if defined(__x86_64__) && defined(__clang__)
    if (__builtin_cpu_supports("avx2")) {
        sample_columns_avx2(dst, row, readable, first, second, weight, count);
        return;
    }
#endif
    (void)readable;
    sample_columns_scalar(dst, row, first, second, weight, 0, count);
}

void segue_column_blocks(segue_column_block *blocks, const int32_t *first, const int32_t *second, const uint32_t *weight,
                         size_t count) {
    for (size_t b = 0, i = 0; i < count; b++, i += 8) {
        segue_column_block *block = blocks + b;
        size_t k = count - i < 8 ? count - i : 8;
        int32_t base = first[i], gather = 0;
        for (size_t j = 0; j < k; j++) {
            int32_t d0 = first[i + j] - base, d1 = second[i + j] - base;
            if (d0 < 0 || d0 > 15 || d1 < 0 || d1 > 15) gather = 1;
        }
        block->base = base;
        block->gather = gather;
        block->unused[0] = block->unused[1] = 0;
        for (size_t j = 0; j < 8; j++) {
            // Past the last column: texel `base`, its sample never stored.
            int32_t f = j < k ? first[i + j] : base, s = j < k ? second[i + j] : base;
            uint32_t w = j < k ? weight[i + j] : 0;
            block->first[j] = gather ? f : f - base;
            block->second[j] = gather ? s : s - base;
            block->weight[j] = w | w << 16;
        }
    }
}

#if defined(__x86_64__) && defined(__clang__)
__attribute__((target("avx2"))) static void sample_blocks_avx2(uint32_t *dst, const uint32_t *row, size_t readable,
                                                               const segue_column_block *blocks, size_t count) {
    const __m256i lanes = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
    for (size_t b = 0, i = 0; i < count; b++, i += 8) {
        const segue_column_block *block = blocks + b;
        size_t k = count - i < 8 ? count - i : 8;
        if (block->gather) {
            for (size_t j = 0; j < k; j++) dst[i + j] = lerp_pixel(row[block->first[j]], row[block->second[j]], block->weight[j] & 0xFFFF);
            continue;
        }
        __m256i lo, hi;
        window16(row, block->base, readable, &lo, &hi);
        __m256i out = lerp8(pick16(lo, hi, _mm256_loadu_si256((const __m256i *)block->first)),
                            pick16(lo, hi, _mm256_loadu_si256((const __m256i *)block->second)),
                            _mm256_loadu_si256((const __m256i *)block->weight));
        if (k == 8) {
            _mm256_storeu_si256((__m256i *)(dst + i), out);
        } else {
            _mm256_maskstore_epi32((int *)(dst + i), _mm256_cmpgt_epi32(_mm256_set1_epi32((int)k), lanes), out);
        }
    }
}
#endif

void segue_sample_blocks(uint32_t *dst, const uint32_t *row, size_t readable, const segue_column_block *blocks, size_t count) {
#if defined(__x86_64__) && defined(__clang__)
    if (__builtin_cpu_supports("avx2")) {
        sample_blocks_avx2(dst, row, readable, blocks, count);
        return;
    }
#endif
    (void)readable;
    for (size_t b = 0, i = 0; i < count; b++, i += 8) {
        const segue_column_block *block = blocks + b;
        int32_t offset = block->gather ? 0 : block->base;
        for (size_t j = 0; j < 8 && i + j < count; j++) {
            dst[i + j] = lerp_pixel(row[offset + block->first[j]], row[offset + block->second[j]], block->weight[j] & 0xFFFF);
        }
    }
}

/// `scalePixel`: `p · w / 256` per channel.
static inline uint32_t scale_pixel(uint32_t p, uint32_t w) {
    uint32_t rb = (((p & 0x00FF00FFu) * w + 0x00800080u) >> 8) & 0x00FF00FFu;
    uint32_t ga = ((((p >> 8) & 0x00FF00FFu) * w + 0x00800080u) >> 8) & 0x00FF00FFu;
    return rb | (ga << 8);
}

/// `plusPixel`: the per-channel sum, saturating.
static inline uint32_t plus_pixel(uint32_t a, uint32_t b) {
    uint32_t out = 0;
    for (int shift = 0; shift < 32; shift += 8) {
        uint32_t sum = ((a >> shift) & 0xFF) + ((b >> shift) & 0xFF);
        out |= (sum > 255 ? 255 : sum) << shift;
    }
    return out;
}

/// `div255Lanes`: per 16-bit lane, a product of two bytes over 255, rounded.
static inline uint32_t div255_lanes(uint32_t x) {
    uint32_t t = x + 0x00800080u;
    return ((t + ((t >> 8) & 0x00FF00FFu)) >> 8) & 0x00FF00FFu;
}

/// `overPixel`: `src + (1 − src.a)·dst`, both premultiplied.
static inline uint32_t over_pixel(uint32_t src, uint32_t dst) {
    uint32_t inverse = 255 - (src >> 24);
    return src + (div255_lanes((dst & 0x00FF00FFu) * inverse) | (div255_lanes(((dst >> 8) & 0x00FF00FFu) * inverse) << 8));
}

/// A pair's pixel: `over(plus(a·wa, b·wb), dst)`, or the sum stored when `dstIsClear`.
static inline void pair_pixel(uint32_t *dst, uint32_t a, uint32_t b, uint32_t wa, uint32_t wb, int dstIsClear) {
    uint32_t group = plus_pixel(scale_pixel(a, wa), scale_pixel(b, wb));
    *dst = dstIsClear ? group : over_pixel(group, *dst);
}

#if defined(__x86_64__) && defined(__clang__)
/// `Block.scale`: `p · w / 256` per channel, `w` in every 16-bit lane.
__attribute__((target("avx2"))) static inline __m256i scale8(__m256i p, __m256i w) {
    const __m256i mask = _mm256_set1_epi32(0x00FF00FF), half = _mm256_set1_epi16(0x80);
    __m256i even = _mm256_srli_epi16(_mm256_add_epi16(_mm256_mullo_epi16(_mm256_and_si256(p, mask), w), half), 8);
    __m256i odd = _mm256_srli_epi16(_mm256_add_epi16(_mm256_mullo_epi16(_mm256_and_si256(_mm256_srli_epi32(p, 8), mask), w), half), 8);
    return _mm256_or_si256(even, _mm256_slli_epi16(odd, 8));
}

/// `div255` per 16-bit lane.
__attribute__((target("avx2"))) static inline __m256i div255_8(__m256i x) {
    __m256i t = _mm256_add_epi16(x, _mm256_set1_epi16(0x80));
    return _mm256_srli_epi16(_mm256_add_epi16(t, _mm256_srli_epi16(t, 8)), 8);
}

/// `Block.over`: `src + (1 − src.a)·dst`.
__attribute__((target("avx2"))) static inline __m256i over8(__m256i src, __m256i dst) {
    const __m256i mask = _mm256_set1_epi32(0x00FF00FF);
    __m256i inverse = _mm256_sub_epi32(_mm256_set1_epi32(255), _mm256_srli_epi32(src, 24));
    inverse = _mm256_or_si256(inverse, _mm256_slli_epi32(inverse, 16));
    __m256i even = div255_8(_mm256_mullo_epi16(_mm256_and_si256(dst, mask), inverse));
    __m256i odd = div255_8(_mm256_mullo_epi16(_mm256_and_si256(_mm256_srli_epi32(dst, 8), mask), inverse));
    return _mm256_add_epi32(src, _mm256_or_si256(even, _mm256_slli_epi16(odd, 8)));
}

/// The first `k` (1…8) of eight words at `p`: a plain load of a whole block (a masked one
/// costs more), a masked one of a short block's.
__attribute__((target("avx2"))) static inline __m256i load8(const uint32_t *p, size_t k, __m256i mask) {
    return k == 8 ? _mm256_loadu_si256((const __m256i *)p) : _mm256_maskload_epi32((const int *)p, mask);
}

/// The first `k` (1…8) pixels of a pair's group over `dst`: `a` and `b` weighted per
/// pixel (`la`, `lb`: each pixel's weight in both of its 16-bit lanes), added, drawn over; a
/// short block loads and stores only its own pixels.
__attribute__((target("avx2"))) static inline void pair_block8(uint32_t *dst, const uint32_t *a, const uint32_t *b, size_t k,
                                                               __m256i la, __m256i lb, int dstIsClear) {
    __m256i group;
    if (k == 8) {
        group = _mm256_adds_epu8(scale8(_mm256_loadu_si256((const __m256i *)a), la), scale8(_mm256_loadu_si256((const __m256i *)b), lb));
        if (!dstIsClear) group = over8(group, _mm256_loadu_si256((const __m256i *)dst));
        _mm256_storeu_si256((__m256i *)dst, group);
        return;
    }
    __m256i mask = _mm256_cmpgt_epi32(_mm256_set1_epi32((int)k), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));
    group = _mm256_adds_epu8(scale8(_mm256_maskload_epi32((const int *)a, mask), la),
                             scale8(_mm256_maskload_epi32((const int *)b, mask), lb));
    if (!dstIsClear) group = over8(group, _mm256_maskload_epi32((const int *)dst, mask));
    _mm256_maskstore_epi32((int *)dst, mask, group);
}

#endif

#if defined(__x86_64__) && defined(__clang__)
/// `segue_pair_group` eight pixels at a time, edges and the last few pixels included: a
/// block's lanes take their own weights where it reaches past `both`, and the last block
/// loads and stores only its pixels. A magic move's element row is a few dozen pixels, so
/// its edges and end, pixel by pixel, had cost more than the rest of it.
__attribute__((target("avx2"))) static void pair_group_avx2(uint32_t *dst, const uint32_t *a, const uint32_t *b, size_t count,
                                                            size_t bothStart, size_t bothEnd, uint32_t wa, uint32_t wb,
                                                            const uint32_t *edgeA, const uint32_t *edgeB, int dstIsClear) {
    const __m256i uniformA = _mm256_set1_epi16((short)wa), uniformB = _mm256_set1_epi16((short)wb);
    for (size_t i = 0; i < count; i += 8) {
        size_t k = count - i < 8 ? count - i : 8;
        __m256i la = uniformA, lb = uniformB;
        if (i < bothStart || i + k > bothEnd) {
            uint32_t ta[8] = {0}, tb[8] = {0};
            for (size_t j = 0; j < k; j++) {
                size_t x = i + j;
                if (x >= bothStart && x < bothEnd) {
                    ta[j] = wa, tb[j] = wb;
                } else {
                    size_t e = x < bothStart ? x : x - (bothEnd - bothStart);
                    ta[j] = edgeA[e], tb[j] = edgeB[e];
                }
            }
            la = _mm256_loadu_si256((const __m256i *)ta), lb = _mm256_loadu_si256((const __m256i *)tb);
            la = _mm256_or_si256(la, _mm256_slli_epi32(la, 16)), lb = _mm256_or_si256(lb, _mm256_slli_epi32(lb, 16));
        }
        pair_block8(dst + i, a + i, b + i, k, la, lb, dstIsClear);
    }
}

__attribute__((target("avx2"))) static void pair_weighted_avx2(uint32_t *dst, const uint32_t *a, const uint32_t *b,
                                                               const uint32_t *wa, const uint32_t *wb, size_t count, int dstIsClear) {
    for (size_t i = 0; i < count; i += 8) {
        size_t k = count - i < 8 ? count - i : 8;
        __m256i mask = _mm256_cmpgt_epi32(_mm256_set1_epi32((int)k), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));
        __m256i la = load8(wa + i, k, mask), lb = load8(wb + i, k, mask);
        pair_block8(dst + i, a + i, b + i, k, _mm256_or_si256(la, _mm256_slli_epi32(la, 16)),
                    _mm256_or_si256(lb, _mm256_slli_epi32(lb, 16)), dstIsClear);
    }
}
#endif

#if defined(__x86_64__) && defined(__clang__)
__attribute__((target("avx2"))) static void layer_weighted_avx2(uint32_t *dst, const uint32_t *a, const uint32_t *wa, size_t count) {
    for (size_t i = 0; i < count; i += 8) {
        size_t k = count - i < 8 ? count - i : 8;
        __m256i mask = _mm256_cmpgt_epi32(_mm256_set1_epi32((int)k), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));
        __m256i la = load8(wa + i, k, mask);
        la = _mm256_or_si256(la, _mm256_slli_epi32(la, 16));
        if (k == 8) {
            __m256i src = scale8(_mm256_loadu_si256((const __m256i *)(a + i)), la);
            _mm256_storeu_si256((__m256i *)(dst + i), over8(src, _mm256_loadu_si256((const __m256i *)(dst + i))));
        } else {
            __m256i src = scale8(_mm256_maskload_epi32((const int *)(a + i), mask), la);
            _mm256_maskstore_epi32((int *)(dst + i), mask, over8(src, _mm256_maskload_epi32((const int *)(dst + i), mask)));
        }
    }
}
#endif

void segue_layer_weighted(uint32_t *dst, const uint32_t *a, const uint32_t *wa, size_t count) {
#if defined(__x86_64__) && defined(__clang__)
    if (__builtin_cpu_supports("avx2")) {
        layer_weighted_avx2(dst, a, wa, count);
        return;
    }
#endif
    for (size_t i = 0; i < count; i++) dst[i] = over_pixel(scale_pixel(a[i], wa[i]), dst[i]);
}

void segue_pair_weighted(uint32_t *dst, const uint32_t *a, const uint32_t *b, const uint32_t *wa, const uint32_t *wb, size_t count,
                         int dstIsClear) {
#if defined(__x86_64__) && defined(__clang__)
    if (__builtin_cpu_supports("avx2")) {
        pair_weighted_avx2(dst, a, b, wa, wb, count, dstIsClear);
        return;
    }
#endif
    for (size_t i = 0; i < count; i++) pair_pixel(dst + i, a[i], b[i], wa[i], wb[i], dstIsClear);
}

void segue_pair_group(uint32_t *dst, const uint32_t *a, const uint32_t *b, size_t count, size_t bothStart, size_t bothEnd,
                      uint32_t wa, uint32_t wb, const uint32_t *edgeA, const uint32_t *edgeB, int dstIsClear) {
#if defined(__x86_64__) && defined(__clang__)
    if (__builtin_cpu_supports("avx2")) {
        pair_group_avx2(dst, a, b, count, bothStart, bothEnd, wa, wb, edgeA, edgeB, dstIsClear);
        return;
    }
#endif
    size_t e = 0;
    for (size_t i = 0; i < count; i++) {
        if (i >= bothStart && i < bothEnd) {
            pair_pixel(dst + i, a[i], b[i], wa, wb, dstIsClear);
        } else {
            pair_pixel(dst + i, a[i], b[i], edgeA[e], edgeB[e], dstIsClear);
            e++;
        }
    }
}

void segue_prefetch(const void *p, size_t bytes) {
    const char *start = (const char *)p, *end = start + bytes;
    for (const char *line = start; line < end; line += 64) __builtin_prefetch(line, 0, 3);
    if (bytes > 0) __builtin_prefetch(end - 1, 0, 3);
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
