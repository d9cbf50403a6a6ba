#include "CPNGClassic.h"

#include <CNativeLibraries.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

// The image data of a PNG compressed in pieces at once, the way pigz compresses a file: each
// piece is raw deflate (no zlib header or trailer) ended with a sync flush (an empty stored
// block that leaves the output on a byte boundary), so the pieces concatenated in order form one
// deflate stream; only the last piece ends it. The caller writes the zlib header before the
// first piece and the Adler-32 of all the scanlines after the last. Pieces start without a
// dictionary: their first bytes cannot refer back into the previous piece, which costs about as
// much as a new row of text (measured on a specimen sheet: under 1% larger).

typedef struct slot {
  z_stream stream;
  int ready;
  int memory_level;  // the stream's, when ready
  uint8_t *bytes;  // the piece's output
  size_t count;
  size_t capacity;
  uint8_t *line;  // one filtered scanline
  uint32_t adler;
  int status;
  // The job.
  const uint8_t *rows;  // the first row's first pixel byte
  const uint8_t *above;  // the row above the first, or NULL for zeros
  size_t row_bytes;
  size_t stride;  // from one row to the next: row_bytes, or row_bytes + 1 when framed
  int framed;  // each row has a byte in front of it, for its filter type
  size_t row_count;
  int filter;
  int last;
  struct cpng_deflater *owner;
} slot;

struct cpng_deflater {
  int level;
  int memory_level;
  int finished;
  int started;  // a part was compressed
  int whole;  // the one part was a whole zlib stream from libdeflate
  int whole_allowed;  // libdeflate may compress a whole image
  uint8_t *scanlines;  // libdeflate's input, freed after the call
  uint32_t adler;
  slot slots[CPNG_DEFLATER_MAX_PIECES];
};

cpng_deflater *cpng_deflater_create(int level, int memory_level) {
  cpng_deflater *deflater = calloc(1, sizeof *deflater);
  if (deflater == NULL) return NULL;
  deflater->level = level;
  deflater->memory_level = memory_level;
  deflater->adler = 1;
  deflater->whole_allowed = 1;
  return deflater;
}

void cpng_deflater_set_memory_level(cpng_deflater *deflater, int memory_level) {
  deflater->memory_level = memory_level;
}

void cpng_deflater_destroy(cpng_deflater *deflater) {
  if (deflater == NULL) return;
  for (int index = 0; index < CPNG_DEFLATER_MAX_PIECES; index++) {
    slot *slot = &deflater->slots[index];
    if (slot->ready) deflateEnd(&slot->stream);
    free(slot->bytes);
    free(slot->line);
  }
  free(deflater->scanlines);
  free(deflater);
}

// Appends what the stream produced to the slot's output, growing it as needed.
static int deflate_into(slot *slot, const uint8_t *data, size_t count, int flush) {
  slot->stream.next_in = (Bytef *)data;
  slot->stream.avail_in = (uInt)count;
  for (;;) {
    if (slot->capacity - slot->count < 4096) {
      size_t capacity = slot->capacity ? slot->capacity * 2 : 65536;
      uint8_t *grown = realloc(slot->bytes, capacity);
      if (grown == NULL) return -1;
      slot->bytes = grown;
      slot->capacity = capacity;
    }
    size_t room = slot->capacity - slot->count;
    if (room > UINT32_MAX) room = UINT32_MAX;
    slot->stream.next_out = slot->bytes + slot->count;
    slot->stream.avail_out = (uInt)room;
    int status = deflate(&slot->stream, flush);
    slot->count += room - slot->stream.avail_out;
    if (status == Z_STREAM_END) return 0;
    if (status != Z_OK && status != Z_BUF_ERROR) return -1;
    // Done when the input is used up and, for a flush, zlib had room left over.
    if (slot->stream.avail_in == 0 && (flush == Z_NO_FLUSH || slot->stream.avail_out > 0))
      return flush == Z_FINISH ? -1 : 0;
  }
}

