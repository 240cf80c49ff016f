#ifndef SEGUE_YUV_H
#define SEGUE_YUV_H
#include <stddef.h>
#include <stdint.h>

/// A Y′CbCr → R′G′B′ matrix with its range folded in, in fixed point with 14 fraction bits
/// (`YUVFormat.coefficients` computes it): for 8-bit samples,
/// `y = (Y − yOffset)·yScale`, `R = y + crToR·(Cr − 128)`,
/// `G = y + cbToG·(Cb − 128) + crToG·(Cr − 128)`, `B = y + cbToB·(Cb − 128)`,
/// each then rounded, shifted down 14 bits and clamped to 0…255.
typedef struct {
    int32_t yOffset, yScale, crToR, cbToG, crToG, cbToB;
} segue_yuv_coefficients;

/// One planar 4:2:0 frame (FFmpeg's `yuv420p` as `rawvideo` writes it: the planes packed, no
/// padding, each chroma plane ⌈width/2⌉ × ⌈height/2⌉) into opaque RGBA, `width·height·4`
/// bytes. Each chroma sample covers its 2×2 block of luma samples, as swscale's unscaled
/// converter takes it, so frames match FFmpeg's own RGBA decode.
void segue_yuv420_to_rgba(uint8_t *restrict rgba, const uint8_t *restrict luma, const uint8_t *restrict cb,
                          const uint8_t *restrict cr, size_t width, size_t height, const segue_yuv_coefficients *k);

/// `count` pixels of planar 4:4:4 (FFmpeg's `yuv444p`: three planes of `count` samples, one
/// chroma sample per pixel) into opaque RGBA, `count·4` bytes.
void segue_yuv444_to_rgba(uint8_t *restrict rgba, const uint8_t *restrict luma, const uint8_t *restrict cb,
                          const uint8_t *restrict cr, size_t count, const segue_yuv_coefficients *k);

#endif
