import CSDL2
import Caret

/// Every glyph rasterised once, in white, into shared atlas textures; text is then drawn as
/// textured quads from the atlas in one `SDL_RenderGeometry` call per page, tinted by vertex colour.
@MainActor
final class GlyphAtlas {
    struct Entry {
        let page: Int
        let rect: SDL_Rect  // in the page, pixels
        let xOffset: Int  // left edge of the bitmap relative to the pen position
    }

    private struct Key: Hashable {
        let face: ObjectIdentifier
        let scalar: UInt32
    }

    static let pageSize: Int32 = 1024
    static let maxPages = 8

    private let renderer: OpaquePointer
    private(set) var pages: [OpaquePointer] = []
    private var entries: [Key: Entry?] = [:]
    private var shelfX: Int32 = 0
    private var shelfY: Int32 = 0
    private var shelfHeight: Int32 = 0
    /// How many glyphs were rasterised (each exactly once while the atlas lives).
    private(set) var rasterisedCount = 0
    /// Counts resets: entries taken before a reset name pages that no longer hold them.
    private(set) var generation = 0

    init(renderer: OpaquePointer) { self.renderer = renderer }

    /// Drops every page (after a render device reset, or when full).
    func reset() {
        generation += 1
        for page in pages { SDL_DestroyTexture(page) }
        pages.removeAll()
        entries.removeAll()
        shelfX = 0
        shelfY = 0
        shelfHeight = 0
    }

    /// The atlas entry of a glyph, rasterising it on first use; nil for glyphs with no pixels.
    func entry(for scalar: UInt32, face: TTFFontProvider.Face) -> Entry? {
        let key = Key(face: ObjectIdentifier(face), scalar: scalar)
        if let known = entries[key] { return known }
        let made = rasterise(scalar, face: face)
        entries[key] = made
        return made
    }

    private func rasterise(_ scalar: UInt32, face: TTFFontProvider.Face) -> Entry? {
        rasterisedCount += 1
        let white = SDL_Color(r: 255, g: 255, b: 255, a: 255)
        guard let rendered = TTF_RenderGlyph32_Blended(face.font, scalar, white) else { return nil }
        defer { SDL_FreeSurface(rendered) }
        guard let surface = SDL_ConvertSurfaceFormat(rendered, caret_SDL_PIXELFORMAT_ARGB8888(), 0) else { return nil }
        defer { SDL_FreeSurface(surface) }
        let w = surface.pointee.w, h = surface.pointee.h
        guard w > 0, h > 0, w <= Self.pageSize, h <= Self.pageSize else { return nil }
        // SDL_ttf places the pen at max(0, -minx) inside the glyph's bitmap.
        var minx: Int32 = 0, maxx: Int32 = 0, miny: Int32 = 0, maxy: Int32 = 0, advance: Int32 = 0
        TTF_GlyphMetrics32(face.font, scalar, &minx, &maxx, &miny, &maxy, &advance)
        let xOffset = Int(min(0, minx))
        guard let (page, origin) = allocate(width: w + 1, height: h + 1) else { return nil }
        var target = SDL_Rect(x: origin.x, y: origin.y, w: w, h: h)
        if caret_SDL_MUSTLOCK(surface) != 0 { SDL_LockSurface(surface) }
        SDL_UpdateTexture(pages[page], &target, surface.pointee.pixels, surface.pointee.pitch)
        if caret_SDL_MUSTLOCK(surface) != 0 { SDL_UnlockSurface(surface) }
        return Entry(page: page, rect: target, xOffset: xOffset)
    }

    /// Shelf packing: glyphs fill a row left to right, rows stack downwards, pages follow pages.
    private func allocate(width: Int32, height: Int32) -> (Int, SDL_Point)? {
        if pages.isEmpty || shelfX + width > Self.pageSize {
            shelfX = 0
            shelfY += shelfHeight
            shelfHeight = 0
        }
        if pages.isEmpty || shelfY + height > Self.pageSize {
            if pages.count == Self.maxPages { reset() }
            guard
                let page = SDL_CreateTexture(
                    renderer, caret_SDL_PIXELFORMAT_ARGB8888(),
                    Int32(SDL_TEXTUREACCESS_STATIC.rawValue), Self.pageSize, Self.pageSize)
            else {
                return nil
            }
            SDL_SetTextureBlendMode(page, SDL_BLENDMODE_BLEND)
            pages.append(page)
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
