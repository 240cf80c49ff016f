// The `fast` PNG writer's zlib stream (see include/segue_fast_png.h). Deflate: RFC 1951;
// zlib framing: RFC 1950; PNG filter Up: PNG spec §9.2. The design follows fpnge
// (github.com/veluca93/fpnge): filter, then Huffman-code literals, and runs of a repeated
// byte as distance-1 matches, with a 64-bit bit writer; no match search. Checksums come from
// libdeflate, whose Adler-32 and CRC-32 pick SIMD code for the running CPU.

#include "segue_fast_png.h"

#include <stdlib.h>
#include <string.h>
#include <libdeflate.h>

enum {
    LITLEN_SYMBOLS = 286, // literals 0-255, end of block 256, lengths 257-285
    END_OF_BLOCK = 256,
    DISTANCE_SYMBOLS = 2, // code 0 (distance 1) is the only one used; two make a complete code
    CODE_LENGTH_SYMBOLS = 19,
    MAX_CODE_BITS = 15,
    MAX_CODE_LENGTH_BITS = 7,
    MIN_MATCH = 3,
    MAX_MATCH = 258,
    STRIP_BYTES = 96 * 1024, // filtered bytes per deflate block, each with its own Huffman code
    COUNTED_ROW_STRIDE = 4,  // a block's code is made from the tokens of every 4th row
    BLOCK_HEADER_BYTES = 270, // at most: 17 + 19 × 3 + 288 × 7 bits
};

// ---- Rows ------------------------------------------------------------------------------

static uint64_t load64(const uint8_t *p) {
    uint64_t v;
    memcpy(&v, p, 8);
    return v;
}

/// Whether every alpha of the row is 255: such a row needs no un-premultiplying.
static int row_is_opaque(const uint8_t *rgba, size_t width) {
    uint32_t all = 0xFF;
    for (size_t x = 0; x < width; x++) all &= rgba[4 * x + 3];
    return all == 0xFF;
}

/// Byte-wise `a - b` of eight bytes at once (no borrow crosses a byte).
static inline uint64_t subtract_bytes(uint64_t a, uint64_t b) {
    const uint64_t high = 0x8080808080808080ull;
    return ((a | high) - (b & ~high)) ^ ((a ^ ~b) & high);
}

/// Filter byte 2 (Up), then RGB residuals against the row above (`above`: RGBA, zeros for
/// the first row); alpha is dropped. Two pixels per step, stored as 8 bytes of which the next
/// step overwrites the last 2: `filtered` needs 2 bytes of room past the row.
static void filter_row_rgb(const uint8_t *restrict rgba, const uint8_t *restrict above, size_t width,
                           uint8_t *restrict filtered) {
    filtered[0] = 2;
    uint8_t *f = filtered + 1;
    size_t x = 0;
    for (; x + 2 <= width; x += 2) {
        uint64_t d = subtract_bytes(load64(rgba + 4 * x), load64(above + 4 * x));
        uint64_t rgb = (d & 0xFFFFFFull) | (d >> 8 & 0xFFFFFF000000ull);
        memcpy(f + 3 * x, &rgb, 8);
    }
    for (; x < width; x++) {
        f[3 * x] = (uint8_t)(rgba[4 * x] - above[4 * x]);
        f[3 * x + 1] = (uint8_t)(rgba[4 * x + 1] - above[4 * x + 1]);
        f[3 * x + 2] = (uint8_t)(rgba[4 * x + 2] - above[4 * x + 2]);
    }
}

/// Filter byte 2 (Up), then straight-RGBA residuals against `above` (straight, zeros for the
/// first row). An opaque row is already straight: it is read in place and returned. Any
/// other row is un-premultiplied in the same pass into `straight`, which is returned: the
/// next row's `above`.
static const uint8_t *filter_row_rgba(const uint8_t *restrict rgba, const uint8_t *restrict above, size_t width,
                                      const uint8_t *restrict table, uint8_t *restrict straight,
                                      uint8_t *restrict filtered) {
    filtered[0] = 2;
    uint8_t *f = filtered + 1;
    size_t n = 4 * width;
    if (row_is_opaque(rgba, width)) {
        for (size_t i = 0; i < n; i++) f[i] = (uint8_t)(rgba[i] - above[i]);
        return rgba;
    }
    for (size_t i = 0; i < n; i += 4) {
        unsigned a = rgba[i + 3];
        uint8_t r = rgba[i], g = rgba[i + 1], b = rgba[i + 2];
        if (a != 255) {
            const uint8_t *row = table + (a << 8);
            r = row[r], g = row[g], b = row[b];
        }
        straight[i] = r, straight[i + 1] = g, straight[i + 2] = b, straight[i + 3] = (uint8_t)a;
        f[i] = (uint8_t)(r - above[i]);
        f[i + 1] = (uint8_t)(g - above[i + 1]);
        f[i + 2] = (uint8_t)(b - above[i + 2]);
        f[i + 3] = (uint8_t)(a - above[i + 3]);
    }
    return straight;
}

