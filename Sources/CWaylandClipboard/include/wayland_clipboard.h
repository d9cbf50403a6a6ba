#ifndef PICKERS_WAYLAND_CLIPBOARD_H
#define PICKERS_WAYLAND_CLIPBOARD_H

// The Wayland clipboard of pickers-sample (issue 29): one connection to the compositor that
// offers text through the data-control protocol (ext-data-control-v1, else wlroots'
// wlr-data-control-unstable-v1), which sets the selection without a window or keyboard focus.
// C only for what libwayland needs in C (listeners, the generated glue); the process around it
// (fork, deadline, report) is Swift's (Sources/pickers-sample/WaylandClipboard.swift).

#include <stddef.h>
#include <stdint.h>

/// A connection, its seat and its data-control manager.
typedef struct pickers_wl_clipboard pickers_wl_clipboard;

/// Which data-control protocol the compositor offers.
typedef enum pickers_wl_protocol {
  PICKERS_WL_PROTOCOL_EXT = 1,  ///< ext_data_control_manager_v1
  PICKERS_WL_PROTOCOL_WLR = 2,  ///< zwlr_data_control_manager_v1
} pickers_wl_protocol;

/// Why pickers_wl_clipboard_connect failed.
typedef enum pickers_wl_failure {
  PICKERS_WL_FAILURE_NONE = 0,
  PICKERS_WL_FAILURE_CONNECT = 1,       ///< no compositor at WAYLAND_DISPLAY (errno set)
  PICKERS_WL_FAILURE_NO_SEAT = 2,       ///< the compositor offers no wl_seat
  PICKERS_WL_FAILURE_NO_DATA_CONTROL = 3,  ///< nor any data-control manager
  PICKERS_WL_FAILURE_PROTOCOL = 4,      ///< the connection broke while asking
} pickers_wl_failure;

/// Connects to the compositor WAYLAND_DISPLAY names and binds the first seat and a data-control
/// manager (ext preferred). NULL on failure, with the reason in *failure.
pickers_wl_clipboard *pickers_wl_clipboard_connect(pickers_wl_failure *failure);

/// The protocol the connection uses.
pickers_wl_protocol pickers_wl_clipboard_protocol(const pickers_wl_clipboard *clipboard);

/// Offers `length` bytes under each of `count` MIME types and makes them the seat's selection.
/// The bytes are copied. Returns 1 when the compositor took it (a round trip later, the source
/// is still the selection), 0 when it was refused or taken at once, -1 on a broken connection.
int pickers_wl_clipboard_set_selection(
  pickers_wl_clipboard *clipboard, const char *const *mime_types, size_t count,
  const uint8_t *bytes, size_t length);

/// Waits up to `milliseconds` for events and answers them (a paste is written to the pipe the
/// compositor hands over). Returns 1 while this client owns the selection, 0 once another client
/// took it (or the seat went away), -1 on a broken connection; EINTR counts as 1.
int pickers_wl_clipboard_serve(pickers_wl_clipboard *clipboard, int milliseconds);

/// Ends the connection and frees everything.
void pickers_wl_clipboard_close(pickers_wl_clipboard *clipboard);

#endif
