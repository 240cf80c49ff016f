#include "segue_png.h"
#include <png.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/// Ancillary chunks (text, ICC profiles) may not decompress to more than this: a small file
/// cannot make libpng allocate much beyond the image itself.
#define SEGUE_PNG_CHUNK_MAX (8u * 1024u * 1024u)

/// The file in memory, read front to back.
struct segue_png_source {
    const uint8_t *data;
    size_t length;
    size_t offset;
};

/// Where libpng's errors go: the message is copied, then a longjmp back to the caller's setjmp.
struct segue_png_errors {
    jmp_buf jump;
    char *message;
    size_t capacity;
};

static void segue_png_error(png_structp png, png_const_charp text) {
    struct segue_png_errors *errors = png_get_error_ptr(png);
    if (errors->message != NULL && errors->capacity > 0) snprintf(errors->message, errors->capacity, "%s", text);
    longjmp(errors->jump, 1);
}

/// Warnings (a bad CRC in an ancillary chunk, which libpng then skips) do not change the
/// pixels: they are not reported.
static void segue_png_warning(png_structp png, png_const_charp text) { (void)png; (void)text; }

static void segue_png_read(png_structp png, png_bytep out, size_t count) {
    struct segue_png_source *source = png_get_io_ptr(png);
    if (count > source->length - source->offset) png_error(png, "truncated file");
    memcpy(out, source->data + source->offset, count);
    source->offset += count;
}

/// A read struct over `source` reporting to `errors`, refusing sides above `max_side` and
/// large ancillary chunks.
/// NULL when libpng cannot allocate one.
static png_structp segue_png_create(struct segue_png_source *source, struct segue_png_errors *errors, uint32_t max_side) {
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, errors, segue_png_error, segue_png_warning);
    if (png == NULL) return NULL;
    png_set_read_fn(png, source, segue_png_read);
    png_set_user_limits(png, max_side, max_side);
    png_set_chunk_malloc_max(png, SEGUE_PNG_CHUNK_MAX);
    return png;
}

/// The chunk PNG 3rd edition added for coding-independent code points; unknown to libpng 1.6.39.
static const png_byte segue_png_cicp_name[5] = { 'c', 'I', 'C', 'P', 0 };

/// Copies the colour chunks libpng read with the header into `colour`.
static void segue_png_read_colour(png_structp png, png_infop info, struct segue_png_colour *colour) {
    colour->grey = (png_get_color_type(png, info) & PNG_COLOR_MASK_COLOR) == 0;
    int intent = 0;
    colour->has_srgb = png_get_sRGB(png, info, &intent) != 0;
    colour->has_gamma = png_get_gAMA(png, info, &colour->gamma) != 0;
    double *c = colour->chromaticities;
    colour->has_chromaticities = png_get_cHRM(png, info, &c[0], &c[1], &c[2], &c[3], &c[4], &c[5], &c[6], &c[7]) != 0;
    png_charp name = NULL;
    int compression = 0;
    png_bytep profile = NULL;
    png_uint_32 profile_length = 0;
    if (png_get_iCCP(png, info, &name, &compression, &profile, &profile_length) != 0 && profile_length > 0) {
        colour->icc = malloc(profile_length);
        if (colour->icc == NULL) png_error(png, "out of memory");
        memcpy(colour->icc, profile, profile_length);
        colour->icc_length = profile_length;
    }
    png_unknown_chunkp chunks = NULL;
    const int count = png_get_unknown_chunks(png, info, &chunks);
    for (int i = 0; i < count; i++) {
        if (memcmp(chunks[i].name, segue_png_cicp_name, 4) != 0 || chunks[i].size != 4) continue;
        colour->has_cicp = 1;
        memcpy(colour->cicp, chunks[i].data, 4);
    }
}

void segue_png_colour_free(struct segue_png_colour *colour) {
    free(colour->icc);
    colour->icc = NULL;
    colour->icc_length = 0;
}

