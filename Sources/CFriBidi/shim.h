#ifndef PICKERS_CFRIBIDI_SHIM_H
#define PICKERS_CFRIBIDI_SHIM_H
#include <fribidi.h>
#endif
