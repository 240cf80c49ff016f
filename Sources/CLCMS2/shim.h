// LittleCMS 2, the ICC colour engine: reads snapshots' profiles, converts them into the working
// space and makes the profile Segue's Display P3 outputs carry.
#include <lcms2.h>

// lcms2's pixel formats are function-like macros, which Swift does not import: the ones Segue
// uses, as constants. Straight-alpha RGBA, 8 bits a sample; the grey form reads the first byte
// of each 4-byte pixel and skips the other three (a grey PNG, decoded to RGBA, under a grey profile).
enum {
    SEGUE_LCMS_RGBA_8 = TYPE_RGBA_8,
    SEGUE_LCMS_GREY_IN_RGBA_8 = COLORSPACE_SH(PT_GRAY) | EXTRA_SH(3) | CHANNELS_SH(1) | BYTES_SH(1),
};
