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

/// The ICC profile of a JPEG (ICC.1:2022 annex B: APP2 `ICC_PROFILE` segments, each numbered,
/// joined in sequence order by libjpeg's jpeg_read_icc_profile, which checks that every
/// segment is present once).
struct segue_jpeg_colour {
    /// The joined profile (malloc'd: free with `segue_jpeg_colour_free`), or NULL.
    uint8_t *icc;
    unsigned icc_length;
    /// ICC_PROFILE segments are present but do not make a profile (missing, repeated or
    /// misnumbered segments).
    int malformed;
    /// A one-component (greyscale) image.
    int grey;
};

/// Reads only the JPEG header: the image size, so the caller can refuse huge images before
/// allocating anything, and, when `colour` is not NULL, the ICC profile of a grey or RGB image
/// (a CMYK/YCCK image's profile is not read: its conversion is naive).
int segue_jpeg_probe(const uint8_t *data, size_t length, int *width, int *height, struct segue_jpeg_colour *colour,
                     char *message, size_t message_capacity);

/// Frees what `segue_jpeg_probe` allocated in `colour`.
void segue_jpeg_colour_free(struct segue_jpeg_colour *colour);

/// Decodes a whole JPEG (grey, YCbCr/RGB, or CMYK/YCCK converted naively, without a colour
/// profile) into `rgba` (width * height * 4 bytes, alpha 255). `width` and
/// `height` must be the values `segue_jpeg_probe` returned; a mismatch is an error.
int segue_jpeg_decode_rgba(const uint8_t *data, size_t length, int width, int height, uint8_t *rgba,
                           char *message, size_t message_capacity);

#endif
