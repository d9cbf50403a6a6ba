// The desktop portal's appearance settings (org.freedesktop.portal.Settings), read through
// GIO's GDBus loaded with dlopen on first use (the loader's PICKERS_NATIVE_GIO), so that pickers
// links no GLib at start and a machine without GIO only loses the portal's answer. GIO's headers
// are not included (they need GLib's include folders, which a package depending on pickers by
// version cannot add): the few types used are declared here as GIO's stable ABI has them.
#include "loader.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  uint32_t domain;
  int code;
  char *message;
} PickersGError;  // GError

typedef void (*PickersSignalCallback)(void *connection, const char *sender, const char *path,
                                      const char *interface, const char *signal,
                                      void *parameters, void *user_data);

// GDBusConnectionFlags: AUTHENTICATION_CLIENT | MESSAGE_BUS_CONNECTION.
enum { PICKERS_CONNECTION_FLAGS = (1 << 0) | (1 << 3) };

typedef struct {
  void *(*connection_new_for_address_sync)(const char *, int, void *, void *, PickersGError **);
  void *(*call_sync)(void *, const char *, const char *, const char *, const char *, void *,
                     void *, int, int, void *, PickersGError **);
  unsigned (*signal_subscribe)(void *, const char *, const char *, const char *, const char *,
                               const char *, int, PickersSignalCallback, void *, void *);
  void (*signal_unsubscribe)(void *, unsigned);
  void *(*variant_new)(const char *, ...);
  void *(*variant_get_child_value)(void *, size_t);
  void *(*variant_get_variant)(void *);
  const char *(*variant_get_type_string)(void *);
  const char *(*variant_get_string)(void *, size_t *);
  uint32_t (*variant_get_uint32)(void *);
  double (*variant_get_double)(void *);
  void (*variant_unref)(void *);
  void (*error_free)(PickersGError *);
  void (*object_unref)(void *);
  void *(*main_context_new)(void);
  void (*main_context_push_thread_default)(void *);
  void (*main_context_pop_thread_default)(void *);
  int (*main_context_iteration)(void *, int);
  void (*main_context_wakeup)(void *);
  void (*main_context_unref)(void *);
} GIOFunctions;

static GIOFunctions gio;
static pthread_once_t gio_once = PTHREAD_ONCE_INIT;
static int gio_ready;