// ---- Huffman codes ---------------------------------------------------------------------

static int compare_keys(const void *a, const void *b) {
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

/// Huffman code lengths for `counts` (symbols with count 0 get none), at most `limit` bits:
/// the two-queue construction on the leaves sorted by count; while the longest code is too
/// long, counts are halved (flattening the tree) and the code rebuilt — halving keeps the
/// leaves in order, so they are sorted once. At least two symbols get a code, as inflaters
/// expect of a complete code.
static void huffman_lengths(const uint32_t *counts, int symbols, int limit, uint8_t *lengths) {
    // Leaves as count << 9 | symbol, sorted: counts are below 2^32, symbols below 512.
    uint64_t leaves[LITLEN_SYMBOLS];
    int n = 0;
    for (int s = 0; s < symbols; s++) if (counts[s]) leaves[n++] = (uint64_t)counts[s] << 9 | (uint64_t)s;
    for (int s = 0; s < symbols && n < 2; s++) if (!counts[s]) leaves[n++] = (uint64_t)1 << 9 | (uint64_t)s;
    qsort(leaves, (size_t)n, sizeof leaves[0], compare_keys);
    uint64_t weight[2 * LITLEN_SYMBOLS];
    for (int i = 0; i < n; i++) weight[i] = leaves[i] >> 9;
    for (;;) {
        // Internal nodes are made in increasing weight order, so two queues suffice.
        int parent[2 * LITLEN_SYMBOLS];
        int nextLeaf = 0, nextNode = n, made = n;
        for (int k = 0; k < n - 1; k++) {
            int pick[2];
            for (int j = 0; j < 2; j++) {
                if (nextLeaf < n && (nextNode >= made || weight[nextLeaf] <= weight[nextNode])) pick[j] = nextLeaf++;
                else pick[j] = nextNode++;
            }
            weight[made] = weight[pick[0]] + weight[pick[1]];
            parent[pick[0]] = parent[pick[1]] = made;
            made++;
        }
        int depth[2 * LITLEN_SYMBOLS];
        depth[made - 1] = 0;
        int longest = 0;
        for (int i = made - 2; i >= 0; i--) {
            depth[i] = depth[parent[i]] + 1;
            if (i < n && depth[i] > longest) longest = depth[i];
        }
        if (longest <= limit) {
            memset(lengths, 0, (size_t)symbols);
            for (int i = 0; i < n; i++) lengths[leaves[i] & 511] = (uint8_t)depth[i];
            return;
        }
        for (int i = 0; i < n; i++) weight[i] = (weight[i] >> 1) | 1;
    }
}

/// Canonical codes for `lengths` (RFC 1951 §3.2.2), bit-reversed: deflate sends a code's
/// most significant bit first into a stream filled from the least significant bit.
static void canonical_codes(const uint8_t *lengths, int symbols, uint16_t *codes) {
    int perLength[MAX_CODE_BITS + 1] = {0};
    for (int s = 0; s < symbols; s++) perLength[lengths[s]]++;
    perLength[0] = 0;
    int next[MAX_CODE_BITS + 2];
    int code = 0;
    for (int bits = 1; bits <= MAX_CODE_BITS; bits++) {
        code = (code + perLength[bits - 1]) << 1;
        next[bits] = code;
    }
    for (int s = 0; s < symbols; s++) {
        int len = lengths[s];
        if (len == 0) { codes[s] = 0; continue; }
        unsigned c = (unsigned)next[len]++, reversed = 0;
        for (int b = 0; b < len; b++) reversed |= ((c >> b) & 1u) << (len - 1 - b);
        codes[s] = (uint16_t)reversed;
    }
}

// ---- Bits ------------------------------------------------------------------------------

typedef struct {
    uint8_t *out;
    uint64_t buffer;
    unsigned count; // bits in `buffer`, at most 7 after a flush
} bit_writer;

static inline void put_bits(bit_writer *w, uint64_t bits, unsigned count) {
    w->buffer |= bits << w->count;
    w->count += count;
}

/// Moves the whole bytes out: stores 8 bytes, advances by the complete ones.
static inline void flush_bits(bit_writer *w) {
    memcpy(w->out, &w->buffer, 8);
    w->out += w->count >> 3;
    w->buffer >>= w->count & 56; // count is at most 52 here
    w->count &= 7;
}

// ---- Tokens ----------------------------------------------------------------------------

/// Length symbol and extra bits of a match length 3…258 (RFC 1951 §3.2.5).
typedef struct {
    uint16_t symbol;
    uint8_t extraBits;
    uint8_t extraValue;
} length_code;

static length_code length_code_of(unsigned length) {
    static const uint16_t base[29] = {3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31,
                                      35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258};
    static const uint8_t extra[29] = {0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2,
                                      3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0};
    int k = 28;
    while (base[k] > length) k--;
    length_code c = {(uint16_t)(257 + k), extra[k], (uint8_t)(length - base[k])};
    return c;
}

/// What tokenizing a row does with each token: count it (for the block's code) or write its code.
typedef struct {
    uint32_t (*counts)[LITLEN_SYMBOLS]; // counting: per literal/length symbol, four tables
                                        // (bytes in a row update different ones: no stalls)
    const uint32_t *literal;   // writing: code | length << 16, per literal
    const uint64_t *matchBits; // writing: a whole match (length code, extra bits, distance
                               // code) as bits | count << 32, per length
    bit_writer *writer;
} token_sink;

static inline void emit_literal(token_sink *s, int counting, uint8_t byte) {
    if (counting) { s->counts[0][byte]++; return; }
    uint32_t c = s->literal[byte];
    put_bits(s->writer, c & 0xFFFF, c >> 16);
}

/// `run` more bytes equal to the one before: distance-1 matches of at most 258, never leaving
/// fewer than 3 for the last one; a remainder of one or two is literal.
static inline void emit_repeat_run(token_sink *s, int counting, uint8_t byte, size_t run) {
    while (run >= MIN_MATCH) {
        size_t length = run <= MAX_MATCH ? run : (run - MAX_MATCH < MIN_MATCH ? run - MIN_MATCH : MAX_MATCH);
        if (counting) s->counts[0][length_code_of((unsigned)length).symbol]++;
        else {
            uint64_t m = s->matchBits[length];
            put_bits(s->writer, m & 0xFFFFFFFFu, (unsigned)(m >> 32));
            flush_bits(s->writer);
        }
        run -= length;
    }
    while (run--) {
        emit_literal(s, counting, byte);
        if (!counting) flush_bits(s->writer);
    }
}

/// High bit of each byte of `x` that is zero (exact: no borrow between bytes).
static inline uint64_t zero_bytes(uint64_t x) {
    const uint64_t low7 = 0x7F7F7F7F7F7F7F7Full;
    return ~(((x & low7) + low7) | x | low7);
}

/// Tokens of one filtered row (`n` bytes, filter byte first): literals, and every run of at
/// least 3 bytes equal to the byte before them as distance-1 matches — zlib's `Z_RLE` model,
/// which keeps flat areas small. Eight bytes are checked at once; a run that starts in the
/// last two bytes of a word is found from the next word.
static inline __attribute__((always_inline)) void tokenize_row(const uint8_t *f, size_t n, token_sink *s,
                                                               int counting) {
    size_t i = 0;
    while (i + 8 <= n) {
        uint64_t word = load64(f + i);
        uint64_t before = word << 8 | (i > 0 ? f[i - 1] : (uint8_t)~f[0]); // each byte's predecessor
        uint64_t same = zero_bytes(word ^ before);
        uint64_t runStarts = same & same >> 8 & same >> 16;
        if (runStarts) {
            size_t start = i + (size_t)(__builtin_ctzll(runStarts) >> 3);
            for (; i < start; i++) {
                emit_literal(s, counting, f[i]);
                if (!counting) flush_bits(s->writer);
            }
            uint8_t byte = f[start - 1];
            uint64_t repeated = byte * 0x0101010101010101ull;
            size_t end = start + 3;
            while (end + 8 <= n && load64(f + end) == repeated) end += 8;
            while (end < n && f[end] == byte) end++;
            emit_repeat_run(s, counting, byte, end - start);
            i = end;
            continue;
        }
        if (counting) {
            s->counts[0][word & 0xFF]++, s->counts[1][word >> 8 & 0xFF]++;
            s->counts[2][word >> 16 & 0xFF]++, s->counts[3][word >> 24 & 0xFF]++;
            s->counts[0][word >> 32 & 0xFF]++, s->counts[1][word >> 40 & 0xFF]++;
            s->counts[2][word >> 48 & 0xFF]++, s->counts[3][word >> 56]++;
        } else {
            // At most 7 + 3 × 15 bits before each flush.
            emit_literal(s, 0, f[i]), emit_literal(s, 0, f[i + 1]), emit_literal(s, 0, f[i + 2]);
            flush_bits(s->writer);
            emit_literal(s, 0, f[i + 3]), emit_literal(s, 0, f[i + 4]), emit_literal(s, 0, f[i + 5]);
            flush_bits(s->writer);
            emit_literal(s, 0, f[i + 6]), emit_literal(s, 0, f[i + 7]);
            flush_bits(s->writer);
        }
        i += 8;
    }
    for (; i < n; i++) {
        emit_literal(s, counting, f[i]);
        if (!counting) flush_bits(s->writer);
    }
}

// ---- The stream ------------------------------------------------------------------------

/// Rows per deflate block for rows of `n` filtered bytes: about `STRIP_BYTES`, so that the
/// block's filtered rows stay in cache between counting and coding.
static size_t strip_rows(size_t n) {
    size_t rows = STRIP_BYTES / n;
    return rows ? rows : 1;
}

/// One block's Huffman code, ready for the writer.
typedef struct {
    uint32_t literal[LITLEN_SYMBOLS];  // code | length << 16, per literal/length symbol
    uint64_t matchBits[MAX_MATCH + 1]; // a whole match (length code, extra bits, distance code
                                       // 0: one 0 bit) as bits | count << 32, per length
    uint8_t litLengths[LITLEN_SYMBOLS];
} block_code;

/// The code of a block whose tokens were counted in `counts` (the end of block included).
static void make_code(const uint32_t *counts, block_code *code) {
    uint16_t codes[LITLEN_SYMBOLS];
    huffman_lengths(counts, LITLEN_SYMBOLS, MAX_CODE_BITS, code->litLengths);
    canonical_codes(code->litLengths, LITLEN_SYMBOLS, codes);
    for (int s = 0; s < LITLEN_SYMBOLS; s++) code->literal[s] = codes[s] | (uint32_t)code->litLengths[s] << 16;
    for (unsigned length = MIN_MATCH; length <= MAX_MATCH; length++) {
        length_code c = length_code_of(length);
        unsigned bits = code->litLengths[c.symbol];
        uint64_t value = codes[c.symbol] | (uint64_t)c.extraValue << bits;
        code->matchBits[length] = value | (uint64_t)(bits + c.extraBits + 1) << 32;
    }
}

uint32_t segue_png_crc32(uint32_t crc, const uint8_t *bytes, size_t count) {
    return libdeflate_crc32(crc, bytes, count);
}

size_t segue_fast_png_bound(uint32_t width, uint32_t height, int channels) {
    uint64_t rowBytes = (uint64_t)width * (uint64_t)(channels == 3 ? 3 : 4) + 1;
    if (width == 0 || height == 0 || rowBytes > SIZE_MAX / MAX_CODE_BITS) return 0;
    uint64_t perRow = (rowBytes * MAX_CODE_BITS + 7) / 8;
    uint64_t rows = strip_rows((size_t)rowBytes), blocks = (height + rows - 1) / rows;
    uint64_t total = 2 + BLOCK_HEADER_BYTES * blocks + perRow * height + 4 + 8 + 8;
    if (total / height < perRow || total > (uint64_t)SIZE_MAX / 2) return 0;
    return (size_t)total;
}

/// The dynamic block header (RFC 1951 §3.2.7): all 286 literal/length and 2 distance code
/// lengths, each sent as a code-length symbol 0…15 (no repeat codes: a few bytes more, once).
static void write_block_header(bit_writer *w, int last, const uint8_t *litLengths) {
    static const uint8_t distLengths[DISTANCE_SYMBOLS] = {1, 1};
    static const uint8_t order[CODE_LENGTH_SYMBOLS] = {16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15};
    uint8_t all[LITLEN_SYMBOLS + DISTANCE_SYMBOLS];
    memcpy(all, litLengths, LITLEN_SYMBOLS);
    memcpy(all + LITLEN_SYMBOLS, distLengths, DISTANCE_SYMBOLS);
    uint32_t counts[CODE_LENGTH_SYMBOLS] = {0};
    for (int i = 0; i < LITLEN_SYMBOLS + DISTANCE_SYMBOLS; i++) counts[all[i]]++;
    uint8_t clLengths[CODE_LENGTH_SYMBOLS];
    uint16_t clCodes[CODE_LENGTH_SYMBOLS];
    huffman_lengths(counts, CODE_LENGTH_SYMBOLS, MAX_CODE_LENGTH_BITS, clLengths);
    canonical_codes(clLengths, CODE_LENGTH_SYMBOLS, clCodes);
    int sent = CODE_LENGTH_SYMBOLS;
    while (sent > 4 && clLengths[order[sent - 1]] == 0) sent--;
    put_bits(w, (uint64_t)last, 1); // BFINAL
    put_bits(w, 2, 2); // BTYPE 10: dynamic Huffman
    put_bits(w, LITLEN_SYMBOLS - 257, 5);
    put_bits(w, DISTANCE_SYMBOLS - 1, 5);
    put_bits(w, (uint64_t)(sent - 4), 4);
    flush_bits(w);
    for (int i = 0; i < sent; i++) put_bits(w, clLengths[order[i]], 3), flush_bits(w);
    for (int i = 0; i < LITLEN_SYMBOLS + DISTANCE_SYMBOLS; i++) {
        put_bits(w, clCodes[all[i]], clLengths[all[i]]);
        flush_bits(w);
    }
}

size_t segue_fast_png_zlib(const uint8_t *rgba, uint32_t width, uint32_t height, int channels,
                           const uint8_t *unpremultiply_table, uint8_t *out, size_t capacity) {
    size_t bound = segue_fast_png_bound(width, height, channels);
    if (bound == 0 || capacity < bound || (channels != 3 && channels != 4)) return 0;
    size_t n = (size_t)width * (size_t)channels + 1, rowBytes = (size_t)width * 4, stripRows = strip_rows(n);
    // A row of zeros (above the first row), two straight rows (this one and the one above),
    // and a block's filtered rows.
    uint8_t *memory = calloc(3 * rowBytes + stripRows * n + 8, 1); // 8: room past the last row
    if (!memory) return 0;
    uint8_t *zeros = memory, *straight[2] = {memory + rowBytes, memory + 2 * rowBytes}, *strip = memory + 3 * rowBytes;

    bit_writer w = {out + 2, 0, 0};
    out[0] = 0x78, out[1] = 0x01; // zlib: deflate, 32 KiB window, no dictionary, fastest
    uint32_t adler = 1; // Adler-32 of no bytes
    const uint8_t *above = zeros;
    block_code code;
    for (size_t first = 0; first < height; first += stripRows) {
        size_t rows = height - first < stripRows ? height - first : stripRows;
        uint32_t counts[4][LITLEN_SYMBOLS] = {{0}};
        token_sink counter = {counts, NULL, NULL, NULL};
        for (size_t k = 0; k < rows; k++) {
            const uint8_t *row = rgba + (first + k) * rowBytes;
            uint8_t *filtered = strip + k * n;
            if (channels == 3) filter_row_rgb(row, above, width, filtered), above = row;
            else above = filter_row_rgba(row, above, width, unpremultiply_table, straight[(first + k) & 1], filtered);
            adler = libdeflate_adler32(adler, filtered, n);
            if (k % COUNTED_ROW_STRIDE == 0) tokenize_row(filtered, n, &counter, 1);
        }
        // The sampled rows' counts stand for the block's; every symbol keeps a code, since
        // the rows not counted may use any.
        for (int s = 0; s < LITLEN_SYMBOLS; s++)
            counts[0][s] = (counts[0][s] + counts[1][s] + counts[2][s] + counts[3][s]) * COUNTED_ROW_STRIDE + 1;
        counts[0][END_OF_BLOCK] = 1;
        make_code(counts[0], &code);
        write_block_header(&w, first + rows == height, code.litLengths);
        token_sink writer = {NULL, code.literal, code.matchBits, &w};
        for (size_t k = 0; k < rows; k++) tokenize_row(strip + k * n, n, &writer, 0);
        put_bits(&w, code.literal[END_OF_BLOCK] & 0xFFFF, code.literal[END_OF_BLOCK] >> 16);
        flush_bits(&w);
    }
    if (w.count) *w.out++ = (uint8_t)w.buffer;
    for (int k = 3; k >= 0; k--) *w.out++ = (uint8_t)(adler >> (8 * k));
    free(memory);
    return (size_t)(w.out - out);
}
