#include "cblend.h"

void cblend_lerp(const uint8_t *restrict a, const uint8_t *restrict b, uint8_t *restrict dst, size_t count, unsigned t) {
    const unsigned s = 256 - t;
    for (size_t i = 0; i < count; i++) {
        dst[i] = (uint8_t)((a[i] * s + b[i] * t + 128) >> 8);
    }
}
