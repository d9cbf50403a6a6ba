// The owner of the lazily loaded libraries' handles: one dlopen per library, made once, kept
// until the process ends (it is never closed, so no function pointer outlives its library).
// dlinfo and struct link_map are GNU extensions.
#define _GNU_SOURCE
#include "loader.h"

#include <dlfcn.h>
#include <link.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <unicode/uvernum.h>  // ICU's major version: its soname and function names carry it

// Turns a macro's value into a string after expanding it (ICU's version, its renamed names).
#define PICKERS_STRING_(text) #text
#define PICKERS_STRING(text) PICKERS_STRING_(text)

typedef struct {
  const char *soname;
  pthread_once_t once;
  void *handle;
  char reason[512];
} Library;

static Library libraries[PICKERS_NATIVE_LIBRARY_COUNT] = {
    [PICKERS_NATIVE_FONTCONFIG] = {"libfontconfig.so.1", PTHREAD_ONCE_INIT, NULL, ""},
    [PICKERS_NATIVE_FREETYPE] = {"libfreetype.so.6", PTHREAD_ONCE_INIT, NULL, ""},
    [PICKERS_NATIVE_HARFBUZZ] = {"libharfbuzz.so.0", PTHREAD_ONCE_INIT, NULL, ""},
    [PICKERS_NATIVE_PNG] = {"libpng16.so.16", PTHREAD_ONCE_INIT, NULL, ""},
    [PICKERS_NATIVE_FRIBIDI] = {"libfribidi.so.0", PTHREAD_ONCE_INIT, NULL, ""},
    [PICKERS_NATIVE_ICU] = {"libicuuc.so." PICKERS_STRING(U_ICU_VERSION_MAJOR_NUM),
                            PTHREAD_ONCE_INIT, NULL, ""},
    [PICKERS_NATIVE_DEFLATE] = {"libdeflate.so.0", PTHREAD_ONCE_INIT, NULL, ""},
    [PICKERS_NATIVE_GIO] = {"libgio-2.0.so.0", PTHREAD_ONCE_INIT, NULL, ""},
};

static void *handle_of(int index);

// Which of the five each one needs (Debian links fontconfig to FreeType, FreeType to libpng,
// HarfBuzz to FreeType), -1 for none. They are opened first, each by its own dlopen: a library
// loaded only as another's dependency and dlopened afterwards makes glibc replace its
// dependency list, and in a process with threads (font specimen) the old list is never freed
// (elf/dl-deps.c, _dl_scope_free; valgrind: "definitely lost" in _dl_map_object_deps).
static const int dependencies[PICKERS_NATIVE_LIBRARY_COUNT] = {
    [PICKERS_NATIVE_FONTCONFIG] = PICKERS_NATIVE_FREETYPE,
    [PICKERS_NATIVE_FREETYPE] = PICKERS_NATIVE_PNG,
    [PICKERS_NATIVE_HARFBUZZ] = PICKERS_NATIVE_FREETYPE,
    [PICKERS_NATIVE_PNG] = -1,
    [PICKERS_NATIVE_FRIBIDI] = -1,
    [PICKERS_NATIVE_ICU] = -1,
    [PICKERS_NATIVE_DEFLATE] = -1,
    [PICKERS_NATIVE_GIO] = -1,
};

// pthread_once takes no argument: one function per library.
static void open_library(Library *library) {
  int dependency = dependencies[library - libraries];
  if (dependency >= 0) (void)handle_of(dependency);  // a failure shows again just below
  // RTLD_LAZY: the library's own calls are bound as they happen (Debian builds most of these
  // with BIND_NOW, which wins); RTLD_LOCAL: nothing else in the process binds to its symbols.
  void *handle = dlopen(library->soname, RTLD_LAZY | RTLD_LOCAL);
  if (handle == NULL) {
    const char *reason = dlerror();
    snprintf(library->reason, sizeof library->reason, "%s", reason ? reason : "not found");
  }
  library->handle = handle;
}
static void open_fontconfig(void) { open_library(&libraries[PICKERS_NATIVE_FONTCONFIG]); }
static void open_freetype(void) { open_library(&libraries[PICKERS_NATIVE_FREETYPE]); }
static void open_harfbuzz(void) { open_library(&libraries[PICKERS_NATIVE_HARFBUZZ]); }
static void open_png(void) { open_library(&libraries[PICKERS_NATIVE_PNG]); }
static void open_fribidi(void) { open_library(&libraries[PICKERS_NATIVE_FRIBIDI]); }
static void open_icu(void) { open_library(&libraries[PICKERS_NATIVE_ICU]); }
static void open_deflate(void) { open_library(&libraries[PICKERS_NATIVE_DEFLATE]); }
static void open_gio(void) { open_library(&libraries[PICKERS_NATIVE_GIO]); }
static void (*const openers[PICKERS_NATIVE_LIBRARY_COUNT])(void) = {
    open_fontconfig, open_freetype, open_harfbuzz, open_png, open_fribidi, open_icu, open_deflate,
    open_gio,
};

