#ifndef SEGUE_JPEG_H
#define SEGUE_JPEG_H
#include <stddef.h>
#include <stdint.h>

// libjpeg reports errors by longjmp, which Swift cannot survive, so decoding happens here.
// Both functions return SEGUE_JPEG_OK on success; on failure they return SEGUE_JPEG_TRUNCATED
// (the data ends early) or SEGUE_JPEG_ERROR, and copy libjpeg's message (NUL-terminated,
// truncated to fit) into `message`. libjpeg's warnings that mean damaged pixels (premature
// end of data, corrupt entropy-coded data) are failures too.
enum { SEGUE_JPEG_OK = 0, SEGUE_JPEG_ERROR = -1, SEGUE_JPEG_TRUNCATED = -2 };

/// Reads only the JPEG header: the image size, so the caller can refuse huge images before
/// allocating anything.
int segue_jpeg_probe(const uint8_t *data, size_t length, int *width, int *height,
                     char *message, size_t message_capacity);

/// Decodes a whole JPEG (grey, YCbCr/RGB, or CMYK/YCCK converted naively, without a colour
/// profile) into `rgba` (width * height * 4 bytes, alpha 255). `width` and
/// `height` must be the values `segue_jpeg_probe` returned; a mismatch is an error.
int segue_jpeg_decode_rgba(const uint8_t *data, size_t length, int width, int height, uint8_t *rgba,
                           char *message, size_t message_capacity);

#endif
