#ifndef SEGUE_JPEG_H
#define SEGUE_JPEG_H
#include <stddef.h>
#include <stdint.h>
/// Placeholder; the IO work fills this in.
int segue_jpeg_version(void);
#endif
