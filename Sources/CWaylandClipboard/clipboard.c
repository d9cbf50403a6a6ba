// The Wayland clipboard's connection (see include/wayland_clipboard.h). The two data-control
// protocols are the same on the wire under different names, so each step below has one branch
// per protocol and shares the rest.

#include "wayland_clipboard.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <wayland-client.h>

#include "generated/ext-data-control-v1-client-protocol.h"
#include "generated/wlr-data-control-unstable-v1-client-protocol.h"

struct pickers_wl_clipboard {
  struct wl_display *display;
  struct wl_registry *registry;
  struct wl_seat *seat;
  struct ext_data_control_manager_v1 *ext_manager;
  struct zwlr_data_control_manager_v1 *wlr_manager;
  struct ext_data_control_device_v1 *ext_device;
  struct zwlr_data_control_device_v1 *wlr_device;
  struct ext_data_control_source_v1 *ext_source;
  struct zwlr_data_control_source_v1 *wlr_source;
  uint8_t *bytes;
  size_t length;
  int owned;  // 1 from set_selection until cancelled or finished
};

// --- The registry: the first seat and the data-control managers.

static void global_added(
  void *data, struct wl_registry *registry, uint32_t name, const char *interface,
  uint32_t version) {
  pickers_wl_clipboard *clipboard = data;
  (void)version;  // version 1 of each interface is all this needs
  if (strcmp(interface, wl_seat_interface.name) == 0 && !clipboard->seat) {
    clipboard->seat = wl_registry_bind(registry, name, &wl_seat_interface, 1);
  } else if (strcmp(interface, ext_data_control_manager_v1_interface.name) == 0) {
    clipboard->ext_manager =
      wl_registry_bind(registry, name, &ext_data_control_manager_v1_interface, 1);
  } else if (strcmp(interface, zwlr_data_control_manager_v1_interface.name) == 0) {
    clipboard->wlr_manager =
      wl_registry_bind(registry, name, &zwlr_data_control_manager_v1_interface, 1);
  }
}

static void global_removed(void *data, struct wl_registry *registry, uint32_t name) {
  (void)data, (void)registry, (void)name;
}

static const struct wl_registry_listener registry_listener = {global_added, global_removed};

// --- The source: pastes and the end of ownership.

/// Writes the selection to the pipe a paste handed over, then closes it. A reader that leaves
/// early ends the write (EPIPE; SIGPIPE is ignored by the caller); one that stops reading for
/// 5 s is given up on, so no paste can keep the server past its time.
static void send_bytes(pickers_wl_clipboard *clipboard, int32_t fd) {
  int flags = fcntl(fd, F_GETFL);
  if (flags >= 0) fcntl(fd, F_SETFL, flags | O_NONBLOCK);
  size_t written = 0;
  while (written < clipboard->length) {
    ssize_t count = write(fd, clipboard->bytes + written, clipboard->length - written);
    if (count < 0 && errno == EINTR) continue;
    if (count < 0 && errno == EAGAIN) {
      struct pollfd descriptor = {.fd = fd, .events = POLLOUT};
      int ready = poll(&descriptor, 1, 5000);
      if (ready == 0 || (ready < 0 && errno != EINTR)) break;
      continue;
    }
    if (count <= 0) break;
    written += (size_t)count;
  }
  close(fd);
}

static void ext_send(
  void *data, struct ext_data_control_source_v1 *source, const char *mime_type, int32_t fd) {
  (void)source, (void)mime_type;
  send_bytes(data, fd);
}

static void ext_cancelled(void *data, struct ext_data_control_source_v1 *source) {
  (void)source;
  ((pickers_wl_clipboard *)data)->owned = 0;
}

static const struct ext_data_control_source_v1_listener ext_source_listener = {
  ext_send, ext_cancelled};

static void wlr_send(
  void *data, struct zwlr_data_control_source_v1 *source, const char *mime_type, int32_t fd) {
  (void)source, (void)mime_type;
  send_bytes(data, fd);
}

static void wlr_cancelled(void *data, struct zwlr_data_control_source_v1 *source) {
  (void)source;
  ((pickers_wl_clipboard *)data)->owned = 0;
}

