#ifndef PICKERS_CFONTCONFIG_SHIM_H
#define PICKERS_CFONTCONFIG_SHIM_H
#include <fontconfig/fontconfig.h>
#endif
