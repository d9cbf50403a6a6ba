// GIO's GDBus for the desktop portal's Screenshot.PickColor and for notifications
// (pickers-sample).
#include <gio/gio.h>
