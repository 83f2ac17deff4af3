import CSDL2
import Caret

/// Rounded shapes' feathered geometry drawn once into a texture and copied from then on.
///
/// SDL's software renderer makes a surface, a blit map and a blit for every blended triangle, and
/// a rounded field's fill and border are about 180 of them: a ten-field form spent most of its
/// frame there. A shape is kept by its pixel size, radius, line width and colour (moving it
/// reuses it). Its triangles are drawn blended onto clear pixels and the colours straightened,
/// so the copy blends as the triangles do, within a unit. Only there: a GPU draws triangles in
/// one call with no such cost.
struct ShapeCache {
    struct Key: Hashable {
        enum Kind: UInt8 {
            /// An opaque fill's corner fans and feathered edge (its body is two plain rectangles).
            case opaqueFillEdges
            /// A translucent fill: the whole shape.
            case fill
            /// An outline.
            case stroke
        }
        var kind: Kind
        var width: Int32
        var height: Int32
        /// The corner radius in pixels.
        var radius: Double
        var lineWidth: Int32
        var color: UInt32

        /// The parts of the texture (`width`×`height`: the shape and two pixels around it) that
        /// can hold colour: an outline or an opaque fill's edge leaves its middle clear, so only
        /// the four corners and the four edge bands are copied (a field's is a fifth of it).
        func pieces(width: Int32, height: Int32) -> [SDL_Rect] {
            let all = [SDL_Rect(x: 0, y: 0, w: width, h: height)]
            guard kind != .fill else { return all }
            // Two pixels of margin, the line, the feather's pixel, and one to spare.
            let band = 2 + (kind == .stroke ? lineWidth : 0) + 2
            let corner = max(band, 2 + Int32(radius.rounded(.up)) + 2)
            guard width > 2 * corner, height > 2 * corner else { return all }
            let middleWidth = width - 2 * corner, middleHeight = height - 2 * corner
            return [
                SDL_Rect(x: 0, y: 0, w: corner, h: corner), SDL_Rect(x: width - corner, y: 0, w: corner, h: corner),
                SDL_Rect(x: 0, y: height - corner, w: corner, h: corner), SDL_Rect(x: width - corner, y: height - corner, w: corner, h: corner),
                SDL_Rect(x: corner, y: 0, w: middleWidth, h: band), SDL_Rect(x: corner, y: height - band, w: middleWidth, h: band),
                SDL_Rect(x: 0, y: corner, w: band, h: middleHeight), SDL_Rect(x: width - band, y: corner, w: band, h: middleHeight),
            ]
        }
    }

    struct Entry {
        var texture: OpaquePointer
        var pixels: Int
        var used: UInt64
    }

    private(set) var entries: [Key: Entry] = [:]
    private var clock: UInt64 = 0
    private(set) var pixels = 0
    /// At most this many pixels of textures (16 MB of ARGB); the least recently used go first.
    static let pixelBudget = 4 << 20
    /// A shape larger than this is always drawn directly.
    static let largestShape = 1 << 20

    /// The cached texture for `key`, marked used.
    mutating func texture(for key: Key) -> OpaquePointer? {
        guard let entry = entries[key] else { return nil }
        clock &+= 1
        entries[key]?.used = clock
        return entry.texture
    }

    /// Adds a texture, first destroying the least recently used ones that would overflow the budget.
    mutating func insert(_ texture: OpaquePointer, pixels count: Int, for key: Key) {
        while pixels + count > Self.pixelBudget, let oldest = entries.min(by: { $0.value.used < $1.value.used }) {
            SDL_DestroyTexture(oldest.value.texture)
            pixels -= oldest.value.pixels
            entries[oldest.key] = nil
        }
        clock &+= 1
        entries[key] = Entry(texture: texture, pixels: count, used: clock)
        pixels += count
    }

    /// Forgets every texture (destroying them unless the GPU already lost them).
    mutating func removeAll(destroying: Bool) {
        if destroying { for entry in entries.values { SDL_DestroyTexture(entry.texture) } }
        entries.removeAll()
        pixels = 0
    }
}

extension SDLRenderer {
    /// Draws the triangles `build` appends to `vertices` and `indices` (in pixels, all inside
    /// `frame`) through the shape cache, or directly when the shape is not cached.
    func drawShape(_ key: ShapeCache.Key, in frame: SDL_Rect, build: () -> Void) {
        if let texture = shapeTexture(key, frame: frame, build: build) {
            for var piece in key.pieces(width: frame.w, height: frame.h) {
                var target = SDL_Rect(x: frame.x + piece.x, y: frame.y + piece.y, w: piece.w, h: piece.h)
                SDL_RenderCopy(handle, texture, &piece, &target)
            }
            return
        }
        build()
        flushGeometry()
    }

