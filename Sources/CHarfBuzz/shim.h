#ifndef PICKERS_CHARFBUZZ_SHIM_H
#define PICKERS_CHARFBUZZ_SHIM_H
#include <harfbuzz/hb.h>
#include <harfbuzz/hb-ft.h>
#include <harfbuzz/hb-ot.h>
#endif
