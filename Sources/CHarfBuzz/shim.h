#ifndef PICKERS_CHARFBUZZ_SHIM_H
#define PICKERS_CHARFBUZZ_SHIM_H
#include <hb.h>
#include <hb-ft.h>
#include <hb-ot.h>
#endif
