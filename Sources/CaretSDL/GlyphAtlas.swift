// SPDX-License-Identifier: Apache-2.0
import CSDL2
import Caret
import CaretText

/// Every glyph rasterised once by FreeType into shared atlas textures (outline glyphs in white,
/// colour glyphs as they are), keyed by face, glyph id and so pixel size; text is then drawn as
/// textured quads from the atlas in one `SDL_RenderGeometry` call per page, tinted by vertex colour.
///
/// Where glyphs are blitted (SDL's software renderer) an outline glyph is kept instead in each
/// text colour it is drawn in (its red, green and blue; the alpha stays the page's modulation, so
/// a fade makes no new copies): SDL blends a colour-modulated copy through its generic per-pixel
/// blitter, about four times slower than a plain blended copy (a ten-field form's placeholders
/// cost a third of what its frame spent above an empty window's).
@MainActor
final class GlyphAtlas {
    struct Entry {
        let page: Int
        let rect: SDL_Rect  // in the page, pixels
        let left: Int  // left edge of the bitmap relative to the pen position
        let top: Int  // top edge of the bitmap above the baseline
        let isColor: Bool
    }

    private struct Key: Hashable {
        let face: Int32
        let glyph: UInt32
        /// The colour baked in (RGB, its top byte set); 0 for white, tinted when drawn.
        var tint: UInt32 = 0
    }

    /// The side of a page: 1 MiB of pixels, room for the few hundred glyphs a screen of UI uses
    /// (a first frame then makes no more texture than it needs). A glyph too big for a page gets
    /// a page of its own size, up to `largestPage`.
    static let pageSize: Int32 = 512
    static let largestPage: Int32 = 2048
    /// Pages kept before the atlas starts over: 8 MiB of 512-pixel pages.
    static let maxPages = 32

    private let renderer: OpaquePointer
    private(set) var pages: [OpaquePointer] = []
    /// The side of the last page, where glyphs are packed.
    private var currentPageSize: Int32 = 0
    private var entries: [Key: Entry?] = [:]
    /// What a glyph kept in colours is made from: an outline glyph's coverage (a byte a pixel),
    /// so that FreeType rasterises it once whatever its colours.
    private enum Source {
        case outline(GlyphBitmap, coverage: [UInt8])
        /// A colour glyph: its one untinted entry serves every colour.
        case colour
        /// No pixels (a space), or none a page can hold.
        case blank
    }
    private var sources: [Key: Source] = [:]
    private var shelfX: Int32 = 0
    private var shelfY: Int32 = 0
    private var shelfHeight: Int32 = 0
    /// How many glyphs were rasterised (each exactly once while the atlas lives).
    private(set) var rasterisedCount = 0
    /// Counts resets: entries taken before a reset name pages that no longer hold them.
    private(set) var generation = 0

    /// Called before the pages are destroyed (draws held back that use them go out first).
    var willDropPages: (() -> Void)?

    init(renderer: OpaquePointer) { self.renderer = renderer }

    /// Drops every page (after a render device reset, or when full).
    func reset() {
        willDropPages?()
        generation += 1
        for page in pages { SDL_DestroyTexture(page) }
        pages.removeAll()
        currentPageSize = 0
        entries.removeAll()
        sources.removeAll()
        shelfX = 0
        shelfY = 0
        shelfHeight = 0
    }

    /// The atlas entry of a glyph, rasterised on first use; nil for glyphs with no pixels. With
    /// `tint` (RGB, its top byte set) an outline glyph's entry holds it in that colour, its
    /// coverage as alpha; a colour glyph's is the one untinted entry.
    func entry(face: Int32, glyph: UInt32, fonts: ShapingFontProvider, tint: UInt32 = 0) -> Entry? {
        let key = Key(face: face, glyph: glyph, tint: tint)
        if let known = entries[key] { return known }
        let made: Entry?
        if tint == 0 {
            made = rasterise(face: face, glyph: glyph, fonts: fonts).flatMap(place)
        } else {
            let plain = Key(face: face, glyph: glyph)
            let source = sources[plain] ?? makeSource(plain, fonts: fonts)
            switch source {
            case .blank: made = nil
            case .colour: made = entries[plain] ?? nil
            case let .outline(bitmap, coverage): made = place(Self.tinted(bitmap, coverage: coverage, tint))
            }
        }
        entries[key] = made
        return made
    }

