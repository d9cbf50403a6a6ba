#ifndef PICKERS_CICU_SHIM_H
#define PICKERS_CICU_SHIM_H
// ICU's line break iterator (UAX #14), loaded with dlopen on first use rather than linked, so
// that commands which never wrap text do not pay for loading libicuuc and libicudata at start.
// Only ICU's version header is needed to build (libicu-dev); the library is found at run time.
// ICU's types are not included: Swift's own Foundation carries another ICU whose `UErrorCode`
// and friends would clash, so the iterator is an opaque pointer and the values plain integers.
#include <dlfcn.h>
#include <stddef.h>
#include <stdint.h>
#include <unicode/uvernum.h>

// ICU renames every function after its major version (ubrk_open is ubrk_open_72): the two-step
// macro expands that renaming before turning the name into a string for dlsym.
#define CICU_STRING_(name) #name
#define CICU_STRING(name) CICU_STRING_(name)
#define CICU_SYMBOL(name) CICU_STRING(U_ICU_ENTRY_POINT_RENAME(name))

/// The ICU functions a line breaker calls, resolved from the library this header matches. The
/// iterator is a `UBreakIterator *`; the type argument of `open` a `UBreakIteratorType`, the
/// status a `UErrorCode` (both C enums, so `int`).
typedef struct {
  void *(*open)(int type, const char *locale, const uint16_t *text, int32_t length,
                int *status);
  int32_t (*next)(void *iterator);
  int32_t (*ruleStatus)(void *iterator);
  void (*close)(void *iterator);
} CICULineBreakFunctions;

// Opens libicuuc.so.<major> and resolves the functions; returns 0 when ICU is missing. The
// library stays loaded for the life of the process (it is never closed).
static inline int cicu_load_line_break(CICULineBreakFunctions *functions) {
  void *library =
      dlopen("libicuuc.so." CICU_STRING(U_ICU_VERSION_MAJOR_NUM), RTLD_NOW | RTLD_LOCAL);
  if (library == NULL) return 0;
  functions->open = (void *(*)(int, const char *, const uint16_t *, int32_t, int *))dlsym(
      library, CICU_SYMBOL(ubrk_open));
  functions->next = (int32_t(*)(void *))dlsym(library, CICU_SYMBOL(ubrk_next));
  functions->ruleStatus = (int32_t(*)(void *))dlsym(library, CICU_SYMBOL(ubrk_getRuleStatus));
  functions->close = (void (*)(void *))dlsym(library, CICU_SYMBOL(ubrk_close));
  return functions->open && functions->next && functions->ruleStatus && functions->close;
}

// The values of ubrk.h this needs, fixed by ICU's stable C API: UBRK_LINE is 2, UBRK_DONE -1,
// hard (mandatory) line breaks have rule statuses 100 to 199 (UBRK_LINE_HARD ...
// UBRK_LINE_HARD_LIMIT), and a UErrorCode above 0 (U_ZERO_ERROR) is a failure.
enum {
  CICU_BREAK_LINE = 2,
  CICU_BREAK_DONE = -1,
  CICU_LINE_HARD = 100,
  CICU_LINE_HARD_LIMIT = 200
};
#endif