static void compress_slot(slot *slot) {
  slot->status = -1;
  slot->count = 0;
  slot->adler = 1;
  cpng_deflater *owner = slot->owner;
  if (slot->ready && slot->memory_level != owner->memory_level) {
    deflateEnd(&slot->stream);
    slot->ready = 0;
  }
  if (!slot->ready) {
    if (deflateInit2(&slot->stream, owner->level, Z_DEFLATED, -15, owner->memory_level,
                     Z_DEFAULT_STRATEGY) != Z_OK)
      return;
    slot->ready = 1;
    slot->memory_level = owner->memory_level;
  } else if (deflateReset(&slot->stream) != Z_OK) {
    return;
  }
  if (slot->framed && slot->filter == 0) {
    // The scanlines are already in memory, one after the other: compressed where they are.
    const uint8_t *scanlines = slot->rows - 1;
    size_t count = slot->row_count * slot->stride;
    slot->adler = (uint32_t)adler32_z(slot->adler, scanlines, count);
    for (size_t done = 0; done < count;) {
      size_t part = count - done < ((size_t)1 << 30) ? count - done : (size_t)1 << 30;
      if (deflate_into(slot, scanlines + done, part, Z_NO_FLUSH) != 0) return;
      done += part;
    }
    if (deflate_into(slot, NULL, 0, slot->last ? Z_FINISH : Z_SYNC_FLUSH) != 0) return;
    slot->status = 0;
    return;
  }
  uint8_t *line = realloc(slot->line, slot->row_bytes + 1);
  if (line == NULL) return;
  slot->line = line;
  for (size_t row = 0; row < slot->row_count; row++) {
    const uint8_t *current = slot->rows + row * slot->stride;
    const uint8_t *above = row > 0 ? current - slot->stride : slot->above;
    line[0] = (uint8_t)slot->filter;
    if (slot->filter == 2) {
      if (above != NULL) {
        for (size_t index = 0; index < slot->row_bytes; index++)
          line[index + 1] = (uint8_t)(current[index] - above[index]);
      } else {
        memcpy(line + 1, current, slot->row_bytes);
      }
    } else {
      memcpy(line + 1, current, slot->row_bytes);
    }
    slot->adler = (uint32_t)adler32_z(slot->adler, line, slot->row_bytes + 1);
    if (deflate_into(slot, line, slot->row_bytes + 1, Z_NO_FLUSH) != 0) return;
  }
  if (deflate_into(slot, NULL, 0, slot->last ? Z_FINISH : Z_SYNC_FLUSH) != 0) return;
  slot->status = 0;
}

static void *run_slot(void *argument) {
  compress_slot(argument);
  return NULL;
}

// libdeflate (Debian's libdeflate0), loaded on first use so that no library is bound at start
// for it. For a whole image in one part it compresses at the same level in about half of zlib's
// instructions, to much the same size: a 48 px text line 4.2 M instead of 8.1 M instructions,
// 6,504 bytes instead of 6,579; a 2,000-character paragraph 33.6 M instead of 63.3 M, 60,278
// bytes instead of 59,283 (level 6). Streams in several parts keep zlib (libdeflate has no
// streaming API).
typedef struct libdeflate_compressor libdeflate_compressor;
static struct {
  libdeflate_compressor *(*alloc)(int level);
  size_t (*bound)(libdeflate_compressor *, size_t);
  size_t (*compress)(libdeflate_compressor *, const void *, size_t, void *, size_t);
  void (*release)(libdeflate_compressor *);
  int available;
} libdeflate;
static pthread_once_t libdeflate_once = PTHREAD_ONCE_INIT;

