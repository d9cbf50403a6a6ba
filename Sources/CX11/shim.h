// Xlib for the screen sampler (pickers-sample): the pointer grab, root window pixels, the
// magnifier window and the CLIPBOARD selection.
#include <X11/Xlib.h>
#include <X11/Xatom.h>
#include <X11/Xutil.h>
#include <X11/cursorfont.h>
#include <X11/keysym.h>

// XGetPixel and XDestroyImage are macros that call through the image's function table.
static inline unsigned long cx11_get_pixel(XImage *image, int x, int y) {
  return XGetPixel(image, x, y);
}
static inline void cx11_destroy_image(XImage *image) { XDestroyImage(image); }
// XPutPixel is a macro too.
static inline void cx11_put_pixel(XImage *image, int x, int y, unsigned long pixel) {
  XPutPixel(image, x, y, pixel);
}
