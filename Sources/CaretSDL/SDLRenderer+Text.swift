// SPDX-License-Identifier: Apache-2.0
import CSDL2
import Caret
import CaretText

/// Text: glyphs from the atlas (rasterised once by FreeType), placed on pixels and drawn as quads.
extension SDLRenderer {
    /// Where each glyph of a run lands: its atlas entry and the top-left pixel of its bitmap.
    /// With `tint` (RGB, its top byte set), outline glyphs come from the atlas in that colour.
    func placeGlyphs(_ run: TextRun, at origin: Point, tint: UInt32 = 0, _ body: (GlyphAtlas.Entry, Int32, Int32) -> Void) {
        let left = px(origin.x), baseline = px(origin.y) + Int32((run.metrics.ascender * scale).rounded())
        for glyph in run.glyphs {
            guard let entry = atlas.entry(face: glyph.face, glyph: glyph.id, fonts: fonts, tint: tint) else { continue }
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

    /// Copies each glyph from the atlas, where it is kept in the run's colour: nothing colour-
    /// modulated, the plain blended copy. The colour's alpha is the page's alpha modulation (for
    /// colour glyphs too), so a fade adds no copies.
    func blitText(_ run: TextRun, at origin: Point, color: Color) {
        let c = color.bytes
        guard c.a > 0 else { return }
        let tint = 0xFF00_0000 | UInt32(c.r) << 16 | UInt32(c.g) << 8 | UInt32(c.b)
        // The pages set up for this run, per atlas generation: when the atlas starts over mid-run,
        // its new textures need setting again (and SDL may even reuse a destroyed texture's address).
        var prepared: Set<Int> = []
        var generation = atlas.generation
        placeGlyphs(run, at: origin, tint: tint) { entry, x, y in
            guard entry.page < atlas.pages.count else { return }
            if atlas.generation != generation {
                prepared.removeAll()
                generation = atlas.generation
            }
            let page = atlas.pages[entry.page]
            if prepared.insert(entry.page).inserted {
                SDL_SetTextureColorMod(page, 255, 255, 255)
                SDL_SetTextureAlphaMod(page, c.a)
            }
            var source = entry.rect
            var target = SDL_Rect(x: x, y: y, w: entry.rect.w, h: entry.rect.h)
            SDL_RenderCopy(handle, page, &source, &target)
        }
    }

    func geometryText(_ run: TextRun, at origin: Point, color: Color, isRetry: Bool = false) {
        let generation = atlas.generation
        let c = sdlColor(color)
        let white = SDL_Color(r: 255, g: 255, b: 255, a: c.a)  // colour glyphs keep their colours
        let pageSize = Float(GlyphAtlas.pageSize)
        var perPage: [Int: (vertices: [SDL_Vertex], indices: [Int32])] = [:]
        placeGlyphs(run, at: origin) { entry, x, y in
            let c = entry.isColor ? white : c
            let x0 = Float(x), y0 = Float(y)
            let x1 = x0 + Float(entry.rect.w), y1 = y0 + Float(entry.rect.h)
            let u0 = Float(entry.rect.x) / pageSize, v0 = Float(entry.rect.y) / pageSize
            let u1 = Float(entry.rect.x + entry.rect.w) / pageSize, v1 = Float(entry.rect.y + entry.rect.h) / pageSize
            var batch = perPage[entry.page] ?? ([], [])
            let base = Int32(batch.vertices.count)
            batch.vertices += [
                SDL_Vertex(position: SDL_FPoint(x: x0, y: y0), color: c, tex_coord: SDL_FPoint(x: u0, y: v0)),
                SDL_Vertex(position: SDL_FPoint(x: x1, y: y0), color: c, tex_coord: SDL_FPoint(x: u1, y: v0)),
                SDL_Vertex(position: SDL_FPoint(x: x1, y: y1), color: c, tex_coord: SDL_FPoint(x: u1, y: v1)),
                SDL_Vertex(position: SDL_FPoint(x: x0, y: y1), color: c, tex_coord: SDL_FPoint(x: u0, y: v1)),
            ]
            batch.indices += [base, base + 1, base + 2, base, base + 2, base + 3]
            perPage[entry.page] = batch
        }
        // The atlas filled up and started over mid-run: the early glyphs' pages are gone. Once more
        // finds every glyph in the fresh atlas.
        if atlas.generation != generation && !isRetry {
            return geometryText(run, at: origin, color: color, isRetry: true)
        }
        for (page, batch) in perPage.sorted(by: { $0.key < $1.key }) where page < atlas.pages.count {
            submitGeometry(atlas.pages[page], blend: SDL_BLENDMODE_BLEND, vertices: batch.vertices, indices: batch.indices)
        }
    }
}