static Library *library_at(int library) {
  if (library < 0 || library >= PICKERS_NATIVE_LIBRARY_COUNT) return NULL;
  return &libraries[library];
}

// The handle, loading the library the first time; NULL when it cannot be loaded.
static void *handle_of(int index) {
  Library *library = library_at(index);
  if (library == NULL) return NULL;
  pthread_once(&library->once, openers[index]);
  return library->handle;
}

const char *pickers_native_library_soname(int library) {
  Library *entry = library_at(library);
  return entry ? entry->soname : NULL;
}

int pickers_native_library_load(int index, char *reason, size_t size) {
  if (handle_of(index) != NULL) return 1;
  if (reason != NULL && size > 0) {
    Library *library = library_at(index);
    snprintf(reason, size, "%s", library ? library->reason : "no such library");
  }
  return 0;
}

const char *pickers_native_library_path(int index) {
  void *handle = handle_of(index);
  if (handle == NULL) return NULL;
  struct link_map *map = NULL;
  if (dlinfo(handle, RTLD_DI_LINKMAP, &map) != 0 || map == NULL) return NULL;
  return map->l_name;
}

int pickers_native_library_is_loaded(int index) {
  Library *library = library_at(index);
  if (library == NULL) return 0;
  void *handle = dlopen(library->soname, RTLD_LAZY | RTLD_NOLOAD);
  if (handle == NULL) return 0;
  dlclose(handle);  // RTLD_NOLOAD took a reference: give it back
  return 1;
}

const char *const *pickers_native_library_function_names(int library, size_t *count) {
  switch (library) {
    case PICKERS_NATIVE_FONTCONFIG: return pickers_native_fontconfig_names(count);
    case PICKERS_NATIVE_FREETYPE: return pickers_native_freetype_names(count);
    case PICKERS_NATIVE_HARFBUZZ: return pickers_native_harfbuzz_names(count);
    case PICKERS_NATIVE_PNG: return pickers_native_png_names(count);
    case PICKERS_NATIVE_FRIBIDI: return pickers_native_fribidi_names(count);
    default: *count = 0; return NULL;
  }
}

void *pickers_native_library_symbol(int library, const char *name) {
  void *handle = handle_of(library);
  return handle == NULL ? NULL : dlsym(handle, name);
}

// ICU renames every function after its major version (ubrk_open is ubrk_open_72).
#define PICKERS_ICU_NAME(name) PICKERS_STRING(U_ICU_ENTRY_POINT_RENAME(name))

int pickers_native_icu_line_break(PickersICULineBreak *functions) {
  int icu = PICKERS_NATIVE_ICU;
  *(void **)&functions->open = pickers_native_library_symbol(icu, PICKERS_ICU_NAME(ubrk_open));
  *(void **)&functions->next = pickers_native_library_symbol(icu, PICKERS_ICU_NAME(ubrk_next));
  *(void **)&functions->ruleStatus =
      pickers_native_library_symbol(icu, PICKERS_ICU_NAME(ubrk_getRuleStatus));
  *(void **)&functions->close = pickers_native_library_symbol(icu, PICKERS_ICU_NAME(ubrk_close));
  return functions->open && functions->next && functions->ruleStatus && functions->close;
}

// Ends the process the way the dynamic loader does when a needed library is missing, but with
// pickers' own form of message. Only write(2) and _exit: this may run on any thread.
static void fail(const char *first, const char *second, const char *third, const char *fourth) {
  const char *parts[] = {"pickers: ", first, second, third, fourth, "\n"};
  for (size_t index = 0; index < sizeof parts / sizeof parts[0]; index++) {
    const char *text = parts[index];
    size_t length = strlen(text);
    while (length > 0) {
      ssize_t written = write(STDERR_FILENO, text, length);
      if (written <= 0) break;
      text += written;
      length -= (size_t)written;
    }
  }
  _exit(1);
}

void *pickers_native_resolve(int index, _Atomic(void *) *slot, const char *name) {
  void *handle = handle_of(index);
  Library *library = &libraries[index];
  if (handle == NULL) fail("cannot load ", library->soname, ": ", library->reason);
  void *function = dlsym(handle, name);
  if (function == NULL) fail(library->soname, " has no function ", name, "");
  atomic_store_explicit(slot, function, memory_order_release);
  return function;
}