    /// FreeType's bitmap of a glyph (nil for one with no pixels, a space), counted.
    private func rasterise(face: Int32, glyph: UInt32, fonts: ShapingFontProvider) -> GlyphBitmap? {
        guard let bitmap = fonts.rasterize(face: face, glyph: glyph) else { return nil }
        rasterisedCount += 1
        return bitmap
    }

    /// Rasterises a glyph to keep in colours: an outline glyph's coverage is kept; a colour
    /// glyph is placed once, untinted.
    private func makeSource(_ plain: Key, fonts: ShapingFontProvider) -> Source {
        let source: Source
        if let bitmap = rasterise(face: plain.face, glyph: plain.glyph, fonts: fonts) {
            if bitmap.isColor {
                entries[plain] = place(bitmap)
                source = .colour
            } else {
                var shape = bitmap
                shape.pixels = []
                source = .outline(shape, coverage: bitmap.pixels.map { UInt8($0 >> 24) })
            }
        } else {
            source = .blank
        }
        sources[plain] = source
        return source
    }

    /// An outline glyph's coverage in `tint`'s colour: straight alpha, as SDL copies it.
    private static func tinted(_ shape: GlyphBitmap, coverage: [UInt8], _ tint: UInt32) -> GlyphBitmap {
        var coloured = shape
        let rgb = tint & 0xFF_FFFF
        coloured.pixels = coverage.map { c in c == 0 ? 0 : UInt32(c) << 24 | rgb }
        return coloured
    }

    /// How many entries the atlas holds (glyphs times the colours they are kept in).
    var entryCount: Int { entries.count }

    /// Puts a bitmap in a page; nil when it has no pixels or no page can hold it.
    private func place(_ bitmap: GlyphBitmap) -> Entry? {
        let w = Int32(bitmap.width), h = Int32(bitmap.height)
        guard w > 0, h > 0, w < Self.largestPage, h < Self.largestPage else { return nil }
        guard let (page, origin) = allocate(width: w + 1, height: h + 1) else { return nil }
        var target = SDL_Rect(x: origin.x, y: origin.y, w: w, h: h)
        bitmap.pixels.withUnsafeBytes { bytes in
            _ = SDL_UpdateTexture(pages[page], &target, bytes.baseAddress, w * 4)
        }
        return Entry(page: page, rect: target, left: bitmap.left, top: bitmap.top, isColor: bitmap.isColor)
    }

    /// Shelf packing: glyphs fill a row left to right, rows stack downwards, pages follow pages.
    private func allocate(width: Int32, height: Int32) -> (Int, SDL_Point)? {
        if pages.isEmpty || shelfX + width > currentPageSize {
            shelfX = 0
            shelfY += shelfHeight
            shelfHeight = 0
        }
        if pages.isEmpty || shelfY + height > currentPageSize || width > currentPageSize {
            if pages.count == Self.maxPages { reset() }
            var side = Self.pageSize
            while side < max(width, height), side < Self.largestPage { side *= 2 }
            guard
                let page = SDL_CreateTexture(
                    renderer, caret_SDL_PIXELFORMAT_ARGB8888(), Int32(SDL_TEXTUREACCESS_STATIC.rawValue), side, side)
            else {
                return nil
            }
            SDL_SetTextureBlendMode(page, SDL_BLENDMODE_BLEND)
            pages.append(page)
            currentPageSize = side
            shelfX = 0
            shelfY = 0
            shelfHeight = 0
        }
        let origin = SDL_Point(x: shelfX, y: shelfY)
        shelfX += width
        shelfHeight = max(shelfHeight, height)
        return (pages.count - 1, origin)
    }
}
