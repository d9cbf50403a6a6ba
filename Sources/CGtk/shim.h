#include <gtk/gtk.h>
#include <signal.h>
#include <sys/prctl.h>

// prctl is variadic, which Swift cannot call: the helper asks to get SIGTERM when the process
// that started it ends (pickers, however it ends).
static inline int cgtk_end_with_parent(void) { return prctl(PR_SET_PDEATHSIG, SIGTERM); }

// GTK's type casts (GTK_WIDGET(), GTK_WINDOW(), ...) are macros that check the instance's type
// at run time; Swift cannot call them, so each one the helper uses gets a function here.
static inline GtkWidget *cgtk_widget(gpointer instance) { return GTK_WIDGET(instance); }
static inline GtkWindow *cgtk_window(gpointer instance) { return GTK_WINDOW(instance); }
static inline GtkBox *cgtk_box(gpointer instance) { return GTK_BOX(instance); }
static inline GtkGrid *cgtk_grid(gpointer instance) { return GTK_GRID(instance); }
static inline GtkLabel *cgtk_label(gpointer instance) { return GTK_LABEL(instance); }
static inline GtkButton *cgtk_button(gpointer instance) { return GTK_BUTTON(instance); }
static inline GtkToggleButton *cgtk_toggle_button(gpointer instance) {
  return GTK_TOGGLE_BUTTON(instance);
}
static inline GtkRange *cgtk_range(gpointer instance) { return GTK_RANGE(instance); }
static inline GtkScale *cgtk_scale(gpointer instance) { return GTK_SCALE(instance); }
static inline GtkSpinButton *cgtk_spin_button(gpointer instance) {
  return GTK_SPIN_BUTTON(instance);
}
static inline GtkEditable *cgtk_editable(gpointer instance) { return GTK_EDITABLE(instance); }
static inline GtkEntry *cgtk_entry(gpointer instance) { return GTK_ENTRY(instance); }
static inline GtkDrawingArea *cgtk_drawing_area(gpointer instance) {
  return GTK_DRAWING_AREA(instance);
}
static inline GtkPicture *cgtk_picture(gpointer instance) { return GTK_PICTURE(instance); }
static inline GtkScrolledWindow *cgtk_scrolled_window(gpointer instance) {
  return GTK_SCROLLED_WINDOW(instance);
}
static inline GtkListView *cgtk_list_view(gpointer instance) { return GTK_LIST_VIEW(instance); }
static inline GtkListItem *cgtk_list_item(gpointer instance) { return GTK_LIST_ITEM(instance); }
static inline GtkDropDown *cgtk_drop_down(gpointer instance) { return GTK_DROP_DOWN(instance); }
static inline GtkStringObject *cgtk_string_object(gpointer instance) {
  return GTK_STRING_OBJECT(instance);
}
static inline GtkEventController *cgtk_event_controller(gpointer instance) {
  return GTK_EVENT_CONTROLLER(instance);
}
static inline GtkNative *cgtk_native(gpointer instance) { return GTK_NATIVE(instance); }
static inline GtkRoot *cgtk_root(gpointer instance) { return GTK_ROOT(instance); }
static inline GListModel *cgtk_list_model(gpointer instance) { return G_LIST_MODEL(instance); }
static inline GtkSelectionModel *cgtk_selection_model(gpointer instance) {
  return GTK_SELECTION_MODEL(instance);
}
static inline GtkSingleSelection *cgtk_single_selection(gpointer instance) {
  return GTK_SINGLE_SELECTION(instance);
}
static inline GtkStringList *cgtk_string_list(gpointer instance) {
  return GTK_STRING_LIST(instance);
}
static inline GtkStyleProvider *cgtk_style_provider(gpointer instance) {
  return GTK_STYLE_PROVIDER(instance);
}
static inline GdkPaintable *cgtk_paintable(gpointer instance) { return GDK_PAINTABLE(instance); }
static inline GObject *cgtk_object(gpointer instance) { return G_OBJECT(instance); }

// gtk_accessible_update_property and gtk_accessible_update_relation are variadic, which Swift
// cannot call: one wrapper per property or relation the windows set.
static inline void cgtk_accessible_set_label(gpointer instance, const char *label) {
  gtk_accessible_update_property(GTK_ACCESSIBLE(instance), GTK_ACCESSIBLE_PROPERTY_LABEL, label,
                                 -1);
}
static inline void cgtk_accessible_set_description(gpointer instance, const char *text) {
  gtk_accessible_update_property(GTK_ACCESSIBLE(instance), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                 text, -1);
}
static inline void cgtk_accessible_set_labelled_by(gpointer instance, gpointer label) {
  gtk_accessible_update_relation(GTK_ACCESSIBLE(instance), GTK_ACCESSIBLE_RELATION_LABELLED_BY,
                                 GTK_ACCESSIBLE(label), NULL, -1);
}
// A drawing area that screen readers announce as a slider (the accessible role is a
// construct-only property, set through the variadic g_object_new) with its value.
static inline GtkWidget *cgtk_drawing_area_new_slider(void) {
  return GTK_WIDGET(g_object_new(GTK_TYPE_DRAWING_AREA, "accessible-role",
                                 GTK_ACCESSIBLE_ROLE_SLIDER, NULL));
}
static inline void cgtk_accessible_set_value(gpointer instance, double now, double min,
                                             double max, const char *text) {
  gtk_accessible_update_property(GTK_ACCESSIBLE(instance), GTK_ACCESSIBLE_PROPERTY_VALUE_MIN, min,
                                 GTK_ACCESSIBLE_PROPERTY_VALUE_MAX, max,
                                 GTK_ACCESSIBLE_PROPERTY_VALUE_NOW, now,
                                 GTK_ACCESSIBLE_PROPERTY_VALUE_TEXT, text, -1);
}