static const struct zwlr_data_control_source_v1_listener wlr_source_listener = {
  wlr_send, wlr_cancelled};

// --- The device: offers are not read; each is destroyed by the selection event that names it
// (data_offer introduces it, then its MIME types come, then selection or primary_selection
// hands it over). Not in data_offer: libwayland-client 1.21 (Debian 12) drops the queued
// selection event's argument once its proxy is destroyed without releasing the event's
// reference to it, so each offer destroyed early stayed allocated (valgrind: 80 bytes per
// selection change, "definitely lost" from wl_display_read_events). The device's end ends the
// serving.

static void ext_data_offer(
  void *data, struct ext_data_control_device_v1 *device, struct ext_data_control_offer_v1 *offer) {
  (void)data, (void)device, (void)offer;
}

static void ext_selection(
  void *data, struct ext_data_control_device_v1 *device, struct ext_data_control_offer_v1 *offer) {
  (void)data, (void)device;
  if (offer) ext_data_control_offer_v1_destroy(offer);
}

static void ext_finished(void *data, struct ext_data_control_device_v1 *device) {
  (void)device;
  ((pickers_wl_clipboard *)data)->owned = 0;
}

static const struct ext_data_control_device_v1_listener ext_device_listener = {
  ext_data_offer, ext_selection, ext_finished, ext_selection};

static void wlr_data_offer(
  void *data, struct zwlr_data_control_device_v1 *device,
  struct zwlr_data_control_offer_v1 *offer) {
  (void)data, (void)device, (void)offer;
}

static void wlr_selection(
  void *data, struct zwlr_data_control_device_v1 *device,
  struct zwlr_data_control_offer_v1 *offer) {
  (void)data, (void)device;
  if (offer) zwlr_data_control_offer_v1_destroy(offer);
}

static void wlr_finished(void *data, struct zwlr_data_control_device_v1 *device) {
  (void)device;
  ((pickers_wl_clipboard *)data)->owned = 0;
}

static const struct zwlr_data_control_device_v1_listener wlr_device_listener = {
  wlr_data_offer, wlr_selection, wlr_finished, wlr_selection};

// --- The interface.

pickers_wl_clipboard *pickers_wl_clipboard_connect(pickers_wl_failure *failure) {
  *failure = PICKERS_WL_FAILURE_NONE;
  pickers_wl_clipboard *clipboard = calloc(1, sizeof *clipboard);
  if (!clipboard) {
    *failure = PICKERS_WL_FAILURE_CONNECT;
    return NULL;
  }
  clipboard->display = wl_display_connect(NULL);
  if (!clipboard->display) {
    int saved = errno;
    free(clipboard);
    errno = saved;
    *failure = PICKERS_WL_FAILURE_CONNECT;
    return NULL;
  }
  clipboard->registry = wl_display_get_registry(clipboard->display);
  wl_registry_add_listener(clipboard->registry, &registry_listener, clipboard);
  if (wl_display_roundtrip(clipboard->display) < 0) {
    *failure = PICKERS_WL_FAILURE_PROTOCOL;
  } else if (!clipboard->ext_manager && !clipboard->wlr_manager) {
    // Checked before the seat: a compositor without data-control (GNOME's) needs another path
    // whatever its seats.
    *failure = PICKERS_WL_FAILURE_NO_DATA_CONTROL;
  } else if (!clipboard->seat) {
    *failure = PICKERS_WL_FAILURE_NO_SEAT;
  }
  if (*failure != PICKERS_WL_FAILURE_NONE) {
    pickers_wl_clipboard_close(clipboard);
    return NULL;
  }
  // One protocol is used: the other manager, if any, is let go.
  if (clipboard->ext_manager && clipboard->wlr_manager) {
    zwlr_data_control_manager_v1_destroy(clipboard->wlr_manager);
    clipboard->wlr_manager = NULL;
  }
  return clipboard;
}

pickers_wl_protocol pickers_wl_clipboard_protocol(const pickers_wl_clipboard *clipboard) {
  return clipboard->ext_manager ? PICKERS_WL_PROTOCOL_EXT : PICKERS_WL_PROTOCOL_WLR;
}

