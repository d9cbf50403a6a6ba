/* The floor of a cold catalog answer: what any program answering from fontconfig's parsed
 * configuration must do, and nothing else (bench/configurations.py compares it with fc-list and
 * fc-match). No argument: the families, as `fc-list : family` prints them; a pattern: its
 * match's family, after the configuration's and the default substitutions, as fc-match.
 *
 * The configuration is parsed with FcConfigParseAndLoad(NULL) (FONTCONFIG_FILE), as pickers
 * parses it, not with FcInitLoadConfig, which also reads every template in conf.avail.
 */
#include <fontconfig/fontconfig.h>
#include <stdio.h>

int main(int argc, char **argv) {
  FcConfig *config = FcConfigCreate();
  if (!config || !FcConfigParseAndLoad(config, NULL, FcTrue) || !FcConfigBuildFonts(config))
    return 1;
  FcChar8 *family;
  if (argc > 1) {
    FcPattern *pattern = FcNameParse((const FcChar8 *)argv[1]);
    if (!pattern) return 1;
    FcConfigSubstitute(config, pattern, FcMatchPattern);
    FcDefaultSubstitute(pattern);
    FcResult result;
    FcPattern *match = FcFontMatch(config, pattern, &result);
    if (match && FcPatternGetString(match, FC_FAMILY, 0, &family) == FcResultMatch)
      puts((const char *)family);
    if (match) FcPatternDestroy(match);
    FcPatternDestroy(pattern);
  } else {
    FcPattern *pattern = FcPatternCreate();
    FcObjectSet *objects = FcObjectSetCreate();
    FcObjectSetAdd(objects, FC_FAMILY);
    FcFontSet *set = FcFontList(config, pattern, objects);
    for (int i = 0; set && i < set->nfont; i++)
      if (FcPatternGetString(set->fonts[i], FC_FAMILY, 0, &family) == FcResultMatch)
        puts((const char *)family);
    if (set) FcFontSetDestroy(set);
    FcObjectSetDestroy(objects);
    FcPatternDestroy(pattern);
  }
  FcConfigDestroy(config); /* fc-list and fc-match end with FcFini, which does the same */
  return 0;
}
