#ifndef SEGUE_ROUNDED_RECT_H
#define SEGUE_ROUNDED_RECT_H
#include <math.h>
#include <stdint.h>

// A rounded rectangle's coverage of the software renderer's pixels, in C so that the pair
// rows (`segue_pair_rows`) work out their shapes without leaving C, and Swift calls the same
// functions (`CoverageSpan.roundedRect`, `LayerOp`): one rule. `segue_rr_distance` is the twin
// of SegueCore's `Coverage.roundedRectDistance` (which GL's shader and the drawing code
// follow), operation for operation; a test holds the two equal bit for bit. Products and sums
// are rounded one at a time, never fused, in every caller's build.

/// A rectangle (`Rect`) with its corners' radii (`CornerRadii`, fitted to it).
typedef struct {
    double x, y, width, height;
    double topLeft, topRight, bottomRight, bottomLeft;
} segue_rr;

/// One row of a rounded rectangle (`CoverageSpan`): the pixels it touches, `outerStart..<outerEnd`,
/// of which `innerStart..<innerEnd` are covered uniformly by `innerCoverage`.
typedef struct {
    int32_t outerStart, outerEnd, innerStart, innerEnd;
    double innerCoverage;
} segue_rr_span;

/// Swift's `max` and `min` of two doubles (the second argument wins a tie).
static inline double segue_rr_max(double a, double b) { return b >= a ? b : a; }
static inline double segue_rr_min(double a, double b) { return b < a ? b : a; }

/// Signed distance from (`px`, `py`) to the rounded rectangle, negative inside.
__attribute__((always_inline)) static inline double segue_rr_distance(double px, double py, const segue_rr *r) {
#pragma clang fp contract(off)
    double hw = r->width * 0.5, hh = r->height * 0.5;
    double qx0 = px - (r->x + hw), qy0 = py - (r->y + hh);
    double radius = qx0 < 0 ? (qy0 < 0 ? r->topLeft : r->bottomLeft) : (qy0 < 0 ? r->topRight : r->bottomRight);
    double qx = fabs(qx0) - hw + radius, qy = fabs(qy0) - hh + radius;
    double ox = segue_rr_max(qx, 0), oy = segue_rr_max(qy, 0);
    double outside = sqrt(ox * ox + oy * oy);
    return segue_rr_min(segue_rr_max(qx, qy), 0) + outside - radius;
}

/// A weight 0…1 as 0…256 (`weight256`).
static inline uint32_t segue_weight256(double w) {
#pragma clang fp contract(off)
    return (uint32_t)(segue_rr_min(segue_rr_max(w, 0), 1) * 256 + 0.5);
}

/// Pixel `x`'s weight in the row centred at `py`: `opacity` × its coverage, 0…256
/// (`Coverage.fromDistance`: half a pixel inside the edge is full coverage).
static inline uint32_t segue_rr_weight(const segue_rr *r, double opacity, int32_t x, double py) {
#pragma clang fp contract(off)
    double d = segue_rr_distance((double)x + 0.5, py, r);
    return segue_weight256(opacity * segue_rr_min(segue_rr_max(0.5 - d, 0), 1));
}

/// How far in from its side the rectangle shrunk by half a pixel starts at row centre `py`,
/// for the corner of `radius` on the row's half (`top` or bottom): half a pixel clear of the
/// corner's arc, or of the straight side below or above it.
__attribute__((always_inline)) static inline double segue_rr_arc_inset(double radius, const segue_rr *r, double py, int top) {
#pragma clang fp contract(off)
    double k = radius - 0.5;
    double dy = top ? r->y + radius - py : py - (r->y + r->height - radius);
    if (!(k > 0) || !(dy > 0)) return 0.5;
    return radius - sqrt(segue_rr_max(k * k - dy * dy, 0));
}

/// Row `y` of the rounded rectangle, clipped to `0..<width`, into `span`; 0 when the row misses it.
///
/// The inner span is covered uniformly, its coverage evaluated once at the centre column. In a
/// row whose centre lies half a pixel inside the top and bottom edges that coverage is 1, and
/// so is every pixel whose centre lies inside the shape shrunk by half a pixel: between the
/// corners' arcs at this row (one pixel spare each side against rounding), so a large radius
/// leaves only the pixels along its arc to the per-pixel path. Other rows are inset by the
/// largest radius.
__attribute__((always_inline)) static inline int segue_rr_row(const segue_rr *r, int32_t y, int32_t width, segue_rr_span *span) {
#pragma clang fp contract(off)
    double py = (double)y + 0.5, minX = r->x, minY = r->y, maxX = r->x + r->width, maxY = r->y + r->height;
    if (!(py > minY - 0.5) || !(py < maxY + 0.5) || !(r->width > 0) || !(r->height > 0)) return 0;
    long outerStart = (long)floor(minX), outerEnd = (long)ceil(maxX);
    if (outerStart < 0) outerStart = 0;
    if (outerEnd > width) outerEnd = width;
    if (outerStart >= outerEnd) return 0;
    long innerStart, innerEnd;
    if (py - minY >= 0.5 && maxY - py >= 0.5) {
        int top = py < r->y + r->height / 2;
        double left = minX + segue_rr_arc_inset(top ? r->topLeft : r->bottomLeft, r, py, top);
        double right = maxX - segue_rr_arc_inset(top ? r->topRight : r->bottomRight, r, py, top);
        innerStart = (long)ceil(left + 0.5);
        innerEnd = (long)floor(right - 1.5) + 1;
    } else {
        double radius = segue_rr_max(segue_rr_max(r->topLeft, r->topRight), segue_rr_max(r->bottomRight, r->bottomLeft));
        innerStart = (long)ceil(minX + radius + 0.5);
        innerEnd = (long)floor(maxX - radius - 1.5) + 1;
    }
    if (innerStart < innerEnd) {
        // Clipped to the canvas (an empty clip is 0..<0), then into the outer span.
        if (innerStart < 0) innerStart = 0;
        if (innerEnd > width) innerEnd = width;
        if (innerStart >= innerEnd) innerStart = innerEnd = 0;
    } else {
        innerStart = innerEnd = outerStart;
    }
    long lo = innerStart < outerStart ? outerStart : innerStart > outerEnd ? outerEnd : innerStart;
    long hi = innerEnd > outerEnd ? outerEnd : innerEnd < outerStart ? outerStart : innerEnd;
    span->outerStart = (int32_t)outerStart;
    span->outerEnd = (int32_t)outerEnd;
    span->innerStart = (int32_t)lo;
    span->innerEnd = (int32_t)hi;
    span->innerCoverage = segue_rr_min(segue_rr_max(0.5 - segue_rr_distance(r->x + r->width / 2, py, r), 0), 1);
    return 1;
}

#endif
