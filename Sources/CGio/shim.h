// GIO's GDBus for the desktop portal's Screenshot.PickColor and for notifications
// (pickers-sample).
#include <gio/gio.h>
#include <signal.h>
#include <sys/prctl.h>

// prctl is variadic, which Swift cannot call: the sampler asks to get SIGTERM when the process
// that started it ends (pickers or the color window, however it ends).
static inline int cgio_end_with_parent(void) { return prctl(PR_SET_PDEATHSIG, SIGTERM); }
