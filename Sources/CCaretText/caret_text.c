// SPDX-License-Identifier: Apache-2.0
#include "caret_text.h"
#include "caret_load.h"

#include <fontconfig/fontconfig.h>
#include <ft2build.h>
#include FT_FREETYPE_H
#include <hb-ft.h>
#include <hb.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unicode/ubidi.h>
#include <unicode/ubrk.h>
#include <unicode/upluralrules.h>
#include <unicode/utypes.h>
#include <unicode/uvernum.h>

// ICU is opened the first time text is segmented or reordered, not linked: an app pays for its
// libraries (about 1.7 MiB resident, mostly their relocated tables) only once it needs them, and
// the plural rules' library (libicui18n, for the check of Caret's own CLDR rules) never in an app.
// Each header names the version it was built against, which the sonames follow.
#define CARET_ICU_UC_FUNCTIONS(X) \
    X(ubrk_open) X(ubrk_setText) X(ubrk_first) X(ubrk_next) X(ubrk_getRuleStatus) X(ubidi_open) X(ubidi_setPara) \
    X(ubidi_getParaLevel) X(ubidi_getLevels) X(ubidi_getBaseDirection)
CARET_DEFINE_LIBRARY_NAMED(icu_uc, CARET_ICU_UC_FUNCTIONS, CARET_LOAD_EXPANDED_NAME, "libicuuc.so." U_ICU_VERSION_SHORT)
#define CARET_ICU_I18N_FUNCTIONS(X) X(uplrules_open) X(uplrules_select) X(uplrules_close)
CARET_DEFINE_LIBRARY_NAMED(
    icu_i18n, CARET_ICU_I18N_FUNCTIONS, CARET_LOAD_EXPANDED_NAME, "libicui18n.so." U_ICU_VERSION_SHORT)

struct caret_font {
    FT_Face face;
    hb_font_t *hb;
    double scale;        // strike pixels to output pixels (bitmap fonts), else 1
    double pixel_size;
    int load_flags;
    caret_font_metrics metrics;
};

static FT_Library library;

static int start_freetype(void) {
    if (library) return 1;
    return FT_Init_FreeType(&library) == 0;
}

caret_font *caret_font_open(const char *path, int index, double pixel_size, char *error, size_t error_size) {
    if (!start_freetype()) {
        snprintf(error, error_size, "FreeType could not start");
        return NULL;
    }
    FT_Face face = NULL;
    FT_Error status = FT_New_Face(library, path, index, &face);
    if (status != 0) {
        const char *reason = FT_Error_String(status);
        snprintf(error, error_size, "FreeType could not open it (%s)", reason ? reason : "error");
        return NULL;
    }
    caret_font *font = calloc(1, sizeof *font);
    if (!font) {
        snprintf(error, error_size, "no memory for the face");
        FT_Done_Face(face);
        return NULL;
    }
    font->face = face;
    font->pixel_size = pixel_size;
    font->scale = 1;
    if (FT_IS_SCALABLE(face)) {
        if (FT_Set_Char_Size(face, 0, (FT_F26Dot6)lround(pixel_size * 64), 72, 72) != 0) {
            snprintf(error, error_size, "FreeType could not size it to %.1f px", pixel_size);
            FT_Done_Face(face);
            free(font);
            return NULL;
        }
        font->load_flags = FT_LOAD_DEFAULT | FT_LOAD_TARGET_LIGHT;
    } else if (face->num_fixed_sizes > 0) {
        // A bitmap font (Noto Color Emoji has one strike at 109 ppem): the strike nearest above the
        // size, scaled down when drawn.
        int best = 0;
        for (int i = 1; i < face->num_fixed_sizes; i++) {
            double have = face->available_sizes[i].y_ppem / 64.0, chosen = face->available_sizes[best].y_ppem / 64.0;
            if ((chosen < pixel_size && have > chosen) || (have >= pixel_size && have < chosen)) best = i;
        }
        if (FT_Select_Size(face, best) != 0) {
            snprintf(error, error_size, "FreeType could not select its bitmap strike");
            FT_Done_Face(face);
            free(font);
            return NULL;
        }
        font->scale = pixel_size / (face->available_sizes[best].y_ppem / 64.0);
        font->load_flags = FT_LOAD_DEFAULT | FT_LOAD_COLOR;
    } else {
        snprintf(error, error_size, "it has neither outlines nor bitmap strikes");
        FT_Done_Face(face);
        free(font);
        return NULL;
    }
    if (FT_HAS_COLOR(face)) font->load_flags |= FT_LOAD_COLOR;
    // HarfBuzz never returns NULL: a font it could not make is its inert empty font.
    font->hb = hb_ft_font_create_referenced(face);
    if (font->hb == hb_font_get_empty()) {
        snprintf(error, error_size, "no memory for HarfBuzz's font");
        FT_Done_Face(face);
        free(font);
        return NULL;
    }
    hb_ft_font_set_load_flags(font->hb, font->load_flags);
    FT_Size_Metrics *m = &face->size->metrics;
    font->metrics.scale = font->scale;
    font->metrics.ascender = m->ascender / 64.0 * font->scale;
    font->metrics.descender = m->descender / 64.0 * font->scale;
    font->metrics.height = m->height / 64.0 * font->scale;
    font->metrics.is_color = FT_HAS_COLOR(face) ? 1 : 0;
    font->metrics.is_scalable = FT_IS_SCALABLE(face) ? 1 : 0;
    return font;
}

