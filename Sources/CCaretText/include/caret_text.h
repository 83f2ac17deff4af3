// SPDX-License-Identifier: Apache-2.0
// Caret's world-text shim: plain C functions over HarfBuzz (shaping), FreeType (glyph bitmaps),
// fontconfig (system font fallback) and ICU (word and line boundaries). Swift cannot import ICU's
// headers (every function is renamed with a version suffix by macros), and the other libraries'
// structs are easier to use from C; so the Swift side sees only the small API below.
#ifndef CARET_TEXT_H
#define CARET_TEXT_H

#include <stddef.h>
#include <stdint.h>

/// A font file's face at one pixel size, ready to shape and rasterise.
typedef struct caret_font caret_font;

/// Vertical metrics in pixels; `scale` is the strike scale of a bitmap font (1 for outlines).
typedef struct {
    double ascender;
    double descender;  // negative below the baseline
    double height;     // the distance between baselines
    double scale;
    int is_color;      // colour bitmaps (an emoji font)
    int is_scalable;
} caret_font_metrics;

/// One shaped glyph: id, the UTF-16 offset of its cluster in the paragraph, advances and offsets in pixels.
typedef struct {
    uint32_t glyph;
    uint32_t cluster;
    float x_advance;
    float y_advance;
    float x_offset;
    float y_offset;
    int unsafe_to_break;
} caret_glyph;

/// A rasterised glyph as 32-bit ARGB pixels (straight alpha; white for outline glyphs, so vertex
/// colour tints them); `left` and `top` place the bitmap from the pen position on the baseline.
typedef struct {
    int width;
    int height;
    int left;
    int top;
    int is_color;
    uint32_t *pixels;
} caret_bitmap;

/// Opens a face (`index` within a collection) at a pixel size; NULL with a message in `error` when it fails.
caret_font *caret_font_open(const char *path, int index, double pixel_size, char *error, size_t error_size);
/// Closes a face.
void caret_font_close(caret_font *font);
/// Its metrics.
caret_font_metrics caret_font_get_metrics(const caret_font *font);
/// The glyph id of a code point (0 when the face lacks it).
uint32_t caret_font_glyph_index(caret_font *font, uint32_t code_point);
/// The family name of the face (owned by the face).
const char *caret_font_family(const caret_font *font);

/// Shapes `length` UTF-16 units from `start` of `text` (the paragraph, kept as context) in one
/// direction (`rtl`), script (ISO 15924 tag as HarfBuzz's hb_script_t, 0 to guess) and language
/// (BCP 47, NULL for none). Writes at most `capacity` glyphs in visual order and returns how many
/// there are (more than `capacity` means: call again with room for that many).
int caret_font_shape(
    caret_font *font, const uint16_t *text, int text_length, int start, int length, int rtl,
    uint32_t script, const char *language, caret_glyph *glyphs, int capacity);

/// Rasterises a glyph; colour bitmaps are scaled to the face's pixel size with area averaging in
/// premultiplied space. Returns 0 when the glyph has no pixels or fails; free with caret_bitmap_free.
int caret_font_render(caret_font *font, uint32_t glyph, caret_bitmap *bitmap);
/// Frees a bitmap's pixels.
void caret_bitmap_free(caret_bitmap *bitmap);

/// The script (hb_script_t) of a code point, and whether it is written right to left.
uint32_t caret_script_of(uint32_t code_point);
int caret_script_is_rtl(uint32_t script);
/// HarfBuzz's common, inherited and unknown scripts (characters that join their neighbour's run).
int caret_script_is_neutral(uint32_t script);

/// Asks fontconfig for the first installed face covering every code point, preferring colour
/// faces when `color` is set and the language's forms when `language` is given. Returns 1 and
/// the file and face index, 0 when none covers them or fontconfig is not there.
int caret_fontconfig_find(
    const uint32_t *code_points, int count, const char *language, int color, char *path, size_t path_size,
    int *index);

/// Makes fontconfig use only the configuration in `file` (its fonts and rules) from now on, in
/// place of the system's. Returns 1 when the file was loaded, 0 when it could not be.
int caret_fontconfig_use(const char *file);

/// Writes the file of every face fontconfig knows now, one per line, into `buffer` (cut short
/// at `size`); returns how many faces there are, or -1 without fontconfig.
int caret_fontconfig_files(char *buffer, size_t size);

/// Boundaries from ICU: kind 0 = words (UAX #29), 1 = line-break opportunities (UAX #14).
/// Writes every boundary offset (UTF-16, 0 and `length` included) and its rule status, returns
/// how many (more than `capacity` means: call again with room), or -1 when ICU fails.
int caret_boundaries(int kind, const uint16_t *text, int length, int32_t *offsets, int32_t *statuses, int capacity);

/// Resolves a paragraph's embedding levels (UAX #9): `base` 0 or 1 sets the paragraph level, -1
/// takes it from the first strong character (left to right when none), -2 likewise but right to
/// left when none. Writes one level per UTF-16 unit and returns the paragraph level, or -1 when
/// ICU fails. Text with no right-to-left character, Arabic number or explicit embedding in a
/// left-to-right paragraph (`base` 0 or -1) is all level 0, found without opening ICU.
int caret_bidi_levels(const uint16_t *text, int length, int base, uint8_t *levels);

/// The same, always from ICU: the oracle of the shortcut's check.
int caret_bidi_levels_icu(const uint16_t *text, int length, int base, uint8_t *levels);

/// The direction of the first strong character: 0 left to right, 1 right to left, -1 none.
int caret_bidi_base_direction(const uint16_t *text, int length);

/// ICU's plural category ("one", "few", …) of a whole number in a locale, written into `out`;
/// returns its length, or -1. Caret's own rules (Assets/Strings/plurals.json) are checked against it.
int caret_plural_category(const char *locale, int32_t number, char *out, int32_t capacity);

#endif
