#ifndef SEGUE_FAST_PNG_H
#define SEGUE_FAST_PNG_H
#include <stddef.h>
#include <stdint.h>

// The zlib stream of a PNG's IDAT for `--png-compression fast`, in the style of fpnge
// (veluca93/fpnge): every row filtered Up (premultiplied pixels un-premultiplied in the same
// pass, opaque rows read as they are), then deflate with no match search: literals, and runs
// of a repeated byte as distance-1 matches (zlib's Z_RLE model: flat areas stay small). Rows
// are taken about 96 KiB at a time: filtered, the tokens of every fourth row counted, and
// coded while still in cache as one deflate block with its own Huffman code.

/// Bytes `segue_fast_png_zlib` may need for a `width`×`height` frame written with `channels`
/// (3: RGB, 4: RGBA) per pixel: every byte at the longest code (15 bits), the block headers,
/// the zlib header and Adler-32, and 8 bytes the bit writer stores past its end. 0 when the
/// size overflows.
size_t segue_fast_png_bound(uint32_t width, uint32_t height, int channels);

/// Writes the zlib stream of the PNG scanlines of `rgba` (`width`×`height` premultiplied RGBA
/// pixels, rows packed) into `out`: RGB when `channels` is 3 (the frame must be opaque; alpha
/// is dropped), straight RGBA when 4 (`unpremultiply_table[a << 8 | c]` is the straight value
/// of `c` under alpha `a`; 65536 bytes). Returns the stream's length, or 0 when `capacity` is
/// below `segue_fast_png_bound` or its working memory (a block's rows) cannot be had.
size_t segue_fast_png_zlib(const uint8_t *rgba, uint32_t width, uint32_t height, int channels,
                           const uint8_t *unpremultiply_table, uint8_t *out, size_t capacity);

/// CRC-32 (PNG chunks, ISO 3309) of `count` bytes continuing `crc` (0 to start), with
/// libdeflate's SIMD code for the running CPU.
uint32_t segue_png_crc32(uint32_t crc, const uint8_t *bytes, size_t count);

#endif