void caret_font_close(caret_font *font) {
    if (!font) return;
    // HarfBuzz's font holds a reference of its own (hb_ft_font_create_referenced): both go.
    hb_font_destroy(font->hb);
    FT_Done_Face(font->face);
    free(font);
}

caret_font_metrics caret_font_get_metrics(const caret_font *font) { return font->metrics; }

uint32_t caret_font_glyph_index(caret_font *font, uint32_t code_point) {
    return FT_Get_Char_Index(font->face, code_point);
}

const char *caret_font_family(const caret_font *font) { return font->face->family_name ? font->face->family_name : ""; }

int caret_font_shape(
    caret_font *font, const uint16_t *text, int text_length, int start, int length, int rtl, uint32_t script,
    const char *language, caret_glyph *glyphs, int capacity) {
    static _Thread_local hb_buffer_t *buffer;
    if (!buffer) buffer = hb_buffer_create();
    hb_buffer_clear_contents(buffer);
    hb_buffer_set_cluster_level(buffer, HB_BUFFER_CLUSTER_LEVEL_MONOTONE_CHARACTERS);
    hb_buffer_add_utf16(buffer, text, text_length, (unsigned)start, length);
    hb_buffer_set_direction(buffer, rtl ? HB_DIRECTION_RTL : HB_DIRECTION_LTR);
    if (script) hb_buffer_set_script(buffer, (hb_script_t)script);
    if (language && *language) hb_buffer_set_language(buffer, hb_language_from_string(language, -1));
    hb_buffer_guess_segment_properties(buffer);
    hb_shape(font->hb, buffer, NULL, 0);
    // HarfBuzz never returns NULL: a buffer it could not grow is inert and says so here.
    if (!hb_buffer_allocation_successful(buffer)) return 0;
    unsigned count = 0;
    hb_glyph_info_t *info = hb_buffer_get_glyph_infos(buffer, &count);
    hb_glyph_position_t *pos = hb_buffer_get_glyph_positions(buffer, NULL);
    if ((int)count > capacity) return (int)count;
    double s = font->scale / 64.0;
    for (unsigned i = 0; i < count; i++) {
        glyphs[i].glyph = info[i].codepoint;
        glyphs[i].cluster = info[i].cluster;
        glyphs[i].x_advance = (float)(pos[i].x_advance * s);
        glyphs[i].y_advance = (float)(pos[i].y_advance * s);
        glyphs[i].x_offset = (float)(pos[i].x_offset * s);
        glyphs[i].y_offset = (float)(pos[i].y_offset * s);
        glyphs[i].unsafe_to_break = (hb_glyph_info_get_glyph_flags(&info[i]) & HB_GLYPH_FLAG_UNSAFE_TO_BREAK) ? 1 : 0;
    }
    return (int)count;
}