int pickers_wl_clipboard_set_selection(
  pickers_wl_clipboard *clipboard, const char *const *mime_types, size_t count,
  const uint8_t *bytes, size_t length) {
  if (clipboard->ext_source || clipboard->wlr_source) return 0;  // one selection per connection
  clipboard->bytes = malloc(length ? length : 1);
  if (!clipboard->bytes) return 0;
  memcpy(clipboard->bytes, bytes, length);
  clipboard->length = length;
  if (clipboard->ext_manager) {
    clipboard->ext_device =
      ext_data_control_manager_v1_get_data_device(clipboard->ext_manager, clipboard->seat);
    ext_data_control_device_v1_add_listener(
      clipboard->ext_device, &ext_device_listener, clipboard);
    clipboard->ext_source = ext_data_control_manager_v1_create_data_source(clipboard->ext_manager);
    ext_data_control_source_v1_add_listener(
      clipboard->ext_source, &ext_source_listener, clipboard);
    for (size_t index = 0; index < count; index++) {
      ext_data_control_source_v1_offer(clipboard->ext_source, mime_types[index]);
    }
    ext_data_control_device_v1_set_selection(clipboard->ext_device, clipboard->ext_source);
  } else {
    clipboard->wlr_device =
      zwlr_data_control_manager_v1_get_data_device(clipboard->wlr_manager, clipboard->seat);
    zwlr_data_control_device_v1_add_listener(
      clipboard->wlr_device, &wlr_device_listener, clipboard);
    clipboard->wlr_source =
      zwlr_data_control_manager_v1_create_data_source(clipboard->wlr_manager);
    zwlr_data_control_source_v1_add_listener(
      clipboard->wlr_source, &wlr_source_listener, clipboard);
    for (size_t index = 0; index < count; index++) {
      zwlr_data_control_source_v1_offer(clipboard->wlr_source, mime_types[index]);
    }
    zwlr_data_control_device_v1_set_selection(clipboard->wlr_device, clipboard->wlr_source);
  }
  clipboard->owned = 1;
  if (wl_display_roundtrip(clipboard->display) < 0) return -1;
  return clipboard->owned;
}

int pickers_wl_clipboard_serve(pickers_wl_clipboard *clipboard, int milliseconds) {
  struct wl_display *display = clipboard->display;
  while (wl_display_prepare_read(display) != 0) {
    if (wl_display_dispatch_pending(display) < 0) return -1;
  }
  if (wl_display_flush(display) < 0 && errno != EAGAIN) {
    wl_display_cancel_read(display);
    return -1;
  }
  struct pollfd descriptor = {.fd = wl_display_get_fd(display), .events = POLLIN};
  int ready = poll(&descriptor, 1, milliseconds);
  if (ready > 0) {
    if (wl_display_read_events(display) < 0) return -1;
  } else {
    wl_display_cancel_read(display);
    if (ready < 0 && errno != EINTR) return -1;
  }
  if (wl_display_dispatch_pending(display) < 0) return -1;
  return clipboard->owned;
}

void pickers_wl_clipboard_close(pickers_wl_clipboard *clipboard) {
  if (!clipboard) return;
  if (clipboard->ext_source) ext_data_control_source_v1_destroy(clipboard->ext_source);
  if (clipboard->wlr_source) zwlr_data_control_source_v1_destroy(clipboard->wlr_source);
  if (clipboard->ext_device) ext_data_control_device_v1_destroy(clipboard->ext_device);
  if (clipboard->wlr_device) zwlr_data_control_device_v1_destroy(clipboard->wlr_device);
  if (clipboard->ext_manager) ext_data_control_manager_v1_destroy(clipboard->ext_manager);
  if (clipboard->wlr_manager) zwlr_data_control_manager_v1_destroy(clipboard->wlr_manager);
  if (clipboard->seat) wl_seat_destroy(clipboard->seat);
  if (clipboard->registry) wl_registry_destroy(clipboard->registry);
  if (clipboard->display) {
    wl_display_flush(clipboard->display);
    wl_display_disconnect(clipboard->display);
  }
  free(clipboard->bytes);
  free(clipboard);
}
