#include "segue_jpeg.h"
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>
#include <jerror.h>

/// libjpeg's working memory limit for one decode: a progressive JPEG of the largest accepted
/// size (64 Mpx, 4:4:4) keeps 384 MiB of coefficients.
#define SEGUE_JPEG_MAX_MEMORY (512L * 1024L * 1024L)

struct segue_error_mgr {
    struct jpeg_error_mgr pub;
    jmp_buf jump;
    char *message;
    size_t capacity;
    /// Set when the failure is the data ending early.
    int truncated;
};

static void segue_copy_message(char *dst, size_t capacity, const char *text) {
    if (dst == NULL || capacity == 0) return;
    snprintf(dst, capacity, "%s", text);
}

/// Replaces libjpeg's default error_exit (which calls exit()) with a jump back to our caller.
static void segue_error_exit(j_common_ptr cinfo) {
    struct segue_error_mgr *err = (struct segue_error_mgr *)cinfo->err;
    char buffer[JMSG_LENGTH_MAX];
    (*cinfo->err->format_message)(cinfo, buffer);
    segue_copy_message(err->message, err->capacity, buffer);
    longjmp(err->jump, 1);
}

/// libjpeg's warnings that mean the pixels are wrong: it would go on, filling what it could not
/// decode with grey. They end the decode like errors; the others (an unknown JFIF version or
/// Adobe transform code, a bad ICC marker: metadata Segue does not use) are ignored.
static int segue_damages_pixels(int code) {
    switch (code) {
    case JWRN_JPEG_EOF:
    case JWRN_HIT_MARKER:
    case JWRN_HUFF_BAD_CODE:
    case JWRN_ARITH_BAD_CODE:
    case JWRN_MUST_RESYNC:
    case JWRN_EXTRANEOUS_DATA:
    case JWRN_BOGUS_PROGRESSION:
    case JWRN_NOT_SEQUENTIAL:
        return 1;
    default:
        return 0;
    }
}

/// libjpeg calls this for warnings (level -1) and trace messages (levels 0 and up).
static void segue_emit_message(j_common_ptr cinfo, int level) {
    if (level >= 0 || !segue_damages_pixels(cinfo->err->msg_code)) return;
    struct segue_error_mgr *err = (struct segue_error_mgr *)cinfo->err;
    err->truncated = cinfo->err->msg_code == JWRN_JPEG_EOF;
    segue_error_exit(cinfo);
}

/// Routes libjpeg's errors to `err` (message copied, then a longjmp to the caller's setjmp,
/// which must stay in the calling function).
static void segue_install_errors(struct jpeg_decompress_struct *cinfo, struct segue_error_mgr *err,
                                 char *message, size_t message_capacity) {
    cinfo->err = jpeg_std_error(&err->pub);
    err->pub.error_exit = segue_error_exit;
    err->pub.emit_message = segue_emit_message;
    err->message = message;
    err->capacity = message_capacity;
    err->truncated = 0;
}

/// Whether an APP2 segment is one of an ICC profile's (its data starts `ICC_PROFILE\0`).
static int segue_is_icc_segment(jpeg_saved_marker_ptr marker) {
    static const char tag[12] = "ICC_PROFILE";
    return marker->marker == JPEG_APP0 + 2 && marker->data_length >= sizeof tag + 2
        && memcmp(marker->data, tag, sizeof tag) == 0;
}

/// Reads the profile of the header `cinfo` has read into `colour`.
static void segue_jpeg_read_colour(j_decompress_ptr cinfo, struct segue_jpeg_colour *colour) {
    colour->grey = cinfo->jpeg_color_space == JCS_GRAYSCALE;
    if (cinfo->jpeg_color_space == JCS_CMYK || cinfo->jpeg_color_space == JCS_YCCK) return;
    int segments = 0;
    for (jpeg_saved_marker_ptr marker = cinfo->marker_list; marker != NULL; marker = marker->next) {
        segments += segue_is_icc_segment(marker);
    }
    if (segments == 0) return;
    JOCTET *icc = NULL;
    unsigned int icc_length = 0;
    if (!jpeg_read_icc_profile(cinfo, &icc, &icc_length)) {
        colour->malformed = 1;
        return;
    }
    colour->icc = icc;
    colour->icc_length = icc_length;
}

void segue_jpeg_colour_free(struct segue_jpeg_colour *colour) {
    free(colour->icc);
    colour->icc = NULL;
    colour->icc_length = 0;
}