static inline uint32_t argb(double a, double r, double g, double b) {
    // Premultiplied components in 0...1 to straight-alpha ARGB8888.
    if (a <= 0) return 0;
    double inv = 1.0 / a;
    int A = (int)lround(fmin(1, a) * 255), R = (int)lround(fmin(1, r * inv) * 255);
    int G = (int)lround(fmin(1, g * inv) * 255), B = (int)lround(fmin(1, b * inv) * 255);
    return ((uint32_t)A << 24) | ((uint32_t)R << 16) | ((uint32_t)G << 8) | (uint32_t)B;
}

/// Area-averaging downscale of a premultiplied BGRA bitmap by `scale` (< 1): each target pixel is
/// the coverage-weighted mean of the source area it covers. 0 when there is no memory for it.
static int downscale(const FT_Bitmap *source, double scale, int width, int height, uint32_t *out) {
    double *sum = calloc((size_t)width * height * 4, sizeof(double));
    if (!sum) return 0;
    for (int sy = 0; sy < (int)source->rows; sy++) {
        const uint8_t *row = source->buffer + (ptrdiff_t)sy * source->pitch;
        double y0 = sy * scale, y1 = (sy + 1) * scale;
        for (int sx = 0; sx < (int)source->width; sx++) {
            const uint8_t *p = row + sx * 4;  // B G R A, premultiplied
            if (p[3] == 0) continue;
            double x0 = sx * scale, x1 = (sx + 1) * scale;
            for (int ty = (int)y0; ty < height && ty < y1; ty++) {
                double hy = fmin(y1, ty + 1) - fmax(y0, ty);
                if (hy <= 0) continue;
                for (int tx = (int)x0; tx < width && tx < x1; tx++) {
                    double w = (fmin(x1, tx + 1) - fmax(x0, tx)) * hy;
                    if (w <= 0) continue;
                    double *s = sum + ((size_t)ty * width + tx) * 4;
                    s[0] += p[2] * w;  // R
                    s[1] += p[1] * w;  // G
                    s[2] += p[0] * w;  // B
                    s[3] += p[3] * w;  // A
                }
            }
        }
    }
    for (int i = 0; i < width * height; i++) {
        double *s = sum + (size_t)i * 4;
        out[i] = argb(s[3] / 255, s[0] / 255, s[1] / 255, s[2] / 255);
    }
    free(sum);
    return 1;
}

