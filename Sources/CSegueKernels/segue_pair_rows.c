// A magic move's element rows drawn in C (see include/segue_pair_rows.h).

#include "segue_pair_rows.h"
#include "segue_kernels.h"
#include "segue_dispatch.h"

// Inlined into each build of `segue_pair_rows` (`SEGUE_DISPATCHED`), so that the AVX2 one
// rounds with single instructions here too.
#define SEGUE_INLINE __attribute__((always_inline))

#if defined(__x86_64__) && defined(__clang__)
#include <immintrin.h>

/// `segue_texel_table` four columns at a time: the same operations on four lanes, so the same
/// results (texel indices within ±2³¹, as any canvas's are).
__attribute__((target("avx2"))) static void texel_table_avx2(int32_t *first, int32_t *second, uint32_t *weight, long firstColumn,
                                                             size_t count, double scale, double offset, size_t n) {
#pragma clang fp contract(off)
    const __m128i zero = _mm_setzero_si128(), one = _mm_set1_epi32(1), full = _mm_set1_epi32(256), last = _mm_set1_epi32((int)n - 1);
    for (size_t i = 0; i < count; i += 4) {
        __m256d x = _mm256_add_pd(_mm256_add_pd(_mm256_set1_pd((double)(firstColumn + (long)i)), _mm256_setr_pd(0, 1, 2, 3)),
                                  _mm256_set1_pd(0.5));
        __m256d u = _mm256_add_pd(_mm256_mul_pd(_mm256_set1_pd(scale), x), _mm256_set1_pd(offset));
        __m256d whole = _mm256_floor_pd(u), scaled = _mm256_mul_pd(_mm256_sub_pd(u, whole), _mm256_set1_pd(256));
        __m128i w = _mm256_cvttpd_epi32(scaled), i0 = _mm256_cvttpd_epi32(whole);
        // Half away from zero: one more where the fraction left is at least a half.
        __m256d up = _mm256_cmp_pd(_mm256_sub_pd(scaled, _mm256_cvtepi32_pd(w)), _mm256_set1_pd(0.5), _CMP_GE_OQ);
        w = _mm_sub_epi32(w, _mm256_castsi256_si128(_mm256_permutevar8x32_epi32(_mm256_castpd_si256(up),
                                                                               _mm256_setr_epi32(0, 2, 4, 6, 0, 0, 0, 0))));
        // A weight of 256 is the next texel pair's 0.
        __m128i carry = _mm_cmpeq_epi32(w, full);
        w = _mm_andnot_si128(carry, w);
        i0 = _mm_sub_epi32(i0, carry);
        __m128i i1 = _mm_add_epi32(i0, one);
        i0 = _mm_min_epi32(_mm_max_epi32(i0, zero), last);
        i1 = _mm_min_epi32(_mm_max_epi32(i1, zero), last);
        if (count - i >= 4) {
            _mm_storeu_si128((__m128i *)(first + i), i0);
            _mm_storeu_si128((__m128i *)(second + i), i1);
            _mm_storeu_si128((__m128i *)(weight + i), w);
        } else {
            __m128i mask = _mm_cmpgt_epi32(_mm_set1_epi32((int)(count - i)), _mm_setr_epi32(0, 1, 2, 3));
            _mm_maskstore_epi32((int *)(first + i), mask, i0);
            _mm_maskstore_epi32((int *)(second + i), mask, i1);
            _mm_maskstore_epi32((int *)(weight + i), mask, w);
        }
    }
}
#endif

void segue_texel_table(int32_t *first, int32_t *second, uint32_t *weight, long firstColumn, size_t count, double scale,
                       double offset, size_t n) {
#pragma clang fp contract(off)
#if defined(__x86_64__) && defined(__clang__)
    if (__builtin_cpu_supports("avx2")) {
        texel_table_avx2(first, second, weight, firstColumn, count, scale, offset, n);
        return;
    }
#endif
    for (size_t i = 0; i < count; i++) {
        size_t i0, i1;
        segue_texels(scale * ((double)(firstColumn + (long)i) + 0.5) + offset, n, &i0, &i1, weight + i);
        first[i] = (int32_t)i0;
        second[i] = (int32_t)i1;
    }
}

