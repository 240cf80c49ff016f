#ifndef SEGUE_PAIR_ROWS_H
#define SEGUE_PAIR_ROWS_H
#include <math.h>
#include <stddef.h>
#include <stdint.h>

#include "segue_kernels.h"
#include "segue_rounded_rect.h"

/// The two texels around coordinate `u` (centres at integers), clamped to `0..<n`, and the
/// second one's weight 0…255 (a weight that rounds to 256 moves on to the next pair): the one
/// rule by which the software renderer maps a canvas position to its source (`LayerOp`).
/// Products and sums are rounded one at a time, never fused, in every caller's build.
static inline void segue_texels(double u, size_t n, size_t *i0, size_t *i1, uint32_t *weight) {
#pragma clang fp contract(off)
    double floor_u = floor(u), scaled = (u - floor_u) * 256;
    // `round` (half away from zero) of a value in 0…256, without a call into the C library:
    // the fraction left by the whole part is exact.
    uint32_t w = (uint32_t)scaled;
    if (scaled - w >= 0.5) w += 1;
    long first = (long)floor_u;
    if (w == 256) {
        w = 0;
        first += 1;
    }
    long last = (long)n - 1, second = first + 1;
    *i0 = (size_t)(first < 0 ? 0 : first > last ? last : first);
    *i1 = (size_t)(second < 0 ? 0 : second > last ? last : second);
    *weight = w;
}

/// `segue_texels` of `scale · (x + 0.5) + offset` for each canvas column `x` of
/// `firstColumn..<firstColumn + count`, into `first`, `second` and `weight` (indexed from 0):
/// a scaled layer's column table (`ColumnTable`), worked out for each of a magic move's
/// hundreds of layers on every frame.
void segue_texel_table(int32_t *first, int32_t *second, uint32_t *weight, long firstColumn, size_t count, double scale,
                       double offset, size_t n);

/// A layer sampled through a column table (`LayerOp.sampling`: a scaled layer's, or a
/// unit-scale layer's of one offset and weight), as `segue_pair_rows` samples it: canvas row
/// centre `py` reads source rows around `ay · py + by`, canvas column `x` texels `first[x]`
/// and `second[x]` of them, blended by `weight[x]`.
typedef struct {
    const uint32_t *source;
    size_t sourceWidth, sourceHeight;
    double ay, by;
    const int32_t *first, *second;
    const uint32_t *weight;
    /// The table's columns `blocksStart..<blocksStart + blocksCount` as blocks
    /// (`segue_column_blocks`): a span of just those columns samples through them.
    const segue_column_block *blocks;
    int32_t blocksStart, blocksCount;
} segue_scaled_layer;

/// One layer of a pair as `segue_pair_rows` draws it: sampled as `sampling`, covering the
/// rounded rectangle `shape` at `opacity`. Rows `straightStart..<straightEnd` (`StraightRows`;
/// empty when none) keep one span and one set of edge weights, those from `straightLower` on
/// another: their weights are worked out once per half.
typedef struct {
    segue_scaled_layer sampling;
    segue_rr shape;
    double opacity;
    int32_t straightStart, straightLower, straightEnd;
} segue_pair_layer;

/// Draws rows `firstRow..<endRow` of a pair (`PairDraw`) onto `canvas` (rows of `canvasWidth`
/// pixels), none of them clear, as the row-by-row path does: on each row each layer's span
/// and weights (opacity × coverage) worked out, the layers sampled over it and drawn as their
/// group, `over(a·wa + b·wb, dst)` (a lone layer's group is the layer), the next row's texels
/// asked for meanwhile (`segue_prefetch`). The layers must span the same columns (a view
/// transition's two images as wide as their group, a hero's two snapshots in one frame).
/// `scratch` holds five rows of `scratchRow` pixels, each at least the canvas and the widest
/// source.
void segue_pair_rows(uint32_t *canvas, size_t canvasWidth, int32_t firstRow, int32_t endRow, const segue_pair_layer *a,
                     const segue_pair_layer *b, uint32_t *scratch, size_t scratchRow);

#endif