int caret_font_render(caret_font *font, uint32_t glyph, caret_bitmap *bitmap) {
    memset(bitmap, 0, sizeof *bitmap);
    if (FT_Load_Glyph(font->face, glyph, font->load_flags | FT_LOAD_RENDER) != 0) return 0;
    FT_GlyphSlot slot = font->face->glyph;
    if (slot->format != FT_GLYPH_FORMAT_BITMAP && FT_Render_Glyph(slot, FT_RENDER_MODE_LIGHT) != 0) return 0;
    const FT_Bitmap *b = &slot->bitmap;
    if (b->width == 0 || b->rows == 0) return 0;
    if (b->pixel_mode == FT_PIXEL_MODE_BGRA) {
        bitmap->is_color = 1;
        if (font->scale < 0.999) {
            int w = (int)ceil(b->width * font->scale), h = (int)ceil(b->rows * font->scale);
            bitmap->pixels = malloc((size_t)w * h * 4);
            if (!bitmap->pixels || !downscale(b, font->scale, w, h, bitmap->pixels)) {
                caret_bitmap_free(bitmap);
                return 0;
            }
            bitmap->width = w;
            bitmap->height = h;
            bitmap->left = (int)lround(slot->bitmap_left * font->scale);
            bitmap->top = (int)lround(slot->bitmap_top * font->scale);
            return 1;
        }
        bitmap->width = (int)b->width;
        bitmap->height = (int)b->rows;
        bitmap->pixels = malloc((size_t)b->width * b->rows * 4);
        if (!bitmap->pixels) return 0;
        for (unsigned y = 0; y < b->rows; y++) {
            const uint8_t *row = b->buffer + (ptrdiff_t)y * b->pitch;
            for (unsigned x = 0; x < b->width; x++) {
                const uint8_t *p = row + x * 4;
                bitmap->pixels[y * b->width + x] = argb(p[3] / 255.0, p[2] / 255.0, p[1] / 255.0, p[0] / 255.0);
            }
        }
    } else {
        bitmap->width = (int)b->width;
        bitmap->height = (int)b->rows;
        bitmap->pixels = malloc((size_t)b->width * b->rows * 4);
        if (!bitmap->pixels) return 0;
        for (unsigned y = 0; y < b->rows; y++) {
            const uint8_t *row = b->buffer + (ptrdiff_t)y * b->pitch;
            for (unsigned x = 0; x < b->width; x++) {
                uint32_t a;
                if (b->pixel_mode == FT_PIXEL_MODE_MONO) a = (row[x >> 3] & (0x80 >> (x & 7))) ? 255 : 0;
                else if (b->pixel_mode == FT_PIXEL_MODE_GRAY) a = b->num_grays == 256 ? row[x] : row[x] * 255u / (b->num_grays - 1);
                else a = 0;
                bitmap->pixels[y * b->width + x] = (a << 24) | 0xFFFFFFu;
            }
        }
    }
    bitmap->left = slot->bitmap_left;
    bitmap->top = slot->bitmap_top;
    return 1;
}

void caret_bitmap_free(caret_bitmap *bitmap) {
    free(bitmap->pixels);
    bitmap->pixels = NULL;
}

uint32_t caret_script_of(uint32_t code_point) {
    return (uint32_t)hb_unicode_script(hb_unicode_funcs_get_default(), code_point);
}

int caret_script_is_rtl(uint32_t script) {
    return hb_script_get_horizontal_direction((hb_script_t)script) == HB_DIRECTION_RTL;
}

int caret_script_is_neutral(uint32_t script) {
    return script == HB_SCRIPT_COMMON || script == HB_SCRIPT_INHERITED || script == HB_SCRIPT_UNKNOWN;
}

int caret_fontconfig_use(const char *file) {
    FcConfig *config = FcConfigCreate();
    if (!config) return 0;
    if (!FcConfigParseAndLoad(config, (const FcChar8 *)file, FcTrue) || !FcConfigBuildFonts(config)) {
        FcConfigDestroy(config);
        return 0;
    }
    return FcConfigSetCurrent(config) ? 1 : 0;  // fontconfig keeps it (and frees the one before)
}

int caret_fontconfig_files(char *buffer, size_t size) {
    if (!FcInit()) return -1;
    FcPattern *all = FcPatternCreate();
    FcObjectSet *file = FcObjectSetBuild(FC_FILE, NULL);
    if (!all || !file) {
        if (all) FcPatternDestroy(all);
        if (file) FcObjectSetDestroy(file);
        return -1;
    }
    FcFontSet *fonts = FcFontList(NULL, all, file);
    size_t used = 0;
    if (size > 0) buffer[0] = 0;
    int count = fonts ? fonts->nfont : 0;
    for (int f = 0; f < count; f++) {
        FcChar8 *path = NULL;
        if (FcPatternGetString(fonts->fonts[f], FC_FILE, 0, &path) != FcResultMatch) continue;
        int wrote = snprintf(buffer + used, size - used, "%s\n", (const char *)path);
        if (wrote < 0 || (size_t)wrote >= size - used) break;
        used += (size_t)wrote;
    }
    if (fonts) FcFontSetDestroy(fonts);
    FcObjectSetDestroy(file);
    FcPatternDestroy(all);
    return count;
}

