#ifndef PICKERS_CFREETYPE_SHIM_H
#define PICKERS_CFREETYPE_SHIM_H
#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_MULTIPLE_MASTERS_H
#include FT_TRUETYPE_TABLES_H
#include FT_SFNT_NAMES_H
#include FT_LCD_FILTER_H
#include FT_SYNTHESIS_H

// FT_LOAD_TARGET_* are function-like macros Swift cannot import.
static inline FT_Int32 cfreetype_load_target_normal(void) { return FT_LOAD_TARGET_NORMAL; }
static inline FT_Int32 cfreetype_load_target_light(void) { return FT_LOAD_TARGET_LIGHT; }
static inline FT_Int32 cfreetype_load_target_mono(void) { return FT_LOAD_TARGET_MONO; }
static inline FT_Int32 cfreetype_load_target_lcd(void) { return FT_LOAD_TARGET_LCD; }
static inline FT_Int32 cfreetype_load_target_lcd_v(void) { return FT_LOAD_TARGET_LCD_V; }
// FT_HAS_COLOR tests a face flag through a macro.
static inline int cfreetype_has_color(FT_Face face) { return FT_HAS_COLOR(face) ? 1 : 0; }
// FT_HAS_MULTIPLE_MASTERS likewise (variable fonts).
static inline int cfreetype_has_multiple_masters(FT_Face face) {
  return FT_HAS_MULTIPLE_MASTERS(face) ? 1 : 0;
}
#endif