/// The two source rows a canvas row centre reads (`LayerOp.sourceRows`) and the second one's weight.
typedef struct {
    size_t y0, y1;
    uint32_t fy;
} source_rows;

SEGUE_INLINE static source_rows rows_at(const segue_scaled_layer *layer, double py) {
#pragma clang fp contract(off)
    source_rows rows;
    segue_texels(layer->ay * py + layer->by, layer->sourceHeight, &rows.y0, &rows.y1, &rows.fy);
    return rows;
}

/// `samples(row:columns:)` of `LayerOp` for a layer sampled through a column table: the two
/// source rows blended once over the texels the span reads (into `work`), then resampled
/// through the table.
SEGUE_INLINE static void sample_row(const segue_scaled_layer *layer, source_rows rows, int32_t start, int32_t count, uint32_t *out,
                                    uint32_t *work) {
    const uint32_t *row0 = layer->source + rows.y0 * layer->sourceWidth, *row1 = layer->source + rows.y1 * layer->sourceWidth;
    const int32_t *first = layer->first + start, *second = layer->second + start;
    const uint32_t *weight = layer->weight + start;
    const uint32_t *row = row0;
    size_t readable = layer->sourceWidth;
    if (rows.fy != 0) {
        int32_t lo = first[0], hi = second[count - 1];
        segue_lerp_bytes((uint8_t *)work, (const uint8_t *)(row0 + lo), (const uint8_t *)(row1 + lo), 4 * (size_t)(hi - lo + 1),
                         (uint16_t)rows.fy);
        row = work - lo;
        readable = (size_t)hi + 1;
    }
    if (layer->blocks && start == layer->blocksStart && count == layer->blocksCount) {
        segue_sample_blocks(out, row, readable, layer->blocks, (size_t)count);
    } else {
        segue_sample_columns(out, row, readable, first, second, weight, (size_t)count);
    }
}

/// `LayerOp.prefetch(row:)`: asks for the texels of the source rows `next` that the span
/// reads, those of the rows just read (`current`) excepted: they are in cache.
SEGUE_INLINE static void prefetch_rows(const segue_scaled_layer *layer, source_rows next, source_rows current, int32_t start,
                                       int32_t count) {
    int32_t lo = layer->first[start], hi = layer->second[start + count - 1];
    size_t bytes = (size_t)(hi - lo + 1) * sizeof(uint32_t);
    if (next.y0 != current.y0 && next.y0 != current.y1) segue_prefetch(layer->source + next.y0 * layer->sourceWidth + lo, bytes);
    if (next.y1 != next.y0 && next.y1 != current.y0 && next.y1 != current.y1) {
        segue_prefetch(layer->source + next.y1 * layer->sourceWidth + lo, bytes);
    }
}

/// Which span and weights row `y` of a layer takes: 1 its own, 2 and 3 those of its straight
/// rows' upper and lower halves (the layer always covers those).
SEGUE_INLINE static int shape_key(const segue_pair_layer *layer, int32_t y) {
    if (y < layer->straightStart || y >= layer->straightEnd) return 1;
    return y < layer->straightLower ? 2 : 3;
}

/// A layer's row as the previous row left it: its span, whether it covers the row, and
/// which shape (`shape_key`) its weights are of (0: none yet).
typedef struct {
    segue_rr_span span;
    int present, key;
} layer_row;

/// Moves `row` on to row `y`: a straight half's span and weights, once worked out, serve
/// its every row; any other row works its own out. Returns whether the weights must be
/// (re)filled.
SEGUE_INLINE static int advance(layer_row *row, const segue_pair_layer *layer, int32_t y, int32_t canvasWidth) {
    int key = shape_key(layer, y);
    if (key != 1 && key == row->key) return 0;
    row->present = segue_rr_row(&layer->shape, y, canvasWidth, &row->span);
    row->key = key;
    return 1;
}

