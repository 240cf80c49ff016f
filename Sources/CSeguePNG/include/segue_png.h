#ifndef SEGUE_PNG_H
#define SEGUE_PNG_H
#include <stddef.h>
#include <stdint.h>

// PNG decoding through libpng's row API (png_read_row), not its simplified png_image_* API:
// libpng 1.6.39's simplified API misplaces rows of interlaced 16-bit images (upstream
// pnggroup/libpng#853), and the row API lets us bound the header size and chunk memory.
// libpng reports errors by longjmp, which Swift cannot survive, so decoding happens here.
// Both functions return 0 on success; on failure they return -1 and copy libpng's message
// (NUL-terminated, truncated to fit) into `message`.

/// Reads only the header: the image size, so the caller can refuse huge images before
/// allocating anything (any size PNG allows is returned: the caller's limits decide).
int segue_png_probe(const uint8_t *data, size_t length, uint32_t *width, uint32_t *height,
                    char *message, size_t message_capacity);

/// Decodes a whole PNG of any colour type, bit depth and interlace into `rgba` (width * height
/// * 4 bytes: 8-bit sRGB, straight alpha). `width` and `height` must be the values
/// `segue_png_probe` returned; a mismatch is an error.
int segue_png_decode_rgba(const uint8_t *data, size_t length, uint32_t width, uint32_t height, uint8_t *rgba,
                          char *message, size_t message_capacity);

#endif