// Through the one loader of pickers' libraries (CNativeLibraries).
static void load_libdeflate(void) {
  const int library = PICKERS_NATIVE_DEFLATE;
  *(void **)&libdeflate.alloc = pickers_native_library_symbol(library, "libdeflate_alloc_compressor");
  *(void **)&libdeflate.bound =
      pickers_native_library_symbol(library, "libdeflate_zlib_compress_bound");
  *(void **)&libdeflate.compress = pickers_native_library_symbol(library, "libdeflate_zlib_compress");
  *(void **)&libdeflate.release = pickers_native_library_symbol(library, "libdeflate_free_compressor");
  libdeflate.available = libdeflate.alloc != NULL && libdeflate.bound != NULL &&
                         libdeflate.compress != NULL && libdeflate.release != NULL;
}

// The most scanline bytes given to libdeflate: it needs them in one buffer, a copy of the
// image, so larger images (which are split over the cores anyway) stay with zlib's streaming.
#define WHOLE_MAX ((size_t)16 << 20)

// Filters all the rows into scanlines and compresses them as one zlib stream (header and
// Adler-32 included) into slot 0. Framed rows without a filter are the scanlines already, and
// are compressed where they are (no copy of the image is made). 1: done; 0: libdeflate is
// missing or the image is over WHOLE_MAX (use zlib); -1: failed.
static int compress_whole(cpng_deflater *deflater, const uint8_t *rows, size_t row_bytes,
                          size_t stride, int framed, size_t row_count, int filter) {
  size_t line = row_bytes + 1;
  if (row_count > WHOLE_MAX / line) return 0;
  pthread_once(&libdeflate_once, load_libdeflate);
  if (!libdeflate.available) return 0;
  const uint8_t *input = NULL;
  uint8_t *scanlines = NULL;
  if (framed && filter == 0) {
    input = rows - 1;
  } else {
    scanlines = malloc(line * row_count);
    if (scanlines == NULL) return -1;
    for (size_t row = 0; row < row_count; row++) {
      const uint8_t *current = rows + row * stride;
      uint8_t *target = scanlines + row * line;
      target[0] = (uint8_t)filter;
      if (filter == 2 && row > 0) {
        for (size_t index = 0; index < row_bytes; index++)
          target[index + 1] = (uint8_t)(current[index] - current[index - stride]);
      } else {
        memcpy(target + 1, current, row_bytes);
      }
    }
    input = scanlines;
  }
  int level = deflater->level < 1 ? 1 : deflater->level;
  libdeflate_compressor *compressor = libdeflate.alloc(level);
  int status = -1;
  slot *slot = &deflater->slots[0];
  if (compressor != NULL) {
    size_t bound = libdeflate.bound(compressor, line * row_count);
    if (slot->capacity < bound) {
      uint8_t *grown = realloc(slot->bytes, bound);
      if (grown != NULL) {
        slot->bytes = grown;
        slot->capacity = bound;
      }
    }
    if (slot->capacity >= bound) {
      slot->count =
          libdeflate.compress(compressor, input, line * row_count, slot->bytes, slot->capacity);
      status = slot->count > 0 ? 1 : -1;
    }
    libdeflate.release(compressor);
  }
  free(scanlines);
  return status;
}

