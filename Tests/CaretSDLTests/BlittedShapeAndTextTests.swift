// SPDX-License-Identifier: Apache-2.0

import CSDL2
@_spi(Backend) @_spi(Testing) import Caret
import CaretTesting
import Testing

@testable import CaretSDL

/// What SDL's software renderer is handed for text and rounded shapes: plain blended copies and
/// fills, no colour modulation, and only the pixels that need blending blended.
@Suite(.serialized) @MainActor
struct BlittedShapeAndTextTests {
    /// Text is copied from glyphs kept in its colour: SDL never modulates a page's colour (its
    /// generic per-pixel blitter, four times slower than a plain blended copy), each glyph is
    /// rasterised once whatever colours it is drawn in, and each run's ink is its own colour.
    @Test func blittedTextComesFromGlyphsKeptInItsColour() throws {
        let canvas = try OffscreenCanvas(size: Size(width: 200, height: 100))
        let renderer = canvas.renderer
        let run = canvas.fonts.shape("HH", font: .systemFont(ofSize: 40))
        let red = Color(red: 1, green: 0, blue: 0, alpha: 1), blue = Color(red: 0, green: 0, blue: 1, alpha: 1)
        renderer.beginFrame(clearColor: .white, damage: nil)
        renderer.drawText(run, at: Point(x: 10, y: 0), color: red)
        renderer.drawText(run, at: Point(x: 10, y: 50), color: blue)
        renderer.endFrame()
        #expect(renderer.rasterisedGlyphCount == 1)
        for page in renderer.atlas.pages {
            var r: UInt8 = 0, g: UInt8 = 0, b: UInt8 = 0
            SDL_GetTextureColorMod(page, &r, &g, &b)
            #expect(r == 255 && g == 255 && b == 255, "a page modulated by (\(r), \(g), \(b))")
        }
        // Fully inked pixels: red ones only in the top run, blue ones only in the bottom one.
        let image = try canvas.snapshot()
        var inked = (top: 0, bottom: 0, wrong: 0)
        for y in 0..<image.pixelHeight {
            for x in 0..<image.pixelWidth {
                let p = image.pixel(x: x, y: y)
                let isRed = p.r == 255 && p.g == 0 && p.b == 0, isBlue = p.r == 0 && p.g == 0 && p.b == 255
                if y < 50 { if isRed { inked.top += 1 } else if isBlue { inked.wrong += 1 } }
                if y >= 50 { if isBlue { inked.bottom += 1 } else if isRed { inked.wrong += 1 } }
            }
        }
        #expect(inked.top > 100 && inked.bottom > 100 && inked.wrong == 0, "\(inked)")
    }

    /// A translucent colour's text is drawn translucent, and a fade (a new alpha each frame) keeps
    /// no new copies of its glyphs: the alpha is the page's modulation, not in the glyphs.
    @Test func translucentTextStaysTranslucentAndAFadeKeepsNoCopies() throws {
        let canvas = try OffscreenCanvas(size: Size(width: 200, height: 60))
        let run = canvas.fonts.shape("HH", font: .systemFont(ofSize: 40))
        canvas.renderer.beginFrame(clearColor: .white, damage: nil)
        canvas.renderer.drawText(run, at: Point(x: 10, y: 0), color: Color(red: 0, green: 0, blue: 0, alpha: 0.5))
        canvas.renderer.endFrame()
        let image = try canvas.snapshot()
        var darkest = 255
        for y in 0..<image.pixelHeight { for x in 0..<image.pixelWidth { darkest = min(darkest, Int(image.pixel(x: x, y: y).r)) } }
        #expect(abs(darkest - 128) <= 2, "the stems came out at \(darkest), not half black on white")
        let entries = canvas.renderer.atlas.entryCount
        for step in 1...10 {
            canvas.renderer.beginFrame(clearColor: .white, damage: nil)
            canvas.renderer.drawText(run, at: Point(x: 10, y: 0), color: Color(red: 0, green: 0, blue: 0, alpha: Double(step) / 10))
            canvas.renderer.endFrame()
        }
        #expect(canvas.renderer.atlas.entryCount == entries, "ten alphas made \(canvas.renderer.atlas.entryCount - entries) entries")
    }

    /// A rounded field's outline and fill edges are copied only where they need blending: the
    /// corners. The outline's own line is filled; the clear margin and the middle are not drawn
    /// at all (they were copied, blended, as bands of five and four lines, and then a
    /// half-coloured line either side of each edge was still blended).
    @Test func aFieldsEdgesBlendOnlyTheirFeatheredLines() throws {
        let size = Size(width: 400, height: 100)
        let canvas = try OffscreenCanvas(size: size)
        let window = Window(size: size, backend: OffscreenBackend(fontProvider: canvas.fonts))
        let root = View()
        root.backgroundColor = .systemGroupedBackground
        let field = TextField(frame: Rect(x: 20, y: 20, width: 300, height: 40))
        field.borderStyle = .roundedRect
        root.addSubview(field)
        window.rootView = root
        for _ in 0..<2 {
            window.setNeedsFrame()
            window.render(to: canvas.renderer)
        }
        let entries = canvas.renderer.shapeCache.entries
        let stroke = try #require(entries.first { $0.key.kind == .stroke })
        let edges = try #require(entries.first { $0.key.kind == .opaqueFillEdges })
        for entry in [stroke, edges] {
            let key = entry.key
            // The shape's texture is its pixel rectangle and two pixels around it.
            #expect(key.width == 300 && key.height == 40)
            let (width, height) = (key.width + 4, key.height + 4)
            let corner = Int(key.pieces(width: width, height: height)[0].w)
            let lengths = 2 * (Int(width) - 2 * corner) + 2 * (Int(height) - 2 * corner)
            var copied = 0, filled = 0
            for piece in entry.value.pieces {
                switch piece {
                case let .copy(r): copied += Int(r.w) * Int(r.h)
                case let .fill(r, _, _, _): filled += Int(r.w) * Int(r.h)
                }
            }
            #expect(copied <= 4 * corner * corner, "\(key.kind): \(copied) pixels blended")
            if key.kind == .stroke { #expect(filled >= lengths, "the outline's line is not filled: \(filled) pixels") }
        }
    }
}