    /// The shape's texture: cached, or made now when the shape was drawn before; nil to draw directly.
    private func shapeTexture(_ key: ShapeCache.Key, frame: SDL_Rect, build: () -> Void) -> OpaquePointer? {
        guard cachesShapes, glyphPath == .blits else { return nil }
        if let texture = shapeCache.texture(for: key) { return texture }
        // SDL's software renderer truncates vertex positions toward zero, so a shape reaching
        // past the top or left edge is drawn where it is, never moved into a texture.
        guard frame.x >= 0, frame.y >= 0, frame.w > 0, frame.h > 0,
            Int(frame.w) * Int(frame.h) <= ShapeCache.largestShape,
            let texture = SDL_CreateTexture(
                handle, caret_SDL_PIXELFORMAT_ARGB8888(), Int32(SDL_TEXTUREACCESS_TARGET.rawValue), frame.w, frame.h)
        else { return nil }
        flushGeometry()  // nothing of another shape goes into this one's texture
        let previous = SDL_GetRenderTarget(handle)
        guard SDL_SetRenderTarget(handle, texture) == 0 else {
            SDL_DestroyTexture(texture)
            SDL_SetRenderTarget(handle, previous)
            restoreClip()
            return nil
        }
        SDL_SetRenderDrawBlendMode(handle, SDL_BLENDMODE_NONE)
        SDL_SetRenderDrawColor(handle, 0, 0, 0, 0)
        SDL_RenderClear(handle)
        build()
        let dx = Float(frame.x), dy = Float(frame.y)
        for i in vertices.indices {
            vertices[i].position.x -= dx
            vertices[i].position.y -= dy
        }
        flushGeometry()  // blended onto clear pixels, as drawn directly: colours end up premultiplied
        let straightened = straightenAlpha(width: frame.w, height: frame.h, into: texture)
        SDL_SetRenderTarget(handle, previous)
        restoreClip()
        guard straightened else {
            SDL_DestroyTexture(texture)
            return nil
        }
        SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_BLEND)
        shapeCache.insert(texture, pixels: Int(frame.w) * Int(frame.h), for: key)
        return texture
    }

    /// Reads the bound target and writes it back with its colours divided by their alpha: drawn
    /// blended onto clear pixels, the texture holds premultiplied colours, and SDL copies a
    /// texture as straight alpha. Then a copy blends as the triangles did, give or take a unit.
    private func straightenAlpha(width: Int32, height: Int32, into texture: OpaquePointer) -> Bool {
        var pixels = [UInt32](repeating: 0, count: Int(width) * Int(height))
        var all = SDL_Rect(x: 0, y: 0, w: width, h: height)
        guard SDL_RenderReadPixels(handle, &all, caret_SDL_PIXELFORMAT_ARGB8888(), &pixels, width * 4) == 0 else { return false }
        for i in pixels.indices {
            let p = pixels[i], a = p >> 24
            guard a != 0 else { pixels[i] = 0; continue }
            guard a != 255 else { continue }
            func straight(_ c: UInt32) -> UInt32 { min(255, (c * 255 + a / 2) / a) }
            pixels[i] = a << 24 | straight(p >> 16 & 0xFF) << 16 | straight(p >> 8 & 0xFF) << 8 | straight(p & 0xFF)
        }
        return SDL_UpdateTexture(texture, nil, pixels, width * 4) == 0
    }

    /// Sets SDL's clip again after another target was bound (binding one resets it).
    private func restoreClip() {
        if var clip = clipPixels, !clipIsEmpty {
            SDL_RenderSetClipRect(handle, &clip)
        } else {
            SDL_RenderSetClipRect(handle, nil)
        }
    }

    /// The cache key of a shape over `rect` (points) in `color`.
    func shapeKey(_ kind: ShapeCache.Key.Kind, _ rect: Rect, radius: Double, lineWidth: Int32 = 0, color: Color) -> ShapeCache.Key {
        let r = pixelRect(rect)
        let c = color.bytes
        let packed = UInt32(c.r) << 24 | UInt32(c.g) << 16 | UInt32(c.b) << 8 | UInt32(c.a)
        return ShapeCache.Key(kind: kind, width: r.w, height: r.h, radius: radius * scale, lineWidth: lineWidth, color: packed)
    }

    /// The pixels a shape over `rect` may touch: its pixel rectangle and two pixels around it
    /// (the feathered edge reaches one).
    func shapeFrame(_ rect: Rect) -> SDL_Rect {
        let r = pixelRect(rect)
        return SDL_Rect(x: r.x - 2, y: r.y - 2, w: r.w + 4, h: r.h + 4)
    }
}
