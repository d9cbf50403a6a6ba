#include "CPNGClassic.h"

#include <errno.h>
#include <png.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

_Static_assert(CPNG_FILTER_NONE == PNG_FILTER_NONE && CPNG_FILTER_SUB == PNG_FILTER_SUB &&
                   CPNG_FILTER_UP == PNG_FILTER_UP && CPNG_FILTER_AVG == PNG_FILTER_AVG &&
                   CPNG_FILTER_PAETH == PNG_FILTER_PAETH,
               "filter bits must match libpng");

struct cpng_writer {
  png_structp png;
  png_infop info;
  int fd;
  int failed;
  int error_number;
  uint32_t width;
  int color_type;  // CPNG_COLOR_*; RGBA unless cpng_writer_set_format chose another
  int bit_depth;
  png_color palette[256];
  int palette_count;
  uint8_t alpha[256];
  int alpha_count;
  uint8_t *bytes;
  size_t count;
  size_t capacity;
  char message[256];
  char warning[192];
};

static void on_error(png_structp png, png_const_charp message) {
  cpng_writer *writer = png_get_error_ptr(png);
  // libpng gives the reason as a warning just before a generic error ("Image height exceeds
  // user limit in IHDR", then "Invalid IHDR data"): keep both.
  if (writer->warning[0] != 0) {
    snprintf(writer->message, sizeof writer->message, "%s (%s)", message, writer->warning);
  } else {
    snprintf(writer->message, sizeof writer->message, "%s", message);
  }
  png_longjmp(png, 1);  // back to the setjmp of the cpng_* function that called libpng
}

static void on_warning(png_structp png, png_const_charp message) {
  // Not printed: kept only to explain an error that follows.
  cpng_writer *writer = png_get_error_ptr(png);
  snprintf(writer->warning, sizeof writer->warning, "%s", message);
}

static void on_write(png_structp png, png_bytep data, size_t length) {
  cpng_writer *writer = png_get_io_ptr(png);
  if (writer->fd >= 0) {
    while (length > 0) {
      ssize_t written = write(writer->fd, data, length);
      if (written < 0 && errno == EINTR) continue;
      if (written <= 0) {
        writer->error_number = written < 0 ? errno : EIO;
        char text[200];
        snprintf(text, sizeof text, "write failed: %s", strerror(writer->error_number));
        png_error(png, text);
      }
      data += written;
      length -= (size_t)written;
    }
    return;
  }
  if (length > writer->capacity - writer->count) {
    size_t capacity = writer->capacity ? writer->capacity : 65536;
    while (length > capacity - writer->count) {
      if (capacity > SIZE_MAX / 2) png_error(png, "out of memory");
      capacity *= 2;
    }
    uint8_t *grown = realloc(writer->bytes, capacity);
    if (grown == NULL) png_error(png, "out of memory");
    writer->bytes = grown;
    writer->capacity = capacity;
  }
  memcpy(writer->bytes + writer->count, data, length);
  writer->count += length;
}

static void on_flush(png_structp png) { (void)png; }

cpng_writer *cpng_writer_create(int fd) {
  cpng_writer *writer = calloc(1, sizeof *writer);
  if (writer == NULL) return NULL;
  writer->fd = fd;
  writer->color_type = CPNG_COLOR_RGBA;
  writer->bit_depth = 8;
  writer->png = png_create_write_struct(PNG_LIBPNG_VER_STRING, writer, on_error, on_warning);
  if (writer->png != NULL) writer->info = png_create_info_struct(writer->png);
  if (writer->png == NULL || writer->info == NULL) {
    writer->failed = 1;
    snprintf(writer->message, sizeof writer->message, "out of memory");
  }
  return writer;
}

_Static_assert(CPNG_COLOR_GRAY == PNG_COLOR_TYPE_GRAY && CPNG_COLOR_RGB == PNG_COLOR_TYPE_RGB &&
                   CPNG_COLOR_PALETTE == PNG_COLOR_TYPE_PALETTE &&
                   CPNG_COLOR_RGBA == PNG_COLOR_TYPE_RGB_ALPHA,
               "color types must match libpng");

int cpng_writer_set_format(cpng_writer *writer, int color_type, int bit_depth,
                           const uint8_t *palette, int palette_count, const uint8_t *alpha,
                           int alpha_count) {
  if (writer->failed) return -1;
  int palette_ok = color_type == CPNG_COLOR_PALETTE && palette_count >= 1 &&
                   palette_count <= (1 << bit_depth) && alpha_count >= 0 &&
                   alpha_count <= palette_count &&
                   (bit_depth == 1 || bit_depth == 2 || bit_depth == 4 || bit_depth == 8);
  int direct_ok = color_type != CPNG_COLOR_PALETTE && bit_depth == 8 &&
                  (color_type == CPNG_COLOR_GRAY || color_type == CPNG_COLOR_RGB ||
                   color_type == CPNG_COLOR_RGBA);
  if (!palette_ok && !direct_ok) {
    snprintf(writer->message, sizeof writer->message, "unsupported pixel format");
    return -1;
  }
  writer->color_type = color_type;
  writer->bit_depth = bit_depth;
  writer->palette_count = palette_ok ? palette_count : 0;
  writer->alpha_count = palette_ok ? alpha_count : 0;
  for (int index = 0; index < writer->palette_count; index++) {
    writer->palette[index].red = palette[3 * index];
    writer->palette[index].green = palette[3 * index + 1];
    writer->palette[index].blue = palette[3 * index + 2];
  }
  for (int index = 0; index < writer->alpha_count; index++) writer->alpha[index] = alpha[index];
  return 0;
}

