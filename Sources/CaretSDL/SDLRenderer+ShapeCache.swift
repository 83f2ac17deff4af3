// SPDX-License-Identifier: Apache-2.0
import CSDL2
import Caret

/// Rounded shapes drawn once into a texture and copied from then on (SDL's software renderer).
///
/// SDL's software renderer makes a surface, a blit map and a blit for every blended triangle, and
/// a rounded field's fill and border are about 180 of them: a ten-field form spent most of its
/// frame there. A shape is kept by its pixel size, radius, line width and colour (moving it
/// reuses it); its pixels are the area of each the shape covers (`ShapeCache+Coverage.swift`).
/// Only there: a GPU draws triangles in one call with no such cost.
struct ShapeCache {
    struct Key: Hashable {
        enum Kind: UInt8 {
            /// An opaque fill's corner fans and feathered edge (its body is three plain rectangles).
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

        /// How far in from each side an edge's band reaches: two pixels of margin, the line, the
        /// feather's pixel, and one to spare.
        var band: Int32 { 2 + (kind == .opaqueFillEdges ? 0 : lineWidth) + 2 }

        /// How far in from each side a corner reaches: past it neither outline curves (a radius
        /// is at most half the shape's size, so one beyond it reaches no further).
        var corner: Int32 { max(band, 2 + Int32(min(radius, Double(max(width, height))).rounded(.up)) + 2) }

        /// The parts of the texture (`width`×`height`: the shape and two pixels around it): the
        /// four corners, the four edge bands between them, then the middle in three rectangles
        /// (none of them overlap). Only a translucent fill is one piece.
        func pieces(width: Int32, height: Int32) -> [SDL_Rect] {
            let all = [SDL_Rect(x: 0, y: 0, w: width, h: height)]
            guard kind != .fill else { return all }
            let (band, corner) = (self.band, self.corner)
            guard width > 2 * corner, height > 2 * corner else { return all }
            let middleWidth = width - 2 * corner, middleHeight = height - 2 * corner
            return [
                SDL_Rect(x: 0, y: 0, w: corner, h: corner), SDL_Rect(x: width - corner, y: 0, w: corner, h: corner),
                SDL_Rect(x: 0, y: height - corner, w: corner, h: corner), SDL_Rect(x: width - corner, y: height - corner, w: corner, h: corner),
                SDL_Rect(x: corner, y: 0, w: middleWidth, h: band), SDL_Rect(x: corner, y: height - band, w: middleWidth, h: band),
                SDL_Rect(x: 0, y: corner, w: band, h: middleHeight), SDL_Rect(x: width - band, y: corner, w: band, h: middleHeight),
                SDL_Rect(x: band, y: corner, w: width - 2 * band, h: middleHeight),
                SDL_Rect(x: corner, y: band, w: middleWidth, h: corner - band),
                SDL_Rect(x: corner, y: height - corner, w: middleWidth, h: corner - band),
            ]
        }
    }

    /// A part of a cached shape as it is drawn: copied from the texture, or filled where every
    /// pixel of it is the same opaque colour (SDL fills far faster than it blends a copy).
    enum Piece {
        case copy(SDL_Rect)
        case fill(SDL_Rect, r: UInt8, g: UInt8, b: UInt8)
    }

    struct Entry {
        var texture: OpaquePointer
        var pieces: [Piece]
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

    /// The cached texture for `key` and how to draw it, marked used.
    mutating func texture(for key: Key) -> (texture: OpaquePointer, pieces: [Piece])? {
        guard let entry = entries[key] else { return nil }
        clock &+= 1
        entries[key]?.used = clock
        return (entry.texture, entry.pieces)
    }

    /// Adds a texture, first destroying the least recently used ones that would overflow the budget.
    mutating func insert(_ texture: OpaquePointer, pieces: [Piece], pixels count: Int, for key: Key) {
        while pixels + count > Self.pixelBudget, let oldest = entries.min(by: { $0.value.used < $1.value.used }) {
            SDL_DestroyTexture(oldest.value.texture)
            pixels -= oldest.value.pixels
            entries[oldest.key] = nil
        }
        clock &+= 1
        entries[key] = Entry(texture: texture, pieces: pieces, pixels: count, used: clock)
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
    /// Draws `key`'s shape from the shape cache (its pixels worked out from coverage), or the
    /// triangles `build` appends to `vertices` and `indices` (in pixels) where it is not cached:
    /// GPU renderers, and a shape larger than `ShapeCache.largestShape`.
    func drawShape(_ key: ShapeCache.Key, in frame: SDL_Rect, build: () -> Void) {
        guard let (texture, pieces) = shapeTexture(key, frame: frame) else {
            build()
            flushGeometry()
            return
        }
        for piece in pieces {
            switch piece {
            case var .copy(source):
                var target = SDL_Rect(x: frame.x + source.x, y: frame.y + source.y, w: source.w, h: source.h)
                SDL_RenderCopy(handle, texture, &source, &target)
            case let .fill(source, r, g, b):
                var target = SDL_Rect(x: frame.x + source.x, y: frame.y + source.y, w: source.w, h: source.h)
                SDL_SetRenderDrawBlendMode(handle, SDL_BLENDMODE_NONE)
                SDL_SetRenderDrawColor(handle, r, g, b, 255)
                SDL_RenderFillRect(handle, &target)
            }
        }
    }

    /// The shape's texture: cached, or made now from the area each pixel covers; nil to draw directly.
    private func shapeTexture(_ key: ShapeCache.Key, frame: SDL_Rect) -> (texture: OpaquePointer, pieces: [ShapeCache.Piece])? {
        guard cachesShapes, glyphPath == .blits else { return nil }
        if let cached = shapeCache.texture(for: key) { return cached }
        guard frame.w > 0, frame.h > 0, Int(frame.w) * Int(frame.h) <= ShapeCache.largestShape,
            let texture = SDL_CreateTexture(
                handle, caret_SDL_PIXELFORMAT_ARGB8888(), Int32(SDL_TEXTUREACCESS_STATIC.rawValue), frame.w, frame.h)
        else { return nil }
        let pixels = key.coveragePixels(width: frame.w, height: frame.h)
        guard SDL_UpdateTexture(texture, nil, pixels, frame.w * 4) == 0 else {
            SDL_DestroyTexture(texture)
            return nil
        }
        SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_BLEND)
        let pieces = ShapeCache.drawnPieces(of: pixels, width: frame.w, height: frame.h, key: key)
        shapeCache.insert(texture, pieces: pieces, pixels: Int(frame.w) * Int(frame.h), for: key)
        return (texture, pieces)
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
