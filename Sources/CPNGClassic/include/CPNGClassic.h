#ifndef PICKERS_CPNGCLASSIC_H
#define PICKERS_CPNGCLASSIC_H
// A PNG writer and reader over libpng's classic API, for what the simplified API cannot do:
// choose the zlib level, strategy and row filters, write text chunks, and read 16-bit interlaced
// images correctly (Debian's libpng 1.6.39-2+deb12u4 simplified reader garbles those: libpng
// issue 853) while checking palette indices. libpng reports errors with longjmp,
// which must never cross Swift frames: every function here that calls libpng owns its setjmp and
// returns 0 on success or -1 with the reason in cpng_writer_message(). After a failure the writer
// only accepts cpng_writer_destroy().
#include <stddef.h>
#include <stdint.h>

typedef struct cpng_writer cpng_writer;

// Row filter bits, the same values as libpng's PNG_FILTER_* (checked in the .c file).
enum {
  CPNG_FILTER_NONE = 0x08,
  CPNG_FILTER_SUB = 0x10,
  CPNG_FILTER_UP = 0x20,
  CPNG_FILTER_AVG = 0x40,
  CPNG_FILTER_PAETH = 0x80,
};

// One text chunk: ASCII text becomes tEXt, other UTF-8 text becomes iTXt.
typedef struct cpng_text {
  const char *keyword;
  const char *text;
  int utf8;
} cpng_text;

// Creates a writer that sends the PNG to the file descriptor `fd` (not closed by the writer),
// or, when `fd` is negative, collects it in memory (see cpng_writer_bytes). NULL: out of memory.
cpng_writer *cpng_writer_create(int fd);
// Pixel formats for cpng_writer_set_format (the values of libpng's PNG_COLOR_TYPE_*).
enum {
  CPNG_COLOR_GRAY = 0,
  CPNG_COLOR_RGB = 2,
  CPNG_COLOR_PALETTE = 3,
  CPNG_COLOR_RGBA = 6,
};

// Chooses the pixel format before cpng_writer_begin (default: RGBA, 8 bits): `color_type` is
// CPNG_COLOR_*, `bit_depth` 8 (or 1, 2, 4, 8 for a palette). A palette has `palette_count`
// (1-256) RGB triples and `alpha_count` alpha values for its first entries (a tRNS chunk).
// Rows passed to cpng_writer_write_rows are then already packed in that format.
int cpng_writer_set_format(cpng_writer *writer, int color_type, int bit_depth,
                           const uint8_t *palette, int palette_count, const uint8_t *alpha,
                           int alpha_count);
// Writes the signature and the header chunks of a `width` x `height` image (RGBA 8-bit unless
// cpng_writer_set_format chose another format).
// `level` (0-9), `memory_level` (1-9) and `strategy` are zlib's; `filters` is CPNG_FILTER_* bits.
int cpng_writer_begin(cpng_writer *writer, uint32_t width, uint32_t height, int level,
                      int memory_level, int strategy, int filters, const cpng_text *texts,
                      int text_count);
// Writes `row_count` rows, top to bottom, each `width * 4` bytes for RGBA (fewer for the
// formats cpng_writer_set_format chooses: 3 or 1 bytes a pixel, or packed palette indices).
int cpng_writer_write_rows(cpng_writer *writer, const uint8_t *rows, uint32_t row_count);
// Writes one chunk (4-letter `name`, `count` bytes of data and its CRC) to the writer's output,
// after cpng_writer_begin. Used for IDAT chunks compressed by a cpng_deflater, ended with
// cpng_writer_end_chunks instead of cpng_writer_end.
int cpng_writer_write_chunk(cpng_writer *writer, const char *name, const uint8_t *data,
                            size_t count);
// Writes the IEND chunk after IDAT chunks written with cpng_writer_write_chunk.
int cpng_writer_end_chunks(cpng_writer *writer);
// Writes the end of the image; the PNG is then complete.
int cpng_writer_end(cpng_writer *writer);
// The reason for the last failure, a NUL-terminated string owned by the writer.
const char *cpng_writer_message(const cpng_writer *writer);
// The errno of a failed write to the file descriptor, or 0.
int cpng_writer_errno(const cpng_writer *writer);
// The bytes collected by a memory writer, owned by the writer.
const uint8_t *cpng_writer_bytes(const cpng_writer *writer, size_t *count);
// Frees the writer and everything libpng allocated for it.
void cpng_writer_destroy(cpng_writer *writer);

