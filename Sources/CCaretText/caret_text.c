// SPDX-License-Identifier: Apache-2.0
#include "caret_text.h"

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
    if (kind < 0 || kind > 1) return -1;
    UErrorCode status = U_ZERO_ERROR;
    if (!iterators[kind]) {
        iterators[kind] = ubrk_open(kind == 0 ? UBRK_WORD : UBRK_LINE, "", NULL, 0, &status);
        if (U_FAILURE(status)) {
            iterators[kind] = NULL;
            return -1;
        }
    }
    UBreakIterator *it = iterators[kind];
    static const UChar empty[1] = {0};
    ubrk_setText(it, length > 0 ? (const UChar *)text : empty, length, &status);
    if (U_FAILURE(status)) return -1;
    int count = 0;
    for (int32_t b = ubrk_first(it); b != UBRK_DONE; b = ubrk_next(it)) {
        if (count < capacity) {
            offsets[count] = b;
            statuses[count] = ubrk_getRuleStatus(it);
        }
        count++;
    }
    ubrk_setText(it, empty, 0, &status);  // no pointer into the caller's buffer stays behind
    return count;
}

int caret_bidi_levels(const uint16_t *text, int length, int base, uint8_t *levels) {
    static _Thread_local UBiDi *bidi;
    UErrorCode status = U_ZERO_ERROR;
    if (!bidi) {
        bidi = ubidi_open();
        if (!bidi) return -1;
    }
    UBiDiLevel paragraph = base == 0 ? 0 : base == 1 ? 1 : base == -2 ? UBIDI_DEFAULT_RTL : UBIDI_DEFAULT_LTR;
    static const UChar empty[1] = {0};
    ubidi_setPara(bidi, length > 0 ? (const UChar *)text : empty, length, paragraph, NULL, &status);
    if (U_FAILURE(status)) return -1;
    int result = ubidi_getParaLevel(bidi);
    if (length > 0) {
        const UBiDiLevel *resolved = ubidi_getLevels(bidi, &status);
        if (U_FAILURE(status)) return -1;
        memcpy(levels, resolved, (size_t)length);
    }
    ubidi_setPara(bidi, empty, 0, 0, NULL, &status);  // no pointer into the caller's buffer stays behind
    return result;
}

int caret_bidi_base_direction(const uint16_t *text, int length) {
    UBiDiDirection direction = ubidi_getBaseDirection((const UChar *)text, length);
    return direction == UBIDI_LTR ? 0 : direction == UBIDI_RTL ? 1 : -1;
}

int caret_plural_category(const char *locale, int32_t number, char *out, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    UPluralRules *rules = uplrules_open(locale, &status);
    if (U_FAILURE(status) || !rules) return -1;
    UChar keyword[32];
    int32_t length = uplrules_select(rules, (double)number, keyword, 32, &status);
    uplrules_close(rules);
    if (U_FAILURE(status) || length < 0 || length >= capacity) return -1;
    for (int32_t i = 0; i < length; i++) out[i] = (char)keyword[i];  // CLDR's keywords are ASCII
    out[length] = 0;
    return length;
}
