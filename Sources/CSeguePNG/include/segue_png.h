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

/// What a PNG says about its colours: every colour chunk before the image data, as found. The
/// caller applies the precedence (PNG 3rd edition, 4.2 and 11.3.2: cICP, iCCP, sRGB, gAMA/cHRM).
struct segue_png_colour {
    /// cICP (ITU-T H.273 code points): colour primaries, transfer characteristics, matrix
    /// coefficients, full-range flag. libpng 1.6.39 does not know the chunk: it is kept as an
    /// unknown chunk.
    int has_cicp;
    uint8_t cicp[4];
    int has_srgb;
    /// gAMA: the file's encoding exponent (0.45455 for a 1/2.2 power law).
    int has_gamma;
    double gamma;
    /// cHRM: CIE xy of the white point, red, green and blue.
    int has_chromaticities;
    double chromaticities[8];
    /// iCCP's profile, decompressed (malloc'd: free with `segue_png_colour_free`), or NULL.
    /// libpng has already refused a malformed or oversized one (it is then absent).
    uint8_t *icc;
    uint32_t icc_length;
    /// A greyscale colour type: an ICC profile must then be a grey one.
    int grey;
};

/// Reads only the header: the image size, so the caller can refuse huge images before
/// allocating anything (any size PNG allows is returned: the caller's limits decide), and,
/// when `colour` is not NULL, its colour chunks (all of them precede the image data).
int segue_png_probe(const uint8_t *data, size_t length, uint32_t *width, uint32_t *height,
                    struct segue_png_colour *colour, char *message, size_t message_capacity);

/// Frees what `segue_png_probe` allocated in `colour`.
void segue_png_colour_free(struct segue_png_colour *colour);

/// Decodes a whole PNG of any colour type, bit depth and interlace into `rgba` (width * height
/// * 4 bytes: 8 bits, straight alpha). With `to_srgb_gamma`, a file with gAMA is converted to
/// the sRGB curve (one without gAMA/sRGB is taken as sRGB-encoded); without, the samples stay
/// as the file encodes them, for a colour profile to convert. `width` and `height` must be the
/// values `segue_png_probe` returned; a mismatch is an error.
int segue_png_decode_rgba(const uint8_t *data, size_t length, uint32_t width, uint32_t height, int to_srgb_gamma,
                          uint8_t *rgba, char *message, size_t message_capacity);

#endif
