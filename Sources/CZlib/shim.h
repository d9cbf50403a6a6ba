#include <zlib.h>

// inflateInit2 is a macro over inflateInit2_ (it passes the header's version and struct size),
// which Swift cannot call: a raw-deflate (window bits -15) inflate for zip entries.
static inline int czlib_inflate_init_raw(z_stream *stream) {
  return inflateInit2(stream, -15);
}