int cpng_writer_begin(cpng_writer *writer, uint32_t width, uint32_t height, int level,
                      int memory_level, int strategy, int filters, const cpng_text *texts,
                      int text_count) {
  if (writer->failed) return -1;
  png_textp chunks = calloc(text_count > 0 ? (size_t)text_count : 1, sizeof *chunks);
  if (chunks == NULL) {
    writer->failed = 1;
    snprintf(writer->message, sizeof writer->message, "out of memory");
    return -1;
  }
  if (setjmp(png_jmpbuf(writer->png))) {
    free(chunks);
    writer->failed = 1;
    return -1;
  }
  writer->width = width;
  png_set_write_fn(writer->png, writer, on_write, on_flush);
  png_set_IHDR(writer->png, writer->info, width, height, writer->bit_depth, writer->color_type,
               PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
  if (writer->color_type == CPNG_COLOR_PALETTE) {
    png_set_PLTE(writer->png, writer->info, writer->palette, writer->palette_count);
    if (writer->alpha_count > 0)
      png_set_tRNS(writer->png, writer->info, writer->alpha, writer->alpha_count, NULL);
  }
  png_set_sRGB(writer->png, writer->info, PNG_sRGB_INTENT_PERCEPTUAL);
  for (int index = 0; index < text_count; index++) {
    chunks[index].compression = texts[index].utf8 ? PNG_ITXT_COMPRESSION_NONE
                                                  : PNG_TEXT_COMPRESSION_NONE;
    chunks[index].key = (png_charp)texts[index].keyword;
    chunks[index].text = (png_charp)texts[index].text;
    chunks[index].lang = (png_charp)"";
    chunks[index].lang_key = (png_charp)"";
  }
  if (text_count > 0) png_set_text(writer->png, writer->info, chunks, text_count);
  png_set_compression_level(writer->png, level);
  png_set_compression_mem_level(writer->png, memory_level);
  png_set_compression_strategy(writer->png, strategy);
  png_set_filter(writer->png, PNG_FILTER_TYPE_BASE, filters);
  png_set_compression_buffer_size(writer->png, 65536);
  png_write_info(writer->png, writer->info);
  free(chunks);
  return 0;
}

int cpng_writer_write_rows(cpng_writer *writer, const uint8_t *rows, uint32_t row_count) {
  if (writer->failed) return -1;
  if (setjmp(png_jmpbuf(writer->png))) {
    writer->failed = 1;
    return -1;
  }
  size_t channels = writer->color_type == CPNG_COLOR_RGBA  ? 4
                    : writer->color_type == CPNG_COLOR_RGB ? 3
                                                           : 1;
  size_t stride = ((size_t)writer->width * channels * (size_t)writer->bit_depth + 7) / 8;
  for (uint32_t row = 0; row < row_count; row++) png_write_row(writer->png, rows + row * stride);
  return 0;
}

int cpng_writer_write_chunk(cpng_writer *writer, const char *name, const uint8_t *data,
                            size_t count) {
  if (writer->failed) return -1;
  if (setjmp(png_jmpbuf(writer->png))) {
    writer->failed = 1;
    return -1;
  }
  png_write_chunk(writer->png, (png_const_bytep)name, data, count);
  return 0;
}

int cpng_writer_end_chunks(cpng_writer *writer) {
  return cpng_writer_write_chunk(writer, "IEND", NULL, 0);
}

int cpng_writer_end(cpng_writer *writer) {
  if (writer->failed) return -1;
  if (setjmp(png_jmpbuf(writer->png))) {
    writer->failed = 1;
    return -1;
  }
  png_write_end(writer->png, NULL);
  return 0;
}

const char *cpng_writer_message(const cpng_writer *writer) { return writer->message; }

int cpng_writer_errno(const cpng_writer *writer) { return writer->error_number; }

const uint8_t *cpng_writer_bytes(const cpng_writer *writer, size_t *count) {
  *count = writer->count;
  return writer->bytes;
}

void cpng_writer_destroy(cpng_writer *writer) {
  if (writer == NULL) return;
  if (writer->png != NULL) png_destroy_write_struct(&writer->png, &writer->info);
  free(writer->bytes);
  free(writer);
}
