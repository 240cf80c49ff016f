// libpng's simplified API (png_image_*): it does its own setjmp, which Swift cannot.
#include <png.h>
// zlib (libpng's own dependency) for the fast PNG writer: filter Up + deflate level 1.
#include <zlib.h>