#if defined(__x86_64__) && defined(__clang__)

/// Swift's `max(a, b)` and `min(a, b)` per lane (`segue_rr_max`, `segue_rr_min`).
__attribute__((target("avx2"))) static inline __m256d max4(__m256d a, __m256d b) {
    return _mm256_blendv_pd(a, b, _mm256_cmp_pd(b, a, _CMP_GE_OQ));
}
__attribute__((target("avx2"))) static inline __m256d min4(__m256d a, __m256d b) {
    return _mm256_blendv_pd(a, b, _mm256_cmp_pd(b, a, _CMP_LT_OQ));
}

/// `segue_rr_weight` of pixels `x..<x + count` into `out`, four at a time: the same
/// operations on four lanes, so the same bits.
__attribute__((target("avx2"))) static void rr_weights_avx2(uint32_t *out, const segue_rr *r, double opacity, int32_t x,
                                                            int32_t count, double py) {
#pragma clang fp contract(off)
    const __m256d zero = _mm256_setzero_pd(), one = _mm256_set1_pd(1), sign = _mm256_set1_pd(-0.0), half = _mm256_set1_pd(0.5);
    double hw = r->width * 0.5, hh = r->height * 0.5, qy0 = py - (r->y + hh);
    const __m256d centre = _mm256_set1_pd(r->x + hw), halfWidth = _mm256_set1_pd(hw), verticalPart = _mm256_set1_pd(fabs(qy0) - hh);
    const __m256d left = _mm256_set1_pd(qy0 < 0 ? r->topLeft : r->bottomLeft);
    const __m256d right = _mm256_set1_pd(qy0 < 0 ? r->topRight : r->bottomRight);
    const __m256d alpha = _mm256_set1_pd(opacity), scale = _mm256_set1_pd(256);
    for (int32_t i = 0; i < count; i += 4) {
        __m256d px = _mm256_add_pd(_mm256_cvtepi32_pd(_mm_add_epi32(_mm_set1_epi32(x + i), _mm_setr_epi32(0, 1, 2, 3))), half);
        __m256d qx0 = _mm256_sub_pd(px, centre);
        __m256d radius = _mm256_blendv_pd(right, left, _mm256_cmp_pd(qx0, zero, _CMP_LT_OQ));
        __m256d qx = _mm256_add_pd(_mm256_sub_pd(_mm256_andnot_pd(sign, qx0), halfWidth), radius);
        __m256d qy = _mm256_add_pd(verticalPart, radius);
        __m256d ox = max4(qx, zero), oy = max4(qy, zero);
        __m256d outside = _mm256_sqrt_pd(_mm256_add_pd(_mm256_mul_pd(ox, ox), _mm256_mul_pd(oy, oy)));
        __m256d d = _mm256_sub_pd(_mm256_add_pd(min4(max4(qx, qy), zero), outside), radius);
        __m256d coverage = min4(max4(_mm256_sub_pd(half, d), zero), one);
        __m256d w = min4(max4(_mm256_mul_pd(alpha, coverage), zero), one);
        __m128i weights = _mm256_cvttpd_epi32(_mm256_add_pd(_mm256_mul_pd(w, scale), half));
        if (count - i >= 4) {
            _mm_storeu_si128((__m128i *)(out + i), weights);
        } else {
            _mm_maskstore_epi32((int *)(out + i), _mm_cmpgt_epi32(_mm_set1_epi32(count - i), _mm_setr_epi32(0, 1, 2, 3)), weights);
        }
    }
}
#endif

