#include <stddef.h>
#include <stdint.h>

/// dst = a + (b - a) * t / 256 per byte (t in 0...256): the plain C blend of two RGBA frames.
void cblend_lerp(const uint8_t *a, const uint8_t *b, uint8_t *dst, size_t count, unsigned t);
