import CSDL2
import Caret
import CaretText

/// Text: glyphs from the atlas (rasterised once by FreeType), placed on pixels and drawn as quads.
extension SDLRenderer {
    /// Where each glyph of a run lands: its atlas entry and the top-left pixel of its bitmap.
    func placeGlyphs(_ run: TextRun, at origin: Point, _ body: (GlyphAtlas.Entry, Int32, Int32) -> Void) {
        let left = px(origin.x), baseline = px(origin.y) + Int32((run.metrics.ascender * scale).rounded())
        for glyph in run.glyphs {
            guard let entry = atlas.entry(face: glyph.face, glyph: glyph.id, fonts: fonts) else { continue }
            let x = left + Int32((glyph.x * scale).rounded()) + Int32(entry.left)
            let y = baseline + Int32((glyph.y * scale).rounded()) - Int32(entry.top)
            body(entry, x, y)
        }
    }

    public func drawText(_ run: TextRun, at origin: Point, color: Color) {
        guard !clipIsEmpty else { return }
        switch glyphPath {
        case .blits: blitText(run, at: origin, color: color)
        case .geometry: geometryText(run, at: origin, color: color)
        }
    }
}