// A PNG's image data compressed in pieces on several threads at once (see deflater.c).
typedef struct cpng_deflater cpng_deflater;
enum { CPNG_DEFLATER_MAX_PIECES = 64 };
// Creates a deflater at zlib's `level` and `memory_level`; NULL: out of memory.
cpng_deflater *cpng_deflater_create(int level, int memory_level);
// Changes zlib's memory level for the pieces compressed from the next call on.
void cpng_deflater_set_memory_level(cpng_deflater *deflater, int memory_level);
// Filters `row_count` rows of `row_bytes` bytes (`filter` 0: none, 2: Up, with `above` the row
// before the first, or NULL for zeros) into scanlines and compresses them as the next part of
// the stream, split into `piece_count` (1-64) pieces of consecutive rows compressed at once, one
// thread each (the calling thread takes the first). `last` ends the deflate stream. The pieces'
// output stays in the deflater until the next call: cpng_deflater_piece. 0, or -1 when zlib
// fails or memory runs out (the deflater then accepts only cpng_deflater_destroy).
int cpng_deflater_compress_rows(cpng_deflater *deflater, const uint8_t *rows, size_t row_bytes,
                                size_t row_count, const uint8_t *above, int filter,
                                int piece_count, int last);
// The same for rows that are already PNG scanlines: `scanlines` holds `row_count` rows of
// `row_bytes + 1` bytes, each a 0 (no filter) and then the row. Rows compressed without a filter
// are compressed where they are, without a copy; with the Up filter as by
// cpng_deflater_compress_rows. -1 also when a row's first byte is not 0.
int cpng_deflater_compress_scanlines(cpng_deflater *deflater, const uint8_t *scanlines,
                                     size_t row_bytes, size_t row_count, const uint8_t *above,
                                     int filter, int piece_count, int last);
// How many pieces the last call produced, and the bytes of each (owned by the deflater).
int cpng_deflater_piece_count(const cpng_deflater *deflater);
const uint8_t *cpng_deflater_piece(const cpng_deflater *deflater, int index, size_t *count);
// The Adler-32 of every scanline compressed so far: the zlib stream's trailer, big-endian.
uint32_t cpng_deflater_adler(const cpng_deflater *deflater);
// 1 when the last call compressed the whole image (the first part, ending the stream, one
// piece, at most 16 MiB of scanlines) with libdeflate: its one piece is then a complete zlib stream, header and Adler-32
// included. Without libdeflate zlib compresses it as usual.
int cpng_deflater_is_whole(const cpng_deflater *deflater);
// Whether libdeflate may compress a whole image (1, the default) or zlib always does (0).
void cpng_deflater_allow_whole(cpng_deflater *deflater, int allowed);
// Frees the deflater and its zlib streams.
void cpng_deflater_destroy(cpng_deflater *deflater);

typedef struct cpng_reader cpng_reader;

// Creates a reader over `count` bytes at `data`, which must stay valid until it is destroyed.
// NULL: out of memory.
cpng_reader *cpng_reader_create(const uint8_t *data, size_t count);
// Reads the chunks up to the image data and reports the image's size.
int cpng_reader_read_header(cpng_reader *reader, uint32_t *width, uint32_t *height);
// Decodes the pixels as 8-bit RGBA with straight alpha into `pixels` (width * height * 4
// bytes): palettes and low bit depths expanded, tRNS made alpha, 16-bit samples scaled with
// rounding, gray copied to red, green and blue, interlacing undone, gamma chunks ignored.
// A palette index past the end of the palette is an error.
int cpng_reader_read_rgba(cpng_reader *reader, uint8_t *pixels);
// The reason for the last failure, a NUL-terminated string owned by the reader.
const char *cpng_reader_message(const cpng_reader *reader);
// Frees the reader and everything libpng allocated for it.
void cpng_reader_destroy(cpng_reader *reader);

#endif
