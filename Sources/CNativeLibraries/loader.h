#ifndef PICKERS_CNATIVELIBRARIES_LOADER_H
#define PICKERS_CNATIVELIBRARIES_LOADER_H
// What the generated wrappers (fontconfig.c, freetype.c, ...) share with loader.c.
#include "include/CNativeLibraries.h"
#include <stdatomic.h>

/// Returns the library's function `name`, storing it in `slot`; loads the library first. When
/// the library cannot be loaded or lacks the function, writes `pickers: ...` on standard error
/// and ends the process with status 1, as the dynamic loader does for a missing library.
void *pickers_native_resolve(int library, _Atomic(void *) *slot, const char *name);

/// The function `name` of the library the including file sets as PICKERS_NATIVE_LIBRARY:
/// one acquire load once resolved. Each use has its own slot.
#define PICKERS_NATIVE_SYMBOL(name)                                                          \
  ({                                                                                         \
    static _Atomic(void *) pickers_slot_;                                                    \
    void *pickers_function_ = atomic_load_explicit(&pickers_slot_, memory_order_acquire);    \
    __builtin_expect(pickers_function_ != NULL, 1)                                           \
        ? pickers_function_                                                                  \
        : pickers_native_resolve(PICKERS_NATIVE_LIBRARY, &pickers_slot_, #name);            \
  })

// Wrappers are hidden: only pickers' own code binds to them, never a library loaded into the
// process (fontconfig's calls into FreeType go straight to FreeType, GTK's in pickers-gtk to
// the libraries it links). The headers declare the functions with default visibility, so the
// attribute cannot be given in C: the assembler directive sets it.
#define PICKERS_NATIVE_WRAPPER(name) __asm__(".hidden " #name);

const char *const *pickers_native_fontconfig_names(size_t *count);
const char *const *pickers_native_freetype_names(size_t *count);
const char *const *pickers_native_harfbuzz_names(size_t *count);
const char *const *pickers_native_png_names(size_t *count);
const char *const *pickers_native_fribidi_names(size_t *count);
#endif
