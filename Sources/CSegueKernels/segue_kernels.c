// Run-time dispatched span kernels (see include/segue_kernels.h).

#include "segue_kernels.h"

#if defined(__x86_64__) && defined(__linux__) && defined(__clang__)
#define SEGUE_DISPATCHED __attribute__((target_clones("avx2", "default")))
#else
#define SEGUE_DISPATCHED
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

SEGUE_DISPATCHED
void segue_lerp_bytes(uint8_t *dst, const uint8_t *a, const uint8_t *b, size_t count, uint16_t f) {
    uint16_t g = (uint16_t)(256 - f);
    for (size_t i = 0; i < count; i++) dst[i] = (uint8_t)((uint16_t)(a[i] * g + b[i] * f + 0x80) >> 8);
}
