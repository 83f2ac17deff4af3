// SPDX-License-Identifier: Apache-2.0
import CSDL2

/// A GPU renderer's draws of one clip, held back and merged: a draw joins the latest batch with
/// its texture and blend mode unless a batch drawn after that one overlaps it, so a table's rows
/// (a separator, a label and a chevron each) become three draws instead of three per row.
///
/// Mesa's software OpenGL (llvmpipe) spends about 20 µs on each draw call whatever it covers:
/// a 10,000-row table's frame was 3.5× the empty window's for its 80 calls. Overlapping pixels
/// keep their order (a draw never moves past one it overlaps, and within a batch triangles are
/// drawn in order), so the picture is the one drawing each call at once gives.
struct DrawBatches {
    /// What one draw call shares: the texture (none for plain colour) and the blend mode.
    struct Key: Equatable {
        var texture: OpaquePointer?
        var blend: SDL_BlendMode
    }

    struct Batch {
        var key: Key
        var vertices: [SDL_Vertex]
        var indices: [Int32]
        /// The pixel boxes of its draws; past `Self.exactAreas` of them, their union only.
        var areas: [SDL_Rect]
        var union: SDL_Rect
    }

    private(set) var batches: [Batch] = []
    /// A draw looks back at most this many batches for one to join.
    static let lookBack = 8
    /// A batch keeps its draws' boxes apart up to this many, then only their union.
    static let exactAreas = 64

    var isEmpty: Bool { batches.isEmpty }

    /// Adds a draw: `vertices` in pixels, `indices` into them, `area` the pixels it may touch.
    mutating func add(_ key: Key, vertices: [SDL_Vertex], indices: [Int32], area: SDL_Rect) {
        guard !indices.isEmpty, area.w > 0, area.h > 0 else { return }
        var target: Int?
        var index = batches.count - 1
        while index >= 0, batches.count - index <= Self.lookBack {
            if batches[index].key == key {
                target = index
                break
            }
            if batches[index].overlaps(area) { break }
            index -= 1
        }
        guard let target else {
            batches.append(Batch(key: key, vertices: vertices, indices: indices, areas: [area], union: area))
            return
        }
        let base = Int32(batches[target].vertices.count)
        batches[target].vertices += vertices
        batches[target].indices += indices.map { $0 + base }
        batches[target].add(area)
    }

    /// Hands every batch to SDL in order, one call each, and empties the list; returns the calls.
    @discardableResult
    mutating func flush(to handle: OpaquePointer) -> Int {
        let calls = batches.count
        for batch in batches {
            if let texture = batch.key.texture {
                SDL_SetTextureBlendMode(texture, batch.key.blend)
            } else {
                SDL_SetRenderDrawBlendMode(handle, batch.key.blend)
            }
            SDL_RenderGeometry(
                handle, batch.key.texture, batch.vertices, Int32(batch.vertices.count), batch.indices, Int32(batch.indices.count))
        }
        batches.removeAll(keepingCapacity: true)
        return calls
    }

    /// Whether two clips (nil: none) are the same pixels.
    static func same(_ a: SDL_Rect?, _ b: SDL_Rect?) -> Bool {
        guard let a, let b else { return a == nil && b == nil }
        return a.x == b.x && a.y == b.y && a.w == b.w && a.h == b.h
    }

    /// Forgets the batches unsent (their textures are gone).
    mutating func discard() { batches.removeAll() }

    /// The pixel box around vertices (a pixel more each side for rounding).
    static func area(of vertices: [SDL_Vertex]) -> SDL_Rect {
        guard let first = vertices.first else { return SDL_Rect(x: 0, y: 0, w: 0, h: 0) }
        var x0 = first.position.x, y0 = first.position.y, x1 = x0, y1 = y0
        for v in vertices.dropFirst() {
            x0 = min(x0, v.position.x)
            y0 = min(y0, v.position.y)
            x1 = max(x1, v.position.x)
            y1 = max(y1, v.position.y)
        }
        let left = Int32(x0.rounded(.down)) - 1, top = Int32(y0.rounded(.down)) - 1
        return SDL_Rect(x: left, y: top, w: Int32(x1.rounded(.up)) + 1 - left, h: Int32(y1.rounded(.up)) + 1 - top)
    }

    /// A rectangle's two triangles in one colour, untextured or over a texture's `uv` box.
    static func quad(
        _ r: SDL_Rect, color: SDL_Color, uv: (u0: Float, v0: Float, u1: Float, v1: Float) = (0, 0, 0, 0)
    ) -> (vertices: [SDL_Vertex], indices: [Int32]) {
        let x0 = Float(r.x), y0 = Float(r.y), x1 = Float(r.x + r.w), y1 = Float(r.y + r.h)
        return (
            [
                SDL_Vertex(position: SDL_FPoint(x: x0, y: y0), color: color, tex_coord: SDL_FPoint(x: uv.u0, y: uv.v0)),
                SDL_Vertex(position: SDL_FPoint(x: x1, y: y0), color: color, tex_coord: SDL_FPoint(x: uv.u1, y: uv.v0)),
                SDL_Vertex(position: SDL_FPoint(x: x1, y: y1), color: color, tex_coord: SDL_FPoint(x: uv.u1, y: uv.v1)),
                SDL_Vertex(position: SDL_FPoint(x: x0, y: y1), color: color, tex_coord: SDL_FPoint(x: uv.u0, y: uv.v1)),
            ],
            [0, 1, 2, 0, 2, 3]
        )
    }
}

extension DrawBatches.Batch {
    func overlaps(_ area: SDL_Rect) -> Bool {
        guard Self.intersect(union, area) else { return false }
        if areas.isEmpty { return true }  // only the union is kept
        return areas.contains { Self.intersect($0, area) }
    }

    mutating func add(_ area: SDL_Rect) {
        let x0 = min(union.x, area.x), y0 = min(union.y, area.y)
        let x1 = max(union.x + union.w, area.x + area.w), y1 = max(union.y + union.h, area.y + area.h)
        union = SDL_Rect(x: x0, y: y0, w: x1 - x0, h: y1 - y0)
        if areas.isEmpty { return }
        if areas.count >= DrawBatches.exactAreas { areas.removeAll() } else { areas.append(area) }
    }

    static func intersect(_ a: SDL_Rect, _ b: SDL_Rect) -> Bool {
        a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h
    }
}