// Both entry points: `rows` is the first row's first pixel byte, rows are `stride` apart, and
// when `framed` each has a byte in front of it that is 0 (its filter type, none).
static int compress_part(cpng_deflater *deflater, const uint8_t *rows, size_t row_bytes,
                         size_t stride, int framed, size_t row_count, const uint8_t *above,
                         int filter, int piece_count, int last) {
  if (deflater->finished || piece_count < 1 || piece_count > CPNG_DEFLATER_MAX_PIECES ||
      (filter != 0 && filter != 2) || row_bytes == 0)
    return -1;
  for (int index = 0; index < CPNG_DEFLATER_MAX_PIECES; index++) deflater->slots[index].count = 0;
  // The whole image in one part and one piece: libdeflate, when it is there.
  if (deflater->whole_allowed && !deflater->started && last && piece_count == 1 &&
      above == NULL && row_count > 0 && deflater->level > 0) {
    int whole = compress_whole(deflater, rows, row_bytes, stride, framed, row_count, filter);
    if (whole != 0) {
      deflater->started = 1;
      deflater->finished = 1;
      deflater->whole = whole == 1;
      return whole == 1 ? 0 : -1;
    }
  }
  deflater->started = 1;
  if ((size_t)piece_count > row_count) piece_count = row_count > 0 ? (int)row_count : 1;
  size_t per_piece = (row_count + (size_t)piece_count - 1) / (size_t)piece_count;
  for (int index = 0; index < CPNG_DEFLATER_MAX_PIECES; index++) {
    slot *slot = &deflater->slots[index];
    slot->count = 0;
    slot->status = 0;
    if (index >= piece_count) continue;
    size_t first = per_piece * (size_t)index;
    if (first > row_count) first = row_count;
    size_t end = first + per_piece < row_count ? first + per_piece : row_count;
    slot->owner = deflater;
    slot->rows = rows + first * stride;
    slot->above = first == 0 ? above : rows + (first - 1) * stride;
    slot->row_bytes = row_bytes;
    slot->stride = stride;
    slot->framed = framed;
    slot->row_count = end - first;
    slot->filter = filter;
    slot->last = last && index == piece_count - 1;
  }
  // The first piece runs on the calling thread; a thread that cannot start runs here too.
  pthread_t threads[CPNG_DEFLATER_MAX_PIECES];
  int started[CPNG_DEFLATER_MAX_PIECES] = {0};
  for (int index = 1; index < piece_count; index++)
    started[index] =
        pthread_create(&threads[index], NULL, run_slot, &deflater->slots[index]) == 0;
  compress_slot(&deflater->slots[0]);
  int status = 0;
  for (int index = 1; index < piece_count; index++) {
    if (started[index])
      pthread_join(threads[index], NULL);
    else
      compress_slot(&deflater->slots[index]);
  }
  for (int index = 0; index < piece_count; index++) {
    slot *slot = &deflater->slots[index];
    if (slot->status != 0) status = -1;
    size_t count = slot->row_count * (row_bytes + 1);
    deflater->adler = (uint32_t)adler32_combine(deflater->adler, slot->adler, (z_off_t)count);
  }
  if (status != 0) {
    deflater->finished = 1;
    return -1;
  }
  if (last) deflater->finished = 1;
  return 0;
}

int cpng_deflater_compress_rows(cpng_deflater *deflater, const uint8_t *rows, size_t row_bytes,
                                size_t row_count, const uint8_t *above, int filter,
                                int piece_count, int last) {
  return compress_part(deflater, rows, row_bytes, row_bytes, 0, row_count, above, filter,
                       piece_count, last);
}

int cpng_deflater_compress_scanlines(cpng_deflater *deflater, const uint8_t *scanlines,
                                     size_t row_bytes, size_t row_count, const uint8_t *above,
                                     int filter, int piece_count, int last) {
  if (scanlines == NULL || row_bytes == 0) return -1;
  // A row whose frame byte is not 0 cannot be compressed where it is.
  for (size_t row = 0; row < row_count; row++)
    if (scanlines[row * (row_bytes + 1)] != 0) return -1;
  return compress_part(deflater, scanlines + 1, row_bytes, row_bytes + 1, 1, row_count, above,
                       filter, piece_count, last);
}

int cpng_deflater_piece_count(const cpng_deflater *deflater) {
  int count = 0;
  while (count < CPNG_DEFLATER_MAX_PIECES && deflater->slots[count].count > 0) count++;
  return count;
}

const uint8_t *cpng_deflater_piece(const cpng_deflater *deflater, int index, size_t *count) {
  *count = deflater->slots[index].count;
  return deflater->slots[index].bytes;
}

uint32_t cpng_deflater_adler(const cpng_deflater *deflater) { return deflater->adler; }

int cpng_deflater_is_whole(const cpng_deflater *deflater) { return deflater->whole; }

void cpng_deflater_allow_whole(cpng_deflater *deflater, int allowed) {
  deflater->whole_allowed = allowed;
}
