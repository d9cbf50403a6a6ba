#ifndef PICKERS_CPNG_SHIM_H
#define PICKERS_CPNG_SHIM_H
// libpng's header: the declarations CNativeLibraries' png.c wrappers are checked against, and
// that CPNGClassic (the only code that calls libpng) includes. Swift does not import it.
#include <png.h>
#endif
