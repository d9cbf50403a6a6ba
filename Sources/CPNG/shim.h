#ifndef PICKERS_CPNG_SHIM_H
#define PICKERS_CPNG_SHIM_H
#include <png.h>

// PNG_FORMAT_RGBA is composed from other macros; a function makes sure Swift sees it.
static inline png_uint_32 cpng_format_rgba8(void) { return PNG_FORMAT_RGBA; }
// PNG_IMAGE_PNG_SIZE_MAX is a function-like macro: the worst-case encoded size, used to
// allocate the output buffer once instead of asking libpng for the size (which encodes twice).
static inline png_alloc_size_t cpng_image_png_size_max(png_image *image) {
  return PNG_IMAGE_PNG_SIZE_MAX(*image);
}
// PNG_IMAGE_VERSION is a plain macro but documents the struct layout libpng expects.
static inline png_uint_32 cpng_image_version(void) { return PNG_IMAGE_VERSION; }
#endif