/// `segue_rr_weight` of pixels `x..<x + count` into `out`.
static void rr_weights(uint32_t *out, const segue_rr *r, double opacity, int32_t x, int32_t count, double py) {
#if defined(__x86_64__) && defined(__clang__)
    if (__builtin_cpu_supports("avx2")) {
        rr_weights_avx2(out, r, opacity, x, count, py);
        return;
    }
#endif
    for (int32_t i = 0; i < count; i++) out[i] = segue_rr_weight(r, opacity, x + i, py);
}

/// Each pixel's weight over `start..<start + count` in row centre `py`: the uniform one inside
/// `span`'s inner run, each edge pixel's own.
SEGUE_INLINE static void fill_weights(uint32_t *weights, const segue_pair_layer *layer, const segue_rr_span *span, int32_t start,
                                      int32_t count, double py) {
    int32_t innerStart = span->innerStart, innerEnd = span->innerEnd;
    if (innerStart >= innerEnd) innerStart = innerEnd = start + count;
    uint32_t inner = segue_weight256(layer->opacity * span->innerCoverage);
    rr_weights(weights, &layer->shape, layer->opacity, start, innerStart - start, py);
    for (int32_t x = innerStart; x < innerEnd; x++) weights[x - start] = inner;
    rr_weights(weights + (innerEnd - start), &layer->shape, layer->opacity, innerEnd, start + count - innerEnd, py);
}

// The loader picks the AVX2 build where the CPU has it: `floor`, `ceil` and `sqrt` are then
// one instruction each.
SEGUE_DISPATCHED
void segue_pair_rows(uint32_t *canvas, size_t canvasWidth, int32_t firstRow, int32_t endRow, const segue_pair_layer *a,
                     const segue_pair_layer *b, uint32_t *scratch, size_t scratchRow) {
    uint32_t *samplesA = scratch, *samplesB = scratch + scratchRow, *work = scratch + 2 * scratchRow;
    uint32_t *weightsA = scratch + 3 * scratchRow, *weightsB = scratch + 4 * scratchRow;
    layer_row rowA = {.key = 0}, rowB = {.key = 0};
    int32_t weightsStart = -1;
    source_rows sourceA = rows_at(&a->sampling, (double)firstRow + 0.5), sourceB = rows_at(&b->sampling, (double)firstRow + 0.5);
    for (int32_t y = firstRow; y < endRow; y++) {
        double py = (double)y + 0.5;
        int newA = advance(&rowA, a, y, (int32_t)canvasWidth), newB = advance(&rowB, b, y, (int32_t)canvasWidth);
        source_rows nextA = rows_at(&a->sampling, py + 1), nextB = rows_at(&b->sampling, py + 1);
        if (rowA.present || rowB.present) {
            const segue_rr_span *span = rowA.present ? &rowA.span : &rowB.span;
            int32_t start = span->outerStart, count = span->outerEnd - span->outerStart;
            // A layer that misses the row has no weights: the other is drawn alone.
            if (rowA.present && (newA || start != weightsStart)) fill_weights(weightsA, a, &rowA.span, start, count, py);
            if (rowB.present && (newB || start != weightsStart)) fill_weights(weightsB, b, &rowB.span, start, count, py);
            weightsStart = start;
            if (rowA.present) prefetch_rows(&a->sampling, nextA, sourceA, start, count);
            if (rowB.present) prefetch_rows(&b->sampling, nextB, sourceB, start, count);
            uint32_t *dst = canvas + (size_t)y * canvasWidth + start;
            if (rowA.present) sample_row(&a->sampling, sourceA, start, count, samplesA, work);
            if (rowB.present) sample_row(&b->sampling, sourceB, start, count, samplesB, work);
            if (rowA.present && rowB.present) {
                segue_pair_weighted(dst, samplesA, samplesB, weightsA, weightsB, (size_t)count, 0);
            } else {
                // A lone layer's group is the layer.
                segue_layer_weighted(dst, rowA.present ? samplesA : samplesB, rowA.present ? weightsA : weightsB, (size_t)count);
            }
        }
        sourceA = nextA, sourceB = nextB;
    }
}