int caret_fontconfig_find(
    const uint32_t *code_points, int count, const char *language, int color, char *path, size_t path_size,
    int *index) {
    static int started = -1;
    if (started < 0) started = FcInit() ? 1 : 0;
    if (!started || count <= 0) return 0;
    FcPattern *pattern = FcPatternCreate();
    FcCharSet *wanted = FcCharSetCreate();
    int made = pattern && wanted;
    for (int i = 0; made && i < count; i++) made = FcCharSetAddChar(wanted, code_points[i]);
    if (!made || !FcPatternAddCharSet(pattern, FC_CHARSET, wanted)) {
        if (wanted) FcCharSetDestroy(wanted);
        if (pattern) FcPatternDestroy(pattern);
        return 0;
    }
    if (language && *language) FcPatternAddString(pattern, FC_LANG, (const FcChar8 *)language);
    if (color) FcPatternAddBool(pattern, FC_COLOR, FcTrue);
    FcConfigSubstitute(NULL, pattern, FcMatchPattern);
    FcDefaultSubstitute(pattern);
    FcResult result;
    FcFontSet *fonts = FcFontSort(NULL, pattern, FcFalse, NULL, &result);
    int found = 0;
    // Two passes when colour is asked for: a colour face first, then any face.
    for (int pass = color ? 0 : 1; pass < 2 && !found && fonts; pass++) {
        for (int f = 0; f < fonts->nfont && !found; f++) {
            FcPattern *candidate = fonts->fonts[f];
            FcCharSet *has = NULL;
            if (FcPatternGetCharSet(candidate, FC_CHARSET, 0, &has) != FcResultMatch) continue;
            int covers = 1;
            for (int i = 0; i < count && covers; i++) covers = FcCharSetHasChar(has, code_points[i]);
            if (!covers) continue;
            FcBool isColor = FcFalse;
            FcPatternGetBool(candidate, FC_COLOR, 0, &isColor);
            if (pass == 0 && !isColor) continue;
            FcChar8 *file = NULL;
            if (FcPatternGetString(candidate, FC_FILE, 0, &file) != FcResultMatch) continue;
            int faceIndex = 0;
            FcPatternGetInteger(candidate, FC_INDEX, 0, &faceIndex);
            snprintf(path, path_size, "%s", (const char *)file);
            *index = faceIndex;
            found = 1;
        }
    }
    if (fonts) FcFontSetDestroy(fonts);
    FcCharSetDestroy(wanted);
    FcPatternDestroy(pattern);
    return found;
}

int caret_boundaries(int kind, const uint16_t *text, int length, int32_t *offsets, int32_t *statuses, int capacity) {
    static _Thread_local UBreakIterator *iterators[2];
    if (kind < 0 || kind > 1 || icu_uc_open(NULL, 0) != 0) return -1;
    UErrorCode status = U_ZERO_ERROR;
    if (!iterators[kind]) {
        iterators[kind] = icu_uc.ubrk_open(kind == 0 ? UBRK_WORD : UBRK_LINE, "", NULL, 0, &status);
        if (U_FAILURE(status)) {
            iterators[kind] = NULL;
            return -1;
        }
    }
    UBreakIterator *it = iterators[kind];
    static const UChar empty[1] = {0};
    icu_uc.ubrk_setText(it, length > 0 ? (const UChar *)text : empty, length, &status);
    if (U_FAILURE(status)) return -1;
    int count = 0;
    for (int32_t b = icu_uc.ubrk_first(it); b != UBRK_DONE; b = icu_uc.ubrk_next(it)) {
        if (count < capacity) {
            offsets[count] = b;
            statuses[count] = icu_uc.ubrk_getRuleStatus(it);
        }
        count++;
    }
    icu_uc.ubrk_setText(it, empty, 0, &status);  // no pointer into the caller's buffer stays behind
    return count;
}

