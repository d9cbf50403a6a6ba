/* The toolkit's floor for a keystroke (issue 32): the least a GTK 4 window does to answer a
 * key typed into a search field, measured by bench/window_map.py beside yad and pickers.
 *
 *   key_floor entry   a window with one GtkEntry
 *   key_floor label   an entry and a label under it that counts the keys typed (its text, so
 *                     its size, changes on each key: a resize queued up to the window, as a
 *                     search that changes a list does)
 *
 * Built by bench/window-map.sh (cc, pkg-config gtk4). The window has the font window's default
 * size and, as pickers-gtk, draws with cairo and no GL context (unless GSK_RENDERER or
 * GDK_DEBUG is set); its main loop is pickers-gtk's too (gtk_init, no GtkApplication).
 */
#include <gtk/gtk.h>
#include <string.h>

static const char *mode = "entry";

static void changed(GtkEditable *editable, gpointer data) {
  static unsigned count;
  char text[32];
  (void)editable;
  g_snprintf(text, sizeof text, "%u", ++count);
  gtk_label_set_text(GTK_LABEL(data), text);
}

static gboolean closed(GtkWindow *window, gpointer done) {
  (void)window;
  *(gboolean *)done = TRUE;
  return FALSE;
}

int main(int argc, char **argv) {
  if (argc > 1) mode = argv[1];
  if (strcmp(mode, "entry") != 0 && strcmp(mode, "label") != 0) {
    g_printerr("key_floor: unknown mode %s (entry or label)\n", mode);
    return 2;
  }
  /* As pickers-gtk: cairo, no GL context. */
  if (!g_getenv("GSK_RENDERER") && !g_getenv("GDK_DEBUG")) {
    g_setenv("GSK_RENDERER", "cairo", TRUE);
    g_setenv("GDK_DEBUG", "gl-disable", TRUE);
  }
  gtk_init();
  GtkWidget *window = gtk_window_new();
  gtk_window_set_title(GTK_WINDOW(window), "key floor");
  gtk_window_set_default_size(GTK_WINDOW(window), 900, 560);
  GtkWidget *box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 10);
  GtkWidget *entry = gtk_entry_new();
  gtk_box_append(GTK_BOX(box), entry);
  if (strcmp(mode, "entry") != 0) {
    GtkWidget *label = gtk_label_new("0");
    gtk_widget_set_halign(label, GTK_ALIGN_START);
    g_signal_connect(entry, "changed", G_CALLBACK(changed), label);
    gtk_box_append(GTK_BOX(box), label);
  }
  gtk_window_set_child(GTK_WINDOW(window), box);
  gboolean done = FALSE;
  g_signal_connect(window, "close-request", G_CALLBACK(closed), &done);
  gtk_window_present(GTK_WINDOW(window));
  gtk_widget_grab_focus(entry);
  while (!done) g_main_context_iteration(NULL, TRUE);
  return 0;
}
