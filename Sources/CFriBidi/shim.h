#ifndef PICKERS_CFRIBIDI_SHIM_H
#define PICKERS_CFRIBIDI_SHIM_H
#include <fribidi/fribidi.h>
#endif