static void resolve_gio(void) {
  int library = PICKERS_NATIVE_GIO;
#define PICKERS_GIO(field, name)                                              \
  *(void **)&gio.field = pickers_native_library_symbol(library, #name);       \
  if (gio.field == NULL) return;
  PICKERS_GIO(connection_new_for_address_sync, g_dbus_connection_new_for_address_sync)
  PICKERS_GIO(call_sync, g_dbus_connection_call_sync)
  PICKERS_GIO(signal_subscribe, g_dbus_connection_signal_subscribe)
  PICKERS_GIO(signal_unsubscribe, g_dbus_connection_signal_unsubscribe)
  PICKERS_GIO(variant_new, g_variant_new)
  PICKERS_GIO(variant_get_child_value, g_variant_get_child_value)
  PICKERS_GIO(variant_get_variant, g_variant_get_variant)
  PICKERS_GIO(variant_get_type_string, g_variant_get_type_string)
  PICKERS_GIO(variant_get_string, g_variant_get_string)
  PICKERS_GIO(variant_get_uint32, g_variant_get_uint32)
  PICKERS_GIO(variant_get_double, g_variant_get_double)
  PICKERS_GIO(variant_unref, g_variant_unref)
  PICKERS_GIO(error_free, g_error_free)
  PICKERS_GIO(object_unref, g_object_unref)
  PICKERS_GIO(main_context_new, g_main_context_new)
  PICKERS_GIO(main_context_push_thread_default, g_main_context_push_thread_default)
  PICKERS_GIO(main_context_pop_thread_default, g_main_context_pop_thread_default)
  PICKERS_GIO(main_context_iteration, g_main_context_iteration)
  PICKERS_GIO(main_context_wakeup, g_main_context_wakeup)
  PICKERS_GIO(main_context_unref, g_main_context_unref)
#undef PICKERS_GIO
  gio_ready = 1;
}

static int load_gio(char *reason, size_t size) {
  if (!pickers_native_library_load(PICKERS_NATIVE_GIO, reason, size)) return 0;
  pthread_once(&gio_once, resolve_gio);
  if (!gio_ready) snprintf(reason, size, "libgio-2.0.so.0 lacks a GDBus function");
  return gio_ready;
}

static void take_error(PickersGError *error, char *reason, size_t size) {
  snprintf(reason, size, "%s", error && error->message ? error->message : "unknown error");
  if (error) gio.error_free(error);
}

static void *connect_to(const char *address, char *reason, size_t size) {
  PickersGError *error = NULL;
  void *connection =
      gio.connection_new_for_address_sync(address, PICKERS_CONNECTION_FLAGS, NULL, NULL, &error);
  if (connection == NULL) take_error(error, reason, size);
  return connection;
}

// A Read reply's value: the portal wraps it in one variant, older versions in two.
static void *unwrapped(void *value) {
  while (strcmp(gio.variant_get_type_string(value), "v") == 0) {
    void *inner = gio.variant_get_variant(value);
    gio.variant_unref(value);
    value = inner;
  }
  return value;
}

// Reads one key of org.freedesktop.appearance; NULL (and `*missing` 1 when the portal answered
// that it has no such setting) on failure.
static void *read_setting(void *connection, const char *key, int timeout, int *missing,
                          char *reason, size_t size) {
  PickersGError *error = NULL;
  void *reply = gio.call_sync(
      connection, "org.freedesktop.portal.Desktop", "/org/freedesktop/portal/desktop",
      "org.freedesktop.portal.Settings", "Read",
      gio.variant_new("(ss)", "org.freedesktop.appearance", key), NULL, 0, timeout, NULL, &error);
  if (reply == NULL) {
    // org.freedesktop.portal.Error.NotFound: the portal runs but has no such setting.
    *missing = error && error->message && strstr(error->message, "NotFound") != NULL;
    take_error(error, reason, size);
    return NULL;
  }
  void *value = unwrapped(gio.variant_get_child_value(reply, 0));
  gio.variant_unref(reply);
  return value;
}

int pickers_portal_read_appearance(const char *address, int timeout,
                                   PickersPortalAppearance *answer, char *reason,
                                   size_t size) {
  memset(answer, 0, sizeof *answer);
  if (!load_gio(reason, size)) return 0;
  void *connection = connect_to(address, reason, size);
  if (connection == NULL) return 0;
  int missing = 0;
  void *scheme = read_setting(connection, "color-scheme", timeout, &missing, reason, size);
  int answered = scheme != NULL || missing;
  if (scheme != NULL) {
    if (strcmp(gio.variant_get_type_string(scheme), "u") == 0) {
      answer->has_color_scheme = 1;
      answer->color_scheme = gio.variant_get_uint32(scheme);
    }
    gio.variant_unref(scheme);
  }
  if (answered) {
    char ignored[256];
    void *accent = read_setting(connection, "accent-color", timeout, &missing, ignored,
                                sizeof ignored);
    if (accent != NULL) {
      if (strcmp(gio.variant_get_type_string(accent), "(ddd)") == 0) {
        answer->has_accent_color = 1;
        for (size_t index = 0; index < 3; index++) {
          void *channel = gio.variant_get_child_value(accent, index);
          answer->accent_color[index] = gio.variant_get_double(channel);
          gio.variant_unref(channel);
        }
      }
      gio.variant_unref(accent);
    }
  }
  gio.object_unref(connection);
  return answered;
}

struct PickersPortalWatch {
  pthread_t thread;
  void *context;     // GMainContext, owned
  void *connection;  // GDBusConnection, owned
  unsigned subscription;
  atomic_int stopping;
  PickersPortalChanged changed;
  void *user_data;
};

static void setting_changed(void *connection, const char *sender, const char *path,
                            const char *interface, const char *signal, void *parameters,
                            void *user_data) {
  (void)connection, (void)sender, (void)path, (void)interface, (void)signal;
  struct PickersPortalWatch *watch = user_data;
  void *namespace = gio.variant_get_child_value(parameters, 0);
  int ours = strcmp(gio.variant_get_string(namespace, NULL), "org.freedesktop.appearance") == 0;
  gio.variant_unref(namespace);
  if (ours) watch->changed(watch->user_data);
}

static void *run_watch(void *argument) {
  struct PickersPortalWatch *watch = argument;
  gio.main_context_push_thread_default(watch->context);
  while (!atomic_load(&watch->stopping)) gio.main_context_iteration(watch->context, 1);
  gio.main_context_pop_thread_default(watch->context);
  return NULL;
}

PickersPortalWatch *pickers_portal_watch(const char *address, PickersPortalChanged changed,
                                         void *user_data, char *reason, size_t size) {
  if (!load_gio(reason, size)) return NULL;
  struct PickersPortalWatch *watch = calloc(1, sizeof *watch);
  if (watch == NULL) {
    snprintf(reason, size, "out of memory");
    return NULL;
  }
  watch->changed = changed;
  watch->user_data = user_data;
  watch->context = gio.main_context_new();
  // The subscription's callbacks run in the thread-default context when it is made.
  gio.main_context_push_thread_default(watch->context);
  watch->connection = connect_to(address, reason, size);
  if (watch->connection != NULL) {
    watch->subscription = gio.signal_subscribe(
        watch->connection, NULL, "org.freedesktop.portal.Settings", "SettingChanged",
        "/org/freedesktop/portal/desktop", "org.freedesktop.appearance", 0, setting_changed,
        watch, NULL);
    // Subscribing sends the bus its match rule without waiting. A call answered by the bus
    // itself, on the same connection, returns only after the bus has read that rule: a change
    // made once this function has returned is never missed.
    PickersGError *error = NULL;
    void *reply = gio.call_sync(watch->connection, "org.freedesktop.DBus", "/org/freedesktop/DBus",
                                "org.freedesktop.DBus", "GetId", NULL, NULL, 0, 5000, NULL, &error);
    if (reply != NULL) gio.variant_unref(reply);
    if (error != NULL) gio.error_free(error);
  }
  gio.main_context_pop_thread_default(watch->context);
  if (watch->connection == NULL) {
    gio.main_context_unref(watch->context);
    free(watch);
    return NULL;
  }
  int failed = pthread_create(&watch->thread, NULL, run_watch, watch);
  if (failed) {
    snprintf(reason, size, "pthread_create failed: %s", strerror(failed));
    gio.signal_unsubscribe(watch->connection, watch->subscription);
    gio.object_unref(watch->connection);
    gio.main_context_unref(watch->context);
    free(watch);
    return NULL;
  }
  return watch;
}

void pickers_portal_unwatch(PickersPortalWatch *watch) {
  if (watch == NULL) return;
  atomic_store(&watch->stopping, 1);
  gio.main_context_wakeup(watch->context);
  pthread_join(watch->thread, NULL);
  gio.signal_unsubscribe(watch->connection, watch->subscription);
  gio.object_unref(watch->connection);
  // Dispatch what unsubscribing queued (its free notifications) before the context goes.
  while (gio.main_context_iteration(watch->context, 0)) {
  }
  gio.main_context_unref(watch->context);
  free(watch);
}

// The `version` property of `interface` on the portal's object; 0 when it cannot be read.
static uint32_t interface_version(void *connection, const char *interface, int timeout) {
  PickersGError *error = NULL;
  void *reply = gio.call_sync(
      connection, "org.freedesktop.portal.Desktop", "/org/freedesktop/portal/desktop",
      "org.freedesktop.DBus.Properties", "Get", gio.variant_new("(ss)", interface, "version"),
      NULL, 0, timeout, NULL, &error);
  if (reply == NULL) {
    if (error) gio.error_free(error);
    return 0;
  }
  void *value = unwrapped(gio.variant_get_child_value(reply, 0));
  gio.variant_unref(reply);
  uint32_t version =
      strcmp(gio.variant_get_type_string(value), "u") == 0 ? gio.variant_get_uint32(value) : 0;
  gio.variant_unref(value);
  return version;
}

// The part of introspection `xml` that describes `interface`, as [start, end); NULL if absent.
static const char *interface_section(const char *xml, const char *interface, const char **end) {
  char opening[128];
  snprintf(opening, sizeof opening, "<interface name=\"%s\"", interface);
  const char *start = strstr(xml, opening);
  if (start == NULL) return NULL;
  const char *close = strstr(start, "</interface>");
  *end = close ? close : start + strlen(start);
  return start;
}

int pickers_portal_probe(const char *address, int timeout, PickersPortalProbe *probe,
                         char *reason, size_t size) {
  memset(probe, 0, sizeof *probe);
  if (!load_gio(reason, size)) return 0;
  void *connection = connect_to(address, reason, size);
  if (connection == NULL) return 0;
  PickersGError *error = NULL;
  void *reply = gio.call_sync(
      connection, "org.freedesktop.portal.Desktop", "/org/freedesktop/portal/desktop",
      "org.freedesktop.DBus.Introspectable", "Introspect", NULL, NULL, 0, timeout, NULL, &error);
  if (reply == NULL) {
    take_error(error, reason, size);
    gio.object_unref(connection);
    return 1;
  }
  probe->answered = 1;
  void *text = gio.variant_get_child_value(reply, 0);
  const char *xml = gio.variant_get_string(text, NULL);
  const char *end = NULL;
  const char *screenshot = interface_section(xml, "org.freedesktop.portal.Screenshot", &end);
  if (screenshot != NULL) {
    probe->has_screenshot = 1;
    const char *method = strstr(screenshot, "<method name=\"PickColor\"");
    probe->has_pick_color = method != NULL && method < end;
  }
  probe->has_settings = interface_section(xml, "org.freedesktop.portal.Settings", &end) != NULL;
  gio.variant_unref(text);
  gio.variant_unref(reply);
  if (probe->has_screenshot) {
    probe->screenshot_version =
        interface_version(connection, "org.freedesktop.portal.Screenshot", timeout);
  }
  if (probe->has_settings) {
    probe->settings_version =
        interface_version(connection, "org.freedesktop.portal.Settings", timeout);
    int missing = 0;
    char ignored[256];
    void *scheme =
        read_setting(connection, "color-scheme", timeout, &missing, ignored, sizeof ignored);
    if (scheme != NULL) {
      if (strcmp(gio.variant_get_type_string(scheme), "u") == 0) {
        probe->has_color_scheme = 1;
        probe->color_scheme = gio.variant_get_uint32(scheme);
      }
      gio.variant_unref(scheme);
    }
  }
  gio.object_unref(connection);
  return 1;
}
