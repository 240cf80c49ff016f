#include "segue_jpeg.h"
int segue_jpeg_version(void) { return 0; }