int segue_jpeg_probe(const uint8_t *data, size_t length, int *width, int *height, struct segue_jpeg_colour *colour,
                     char *message, size_t message_capacity) {
    struct jpeg_decompress_struct cinfo;
    struct segue_error_mgr err;
    segue_install_errors(&cinfo, &err, message, message_capacity);
    if (setjmp(err.jump)) {
        jpeg_destroy_decompress(&cinfo);
        return err.truncated ? SEGUE_JPEG_TRUNCATED : SEGUE_JPEG_ERROR;
    }
    jpeg_create_decompress(&cinfo);
    jpeg_mem_src(&cinfo, data, (unsigned long)length);
    /* The APP2 segments kept (ICC profile pieces, at most 64 KiB each) cost at most the file's
       own size. */
    if (colour != NULL) {
        memset(colour, 0, sizeof *colour);
        jpeg_save_markers(&cinfo, JPEG_APP0 + 2, 0xFFFF);
    }
    jpeg_read_header(&cinfo, TRUE);
    *width = (int)cinfo.image_width;
    *height = (int)cinfo.image_height;
    /* jpeg_read_icc_profile raises no error (a bad profile is a warning), so no jump can leave
       the profile allocated. */
    if (colour != NULL) segue_jpeg_read_colour(&cinfo, colour);
    jpeg_destroy_decompress(&cinfo);
    return 0;
}

int segue_jpeg_decode_rgba(const uint8_t *data, size_t length, int width, int height, uint8_t *rgba,
                           char *message, size_t message_capacity) {
    struct jpeg_decompress_struct cinfo;
    struct segue_error_mgr err;
    /* volatile: modified between setjmp and longjmp, read after the jump. */
    uint8_t *volatile row = NULL;
    segue_install_errors(&cinfo, &err, message, message_capacity);
    if (setjmp(err.jump)) {
        free(row);
        jpeg_destroy_decompress(&cinfo);
        return err.truncated ? SEGUE_JPEG_TRUNCATED : SEGUE_JPEG_ERROR;
    }
    jpeg_create_decompress(&cinfo);
    /* Working memory (a progressive file's coefficients: up to 6 bytes a pixel) beyond this is
       an error, not a temporary file: there is no backing store. */
    cinfo.mem->max_memory_to_use = SEGUE_JPEG_MAX_MEMORY;
    jpeg_mem_src(&cinfo, data, (unsigned long)length);
    jpeg_read_header(&cinfo, TRUE);
    /* libjpeg cannot convert CMYK/YCCK to RGB itself: take CMYK and convert below. */
    const int cmyk = cinfo.jpeg_color_space == JCS_CMYK || cinfo.jpeg_color_space == JCS_YCCK;
    /* Adobe applications write CMYK inverted (0 = full ink) and mark it with an APP14 segment. */
    const int inverted = cinfo.saw_Adobe_marker;
#ifdef JCS_ALPHA_EXTENSIONS
    const int direct = !cmyk;
    cinfo.out_color_space = cmyk ? JCS_CMYK : JCS_EXT_RGBA;
#else
    const int direct = 0;
    cinfo.out_color_space = cmyk ? JCS_CMYK : JCS_RGB;
#endif
    jpeg_start_decompress(&cinfo);
    if ((int)cinfo.output_width != width || (int)cinfo.output_height != height) {
        segue_copy_message(message, message_capacity, "decoded size differs from the header");
        jpeg_destroy_decompress(&cinfo);
        return SEGUE_JPEG_ERROR;
    }
    const size_t stride = (size_t)width * 4;
    if (!direct) {
        row = malloc((size_t)width * (size_t)cinfo.output_components);
        if (row == NULL) {
            segue_copy_message(message, message_capacity, "out of memory");
            jpeg_destroy_decompress(&cinfo);
            return SEGUE_JPEG_ERROR;
        }
    }
    while (cinfo.output_scanline < cinfo.output_height) {
        uint8_t *dst = rgba + (size_t)cinfo.output_scanline * stride;
        JSAMPROW rows[1] = { direct ? dst : row };
        jpeg_read_scanlines(&cinfo, rows, 1);
        if (direct) continue;
        for (int x = 0; x < width; x++) {
            if (cmyk) {
                const unsigned c = row[4 * x], m = row[4 * x + 1], y = row[4 * x + 2], k = row[4 * x + 3];
                if (inverted) {
                    dst[4 * x] = (uint8_t)((c * k + 127) / 255);
                    dst[4 * x + 1] = (uint8_t)((m * k + 127) / 255);
                    dst[4 * x + 2] = (uint8_t)((y * k + 127) / 255);
                } else {
                    dst[4 * x] = (uint8_t)(((255 - c) * (255 - k) + 127) / 255);
                    dst[4 * x + 1] = (uint8_t)(((255 - m) * (255 - k) + 127) / 255);
                    dst[4 * x + 2] = (uint8_t)(((255 - y) * (255 - k) + 127) / 255);
                }
            } else {
                dst[4 * x] = row[3 * x]; dst[4 * x + 1] = row[3 * x + 1]; dst[4 * x + 2] = row[3 * x + 2];
            }
            dst[4 * x + 3] = 255;
        }
    }
    jpeg_finish_decompress(&cinfo);
    jpeg_destroy_decompress(&cinfo);
    free(row);
    return 0;
}