// Whether a UTF-16 unit may begin right-to-left text or change levels: the blocks whose
// characters are right to left or Arabic numbers, assigned or not (Hebrew to Arabic Extended-A,
// Hebrew and Arabic presentation forms; as high surrogates, U+10800–U+10FFF and U+1E800–U+1EFFF),
// the right-to-left mark, and the explicit embeddings, overrides and isolates (UAX #9 classes R,
// AL, AN, LRE to PDF, LRI to PDI; checked against ICU over every code point by BidiShortcutTests).
static int may_change_levels(uint16_t unit) {
    if (unit < 0x0590) return 0;
    return unit <= 0x08FF || unit == 0x200F || (unit >= 0x202A && unit <= 0x202E) || (unit >= 0x2066 && unit <= 0x2069)
        || (unit >= 0xFB1D && unit <= 0xFDFF) || (unit >= 0xFE70 && unit <= 0xFEFF) || unit == 0xD802 || unit == 0xD803
        || unit == 0xD83A || unit == 0xD83B;
}

int caret_bidi_levels(const uint16_t *text, int length, int base, uint8_t *levels) {
    // Without any of those, a paragraph that is or falls back to left to right is all at level 0
    // (each European number turns L after the paragraph's L start, W7), with no need for ICU.
    if (base == 0 || base == -1) {
        int i = 0;
        while (i < length && !may_change_levels(text[i])) i++;
        if (i == length) {
            if (length > 0) memset(levels, 0, (size_t)length);
            return 0;
        }
    }
    return caret_bidi_levels_icu(text, length, base, levels);
}

int caret_bidi_levels_icu(const uint16_t *text, int length, int base, uint8_t *levels) {
    static _Thread_local UBiDi *bidi;
    if (icu_uc_open(NULL, 0) != 0) return -1;
    UErrorCode status = U_ZERO_ERROR;
    if (!bidi) {
        bidi = icu_uc.ubidi_open();
        if (!bidi) return -1;
    }
    UBiDiLevel paragraph = base == 0 ? 0 : base == 1 ? 1 : base == -2 ? UBIDI_DEFAULT_RTL : UBIDI_DEFAULT_LTR;
    static const UChar empty[1] = {0};
    icu_uc.ubidi_setPara(bidi, length > 0 ? (const UChar *)text : empty, length, paragraph, NULL, &status);
    if (U_FAILURE(status)) return -1;
    int result = icu_uc.ubidi_getParaLevel(bidi);
    if (length > 0) {
        const UBiDiLevel *resolved = icu_uc.ubidi_getLevels(bidi, &status);
        if (U_FAILURE(status)) return -1;
        memcpy(levels, resolved, (size_t)length);
    }
    icu_uc.ubidi_setPara(bidi, empty, 0, 0, NULL, &status);  // no pointer into the caller's buffer stays behind
    return result;
}

int caret_bidi_base_direction(const uint16_t *text, int length) {
    if (icu_uc_open(NULL, 0) != 0) return -1;
    UBiDiDirection direction = icu_uc.ubidi_getBaseDirection((const UChar *)text, length);
    return direction == UBIDI_LTR ? 0 : direction == UBIDI_RTL ? 1 : -1;
}

int caret_plural_category(const char *locale, int32_t number, char *out, int32_t capacity) {
    if (icu_i18n_open(NULL, 0) != 0) return -1;
    UErrorCode status = U_ZERO_ERROR;
    UPluralRules *rules = icu_i18n.uplrules_open(locale, &status);
    if (U_FAILURE(status) || !rules) return -1;
    UChar keyword[32];
    int32_t length = icu_i18n.uplrules_select(rules, (double)number, keyword, 32, &status);
    icu_i18n.uplrules_close(rules);
    if (U_FAILURE(status) || length < 0 || length >= capacity) return -1;
    for (int32_t i = 0; i < length; i++) out[i] = (char)keyword[i];  // CLDR's keywords are ASCII
    out[length] = 0;
    return length;
}
