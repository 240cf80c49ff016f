// A magic move's element rows drawn in C (see include/segue_pair_rows.h).

#include "segue_pair_rows.h"
#include "segue_kernels.h"
#include "segue_dispatch.h"

// The loader picks the AVX2 build where the CPU has it: `floor` is then one instruction.
SEGUE_DISPATCHED
void segue_texel_table(int32_t *first, int32_t *second, uint32_t *weight, long firstColumn, size_t count, double scale,
                       double offset, size_t n) {
#pragma clang fp contract(off)
    for (size_t i = 0; i < count; i++) {
        size_t i0, i1;
        segue_texels(scale * ((double)(firstColumn + (long)i) + 0.5) + offset, n, &i0, &i1, weight + i);
        first[i] = (int32_t)i0;
        second[i] = (int32_t)i1;
    }
}

/// `samples(row:columns:)` of `LayerOp` for a scaled layer: the two source rows blended once
/// over the texels the span reads (into `work`), then resampled through the column table.
static void sample_row(const segue_scaled_layer *layer, double py, int32_t start, int32_t count, uint32_t *out,
                       uint32_t *work) {
    size_t y0, y1;
    uint32_t fy;
    segue_texels(layer->ay * py + layer->by, layer->sourceHeight, &y0, &y1, &fy);
    const uint32_t *row0 = layer->source + y0 * layer->sourceWidth, *row1 = layer->source + y1 * layer->sourceWidth;
    const int32_t *first = layer->first + start, *second = layer->second + start;
    const uint32_t *weight = layer->weight + start;
    if (fy == 0) {
        segue_sample_columns(out, row0, layer->sourceWidth, first, second, weight, (size_t)count);
        return;
    }
    int32_t lo = first[0], hi = second[count - 1];
    segue_lerp_bytes((uint8_t *)work, (const uint8_t *)(row0 + lo), (const uint8_t *)(row1 + lo), 4 * (size_t)(hi - lo + 1),
                     (uint16_t)fy);
    segue_sample_columns(out, work - lo, (size_t)hi + 1, first, second, weight, (size_t)count);
}

/// `LayerOp.prefetch(row:)`: the source texels the span reads at row centre `py`.
static void prefetch_row(const segue_scaled_layer *layer, double py, int32_t start, int32_t count) {
    size_t y0, y1;
    uint32_t fy;
    segue_texels(layer->ay * py + layer->by, layer->sourceHeight, &y0, &y1, &fy);
    int32_t lo = layer->first[start], hi = layer->second[start + count - 1];
    size_t bytes = (size_t)(hi - lo + 1) * sizeof(uint32_t);
    segue_prefetch(layer->source + y0 * layer->sourceWidth + lo, bytes);
    if (y1 != y0) segue_prefetch(layer->source + y1 * layer->sourceWidth + lo, bytes);
}

void segue_pair_rows(uint32_t *canvas, size_t canvasWidth, int32_t firstRow, int32_t endRow, const segue_scaled_layer *a,
                     const segue_scaled_layer *b, const segue_pair_span *span, uint32_t *scratch, size_t scratchRow) {
    if (span->count <= 0) return;
    size_t n = (size_t)span->count;
    uint32_t *samplesA = scratch, *samplesB = scratch + scratchRow, *work = scratch + 2 * scratchRow;
    // Each pixel's weights, the same on every row of the run; a lone layer's group is the
    // layer, the other's weights all 0.
    uint32_t *weightsA = scratch + 3 * scratchRow, *weightsB = scratch + 4 * scratchRow;
    for (size_t x = 0, e = 0; x < n; x++) {
        int inside = x >= (size_t)span->bothStart && x < (size_t)span->bothEnd;
        weightsA[x] = inside ? span->wa : span->edgeA[e];
        weightsB[x] = b == NULL ? 0 : inside ? span->wb : span->edgeB[e];
        if (!inside) e++;
    }
    for (int32_t y = firstRow; y < endRow; y++) {
        double py = (double)y + 0.5;
        prefetch_row(a, py + 1, span->start, span->count);
        if (b) prefetch_row(b, py + 1, span->start, span->count);
        sample_row(a, py, span->start, span->count, samplesA, work);
        if (b) sample_row(b, py, span->start, span->count, samplesB, work);
        segue_pair_weighted(canvas + (size_t)y * canvasWidth + span->start, samplesA, b ? samplesB : samplesA, weightsA, weightsB, n, 0);
    }
}
