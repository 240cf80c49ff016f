// libpng's simplified API (png_image_*): it does its own setjmp, which Swift cannot.
#include <png.h>
