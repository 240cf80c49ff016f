#ifndef SEGUE_KERNELS_H
#define SEGUE_KERNELS_H
#include <stddef.h>
#include <stdint.h>

// The software renderer's hottest spans as byte loops compiled twice on x86-64 Linux, for AVX2
// and for the baseline, the loader picking one for the running CPU (`target_clones`): a plain
// `swift build -c release` gets the AVX2 loop where the CPU has it, as `make build` does. Each
// is the formula of its Swift block twin (PixelKernels.swift), byte for byte; PixelKernelTests
// hold them together.

/// `dst[i] = min(255, (a[i]·wa + 128 + b[i]·wb) / 256)`, the two weights 0…256 (a
/// cross-dissolve: `MixOp`). The sum is taken in 16 bits, saturating: it passes 0xFFFF exactly
/// when the result would pass 255.
void segue_mix_bytes(uint8_t *dst, const uint8_t *a, const uint8_t *b, size_t count, uint16_t wa, uint16_t wb);

/// `dst[i] = (a[i]·(256 − f) + b[i]·f + 128) / 256`, `f` 0…256: one bilinear step at a constant
/// weight (`SpanKernel.lerp`).
void segue_lerp_bytes(uint8_t *dst, const uint8_t *a, const uint8_t *b, size_t count, uint16_t f);

/// `dst[i] = (Σₘ weights[m] · sources[m][i] + 128) / 256` over `count` bytes: one blur pass's
/// row (`SoftwareBlur`), the weights summing to 256. Taps at equal distance from both ends
/// with equal weights (a Gaussian's) are added before they are multiplied: a shared weight is at
/// most 128, so every sum fits in 16 bits.
void segue_weighted_sum_bytes(uint8_t *restrict dst, const uint8_t *const *restrict sources, const uint16_t *restrict weights,
                              size_t taps, size_t count);

/// `blur.frag`'s saturation: each premultiplied pixel's colour times the 3×3 matrix `m` (rows
/// = output r, g, b), kept within 0…alpha, rounded half up; alpha is left as it is.
void segue_saturate_pixels(uint8_t *pixels, size_t count, const float *restrict m);

/// `dst[i] = lerp(row[first[i]], row[second[i]], weight[i])` per channel, as `lerpPixel`: a
/// scaled layer's row resampled through its column table. Only `row[0..<readable]` is read, and
/// every index must lie in it. With AVX2, each block of 8 outputs whose texels lie within 16
/// consecutive ones loads those 16 and picks from them with two permutes (any scale up to
/// about 1.75 source texels per output); other blocks gather texel by texel.
void segue_sample_columns(uint32_t *dst, const uint32_t *row, size_t readable, const int32_t *first, const int32_t *second,
                          const uint32_t *weight, size_t count);

/// A column table (`segue_sample_columns`'s `first`, `second`, `weight`) laid out for one
/// resampling after another over the same columns: eight columns a block, each with the first
/// texel of its 16-texel window and its texels as offsets into that window (or, `gather` set,
/// as indices of their own: texels too far apart), the weights in both 16-bit halves.
typedef struct {
    int32_t base, gather, unused[2];
    int32_t first[8], second[8];
    uint32_t weight[8];
} segue_column_block;

/// Lays out `count` columns of a column table as `(count + 7) / 8` blocks.
void segue_column_blocks(segue_column_block *blocks, const int32_t *first, const int32_t *second, const uint32_t *weight,
                         size_t count);

/// `segue_sample_columns` through blocks (`segue_column_blocks`): the same pixels, without
/// working the windows out again on every row.
void segue_sample_blocks(uint32_t *dst, const uint32_t *row, size_t readable, const segue_column_block *blocks, size_t count);

/// `dst[i] = over(plus(a[i]·wa, b[i]·wb), dst[i])` per channel (the sum saturating, the
/// formulas of `scalePixel`, `plusPixel` and `overPixel`), or the sum stored when
/// `dstIsClear`, at weights `wa`, `wb` over `bothStart..<bothEnd` (covered uniformly by both
/// shapes); every other pixel, in order (left of that run, then right of it), takes its own
/// weights from `edgeA` and `edgeB`, one entry each: a pair's isolated group drawn onto its
/// row, the partly covered pixels at its shapes' edges included (`PairDraw`).
void segue_pair_group(uint32_t *dst, const uint32_t *a, const uint32_t *b, size_t count, size_t bothStart, size_t bothEnd,
                      uint32_t wa, uint32_t wb, const uint32_t *edgeA, const uint32_t *edgeB, int dstIsClear);

/// `dst[i] = over(plus(a[i]·wa[i], b[i]·wb[i]), dst[i])`, or the sum stored when
/// `dstIsClear`: `segue_pair_group` with each pixel's own weights, laid out beforehand (the
/// rows of `segue_pair_rows`).
void segue_pair_weighted(uint32_t *dst, const uint32_t *a, const uint32_t *b, const uint32_t *wa, const uint32_t *wb, size_t count,
                         int dstIsClear);

/// `dst[i] = over(a[i]·wa[i], dst[i])`: one layer drawn over at each pixel's own weight (a
/// pair's row that only one of its layers covers: the group is then that layer).
void segue_layer_weighted(uint32_t *dst, const uint32_t *a, const uint32_t *wa, size_t count);

/// Asks the cache for the `bytes` bytes at `p` ahead of their use (nothing is read now, and an
/// address that is never read costs nothing but the request). Many small layers (a magic move's
/// elements) each read a short segment of a large source row that no hardware prefetcher
/// predicts: fetching the next row's segment while the other layers draw hides that latency.
void segue_prefetch(const void *p, size_t bytes);

#endif