/// Reads the header into `*width`, `*height` (and `colour`, when not NULL) or, with `rgba`,
/// the whole image into `rgba`, which must hold the `*width`×`*height` a probe gave: the one
/// setjmp frame both public functions share.
static int segue_png_run(const uint8_t *data, size_t length, uint32_t *width, uint32_t *height,
                         struct segue_png_colour *colour, int to_srgb_gamma, uint8_t *rgba,
                         char *message, size_t message_capacity) {
    struct segue_png_source source = { data, length, 0 };
    struct segue_png_errors errors = { .message = message, .capacity = message_capacity };
    const uint32_t max_side = rgba == NULL ? PNG_UINT_31_MAX : (*width > *height ? *width : *height);
    png_structp png = segue_png_create(&source, &errors, max_side);
    if (png == NULL) {
        snprintf(message, message_capacity, "out of memory");
        return -1;
    }
    /* volatile: assigned between setjmp and longjmp, read after the jump. */
    png_infop volatile info = NULL;
    if (setjmp(errors.jump)) {
        png_infop lost = info;
        png_destroy_read_struct(&png, lost == NULL ? NULL : &lost, NULL);
        if (colour != NULL) segue_png_colour_free(colour);
        return -1;
    }
    info = png_create_info_struct(png);
    if (info == NULL) png_error(png, "out of memory");
    if (colour != NULL) {
        memset(colour, 0, sizeof *colour);
        png_set_keep_unknown_chunks(png, PNG_HANDLE_CHUNK_ALWAYS, segue_png_cicp_name, 1);
    }
    png_read_info(png, info);
    if (rgba == NULL) {
        *width = png_get_image_width(png, info);
        *height = png_get_image_height(png, info);
        if (colour != NULL) segue_png_read_colour(png, info, colour);
    } else {
        if (png_get_image_width(png, info) != *width || png_get_image_height(png, info) != *height) {
            png_error(png, "decoded size differs from the header");
        }
        /* Everything to 8-bit RGBA: palette and low-depth grey expanded, tRNS to alpha, 16-bit
           rounded to 8 (not truncated). */
        png_set_expand(png);
        png_set_scale_16(png);
        png_set_gray_to_rgb(png);
        png_set_add_alpha(png, 0xFF, PNG_FILLER_AFTER);
        /* Output sRGB. A file without gAMA/sRGB is taken as sRGB-encoded (what viewers assume,
           16-bit files included); one with gAMA is converted. */
        if (to_srgb_gamma) png_set_gamma(png, PNG_DEFAULT_sRGB, PNG_DEFAULT_sRGB);
        const int passes = png_set_interlace_handling(png);
        png_read_update_info(png, info);
        const size_t stride = (size_t)*width * 4;
        if (png_get_rowbytes(png, info) != stride) png_error(png, "unexpected row size after conversion");
        /* Each interlace pass writes only its own pixels into the rows ("sparkle" combining), so
           after the last pass every pixel is in place, with no buffer besides `rgba`. */
        for (int pass = 0; pass < passes; pass++) {
            for (uint32_t y = 0; y < *height; y++) png_read_row(png, rgba + (size_t)y * stride, NULL);
        }
        png_read_end(png, NULL);
    }
    png_infop done = info;
    png_destroy_read_struct(&png, &done, NULL);
    return 0;
}

int segue_png_probe(const uint8_t *data, size_t length, uint32_t *width, uint32_t *height,
                    struct segue_png_colour *colour, char *message, size_t message_capacity) {
    return segue_png_run(data, length, width, height, colour, 1, NULL, message, message_capacity);
}

int segue_png_decode_rgba(const uint8_t *data, size_t length, uint32_t width, uint32_t height, int to_srgb_gamma,
                          uint8_t *rgba, char *message, size_t message_capacity) {
    return segue_png_run(data, length, &width, &height, NULL, to_srgb_gamma, rgba, message, message_capacity);
}
