#include "CPNGClassic.h"

#include <png.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct cpng_reader {
  png_structp png;
  png_infop info;
  const uint8_t *data;
  size_t count;
  size_t offset;
  int failed;
  char message[256];
};

static void on_error(png_structp png, png_const_charp message) {
  cpng_reader *reader = png_get_error_ptr(png);
  snprintf(reader->message, sizeof reader->message, "%s", message);
  png_longjmp(png, 1);  // back to the setjmp of the cpng_reader_* function that called libpng
}

static void on_warning(png_structp png, png_const_charp message) {
  (void)png;
  (void)message;  // damaged ancillary chunks are skipped quietly
}

static void on_read(png_structp png, png_bytep data, size_t length) {
  cpng_reader *reader = png_get_io_ptr(png);
  if (length > reader->count - reader->offset) png_error(png, "the data ends too early");
  memcpy(data, reader->data + reader->offset, length);
  reader->offset += length;
}

cpng_reader *cpng_reader_create(const uint8_t *data, size_t count) {
  cpng_reader *reader = calloc(1, sizeof *reader);
  if (reader == NULL) return NULL;
  reader->data = data;
  reader->count = count;
  reader->png = png_create_read_struct(PNG_LIBPNG_VER_STRING, reader, on_error, on_warning);
  if (reader->png != NULL) reader->info = png_create_info_struct(reader->png);
  if (reader->png == NULL || reader->info == NULL) {
    reader->failed = 1;
    snprintf(reader->message, sizeof reader->message, "out of memory");
  }
  return reader;
}

// Whether every chunk's declared length fits in the data. libpng 1.6.39 allocates the length a
// text chunk declares before reading it (a 44-byte file declaring 2 GiB made it malloc 2 GiB;
// found by fuzzing), so lengths past the end of the data are rejected before libpng sees them.
static int chunks_fit(const uint8_t *data, size_t count) {
  size_t offset = 8;
  while (count - offset >= 8) {
    size_t length = (size_t)data[offset] << 24 | (size_t)data[offset + 1] << 16 |
                    (size_t)data[offset + 2] << 8 | data[offset + 3];
    if (length > count - offset - 8) return 0;
    if (memcmp(data + offset + 4, "IEND", 4) == 0) return 1;  // what follows is not read
    offset += 8 + length;
    if (count - offset < 4) return 0;  // the chunk's CRC
    offset += 4;
  }
  return 1;
}

int cpng_reader_read_header(cpng_reader *reader, uint32_t *width, uint32_t *height) {
  if (reader->failed) return -1;
  if (setjmp(png_jmpbuf(reader->png))) {
    reader->failed = 1;
    return -1;
  }
  if (reader->count < 8 || png_sig_cmp(reader->data, 0, 8) != 0)
    png_error(reader->png, "not a PNG file");
  if (!chunks_fit(reader->data, reader->count)) png_error(reader->png, "the data ends too early");
  png_set_read_fn(reader->png, reader, on_read);
  png_read_info(reader->png, reader->info);
  *width = png_get_image_width(reader->png, reader->info);
  *height = png_get_image_height(reader->png, reader->info);
  return 0;
}

// Expands the palette indices at the start of each row (one byte each) to RGBA in place,
// from the right so no index is overwritten before it is read.
static void expand_palette(png_structp png, png_infop info, uint8_t *pixels, png_uint_32 width,
                           png_uint_32 height) {
  png_colorp palette = NULL;
  int entries = 0;
  png_bytep alphas = NULL;
  int alpha_count = 0;
  png_get_PLTE(png, info, &palette, &entries);
  if (png_get_valid(png, info, PNG_INFO_tRNS))
    png_get_tRNS(png, info, &alphas, &alpha_count, NULL);
  size_t stride = (size_t)width * 4;
  for (png_uint_32 row = 0; row < height; row++) {
    uint8_t *line = pixels + row * stride;
    for (size_t x = width; x-- > 0;) {
      int index = line[x];
      if (index >= entries) {
        char text[120];
        snprintf(text, sizeof text, "palette index %d is out of range for a palette of %d colors",
                 index, entries);
        png_error(png, text);
      }
      line[x * 4] = palette[index].red;
      line[x * 4 + 1] = palette[index].green;
      line[x * 4 + 2] = palette[index].blue;
      line[x * 4 + 3] = index < alpha_count ? alphas[index] : 255;
    }
  }
}

int cpng_reader_read_rgba(cpng_reader *reader, uint8_t *pixels) {
  if (reader->failed) return -1;
  if (setjmp(png_jmpbuf(reader->png))) {
    reader->failed = 1;
    return -1;
  }
  png_structp png = reader->png;
  png_infop info = reader->info;
  png_uint_32 width = png_get_image_width(png, info);
  png_uint_32 height = png_get_image_height(png, info);
  int color_type = png_get_color_type(png, info);
  int palette = color_type == PNG_COLOR_TYPE_PALETTE;
  if (palette) {
    // Indices are read as bytes and checked here: libpng would map a bad index to black.
    png_set_packing(png);
  } else {
    png_set_expand(png);  // gray below 8 bits to 8, tRNS to an alpha channel
    png_set_scale_16(png);
    if ((color_type & PNG_COLOR_MASK_COLOR) == 0) png_set_gray_to_rgb(png);
    png_set_add_alpha(png, 0xff, PNG_FILLER_AFTER);  // only where there is no alpha yet
  }
  int passes = png_set_interlace_handling(png);
  png_read_update_info(png, info);
  size_t stride = (size_t)width * 4;
  if (png_get_rowbytes(png, info) != (palette ? width : stride))
    png_error(png, "unexpected row size");
  for (int pass = 0; pass < passes; pass++)
    for (png_uint_32 row = 0; row < height; row++) png_read_row(png, pixels + row * stride, NULL);
  if (palette) expand_palette(png, info, pixels, width, height);
  return 0;
}

const char *cpng_reader_message(const cpng_reader *reader) { return reader->message; }

void cpng_reader_destroy(cpng_reader *reader) {
  if (reader == NULL) return;
  if (reader->png != NULL) png_destroy_read_struct(&reader->png, &reader->info, NULL);
  free(reader);
}
