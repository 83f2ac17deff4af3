// SPDX-License-Identifier: Apache-2.0
import CSDL2
import Caret
import CaretText

/// Points snapped to pixels, the draw colour and the clip; rectangles, rounded rectangles (with
/// feathered edges), outlines and lines, batched as geometry.
extension SDLRenderer {
    // MARK: Pixel snapping

    func px(_ value: Double) -> Int32 { Int32((value * scale).rounded()) }

    func pixelRect(_ rect: Rect) -> SDL_Rect {
        let x0 = px(rect.minX), y0 = px(rect.minY), x1 = px(rect.maxX), y1 = px(rect.maxY)
        return SDL_Rect(x: x0, y: y0, w: max(0, x1 - x0), h: max(0, y1 - y0))
    }

    /// Sets the draw colour; opaque colours draw without blending, which SDL's software renderer
    /// turns into plain fills (a full 1280×800 fill: 9.6 ms blended, a fraction of that unblended).
    func setColor(_ color: Color) {
        let c = color.bytes
        SDL_SetRenderDrawBlendMode(handle, c.a == 255 ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND)
        SDL_SetRenderDrawColor(handle, c.r, c.g, c.b, c.a)
    }

    // MARK: Shapes

    public func setClip(_ rect: Rect?) {
        let pixels = rect.map(pixelRect)
        if !DrawBatches.same(pixels, clipPixels) { flushBatches() }  // the draws held back are clipped as they were
        guard let rect else {
            clipIsEmpty = false
            clipPixels = nil
            SDL_RenderSetClipRect(handle, nil)
            return
        }
        var r = pixelRect(rect)
        clipPixels = r
        // SDL treats an empty clip rectangle as "no clipping", so an empty clip skips drawing instead.
        clipIsEmpty = r.w <= 0 || r.h <= 0
        if !clipIsEmpty { SDL_RenderSetClipRect(handle, &r) }
    }

    func flushGeometry(texture: OpaquePointer? = nil) {
        guard !indices.isEmpty else { return }
        trianglesDrawn += indices.count / 3
        submitGeometry(texture, blend: SDL_BLENDMODE_BLEND, vertices: vertices, indices: indices)
        vertices.removeAll(keepingCapacity: true)
        indices.removeAll(keepingCapacity: true)
    }

    public func fill(_ rect: Rect, color: Color) {
        guard !clipIsEmpty else { return }
        let r = pixelRect(rect)
        guard r.w > 0, r.h > 0 else { return }
        fillPixels([r], color: color)
    }

    public func fill(_ rects: [Rect], color: Color) {
        guard !clipIsEmpty else { return }
        var pixels: [SDL_Rect] = []
        pixels.reserveCapacity(rects.count)
        for rect in rects {
            let pixel = pixelRect(rect)
            if pixel.w > 0 && pixel.h > 0 { pixels.append(pixel) }
        }
        fillPixels(pixels, color: color)
    }

    /// Fills pixel rectangles in one colour: merged with other draws on a GPU, SDL's fills
    /// (unblended where opaque: its software renderer's fast path) otherwise.
    func fillPixels(_ rects: [SDL_Rect], color: Color) {
        guard !rects.isEmpty else { return }
        if batching {
            let c = sdlColor(color)
            for r in rects where r.w > 0 && r.h > 0 {
                let quad = DrawBatches.quad(r, color: c)
                batches.add(.init(texture: nil, blend: SDL_BLENDMODE_BLEND), vertices: quad.vertices, indices: quad.indices, area: r)
            }
            return
        }
        setColor(color)
        drawCalls += 1
        if rects.count == 1 {
            var r = rects[0]
            SDL_RenderFillRect(handle, &r)
        } else {
            SDL_RenderFillRects(handle, rects, Int32(rects.count))
        }
    }

    // MARK: Batching

    /// Whether draws are held back and merged (a GPU renderer; see `DrawBatches`).
    var batching: Bool { batchesDraws && glyphPath == .geometry }

    /// Triangles in pixels, over a texture or in their vertices' colours (untextured geometry
    /// takes the draw blend mode, textured the texture's: `blend` is set for it).
    func submitGeometry(_ texture: OpaquePointer?, blend: SDL_BlendMode, vertices: [SDL_Vertex], indices: [Int32]) {
        if batching {
            batches.add(.init(texture: texture, blend: blend), vertices: vertices, indices: indices, area: DrawBatches.area(of: vertices))
            return
        }
        if let texture { SDL_SetTextureBlendMode(texture, blend) } else { SDL_SetRenderDrawBlendMode(handle, blend) }
        drawCalls += 1
        SDL_RenderGeometry(handle, texture, vertices, Int32(vertices.count), indices, Int32(indices.count))
    }

    /// A whole texture copied onto a pixel rectangle with an alpha, as two triangles held back
    /// (SDL's copy takes the texture's alpha modulation; geometry takes its vertices' colours).
    func submitCopy(_ texture: OpaquePointer, blend: SDL_BlendMode, alpha: UInt8, to target: SDL_Rect) {
        let quad = DrawBatches.quad(target, color: SDL_Color(r: 255, g: 255, b: 255, a: alpha), uv: (0, 0, 1, 1))
        batches.add(.init(texture: texture, blend: blend), vertices: quad.vertices, indices: quad.indices, area: target)
    }

    /// Sends the draws held back to SDL (before the clip, the target or a texture changes).
    func flushBatches() {
        guard !batches.isEmpty else { return }
        drawCalls += batches.flush(to: handle)
    }

    /// Where an anti-aliased edge puts its solid and its clear vertices, in pixels out from the
    /// edge: half a pixel either side where positions are sub-pixel (a GPU samples pixel centres);
    /// with SDL's software rasteriser, which drops a vertex's fraction, solid on the edge and clear
    /// a whole pixel out (else a one-pixel outline came out half on each of two pixels).
    var edgeFeather: (solid: Double, clear: Double) { glyphPath == .blits ? (0, 1) : (-0.5, 0.5) }

    /// The outline of a rounded rectangle in pixels, clockwise, with the same number of points
    /// for any radius so that two outlines can be joined into a ring.
    func outline(_ rect: Rect, radius: Double, grow: Double, segments: Int) -> [SDL_FPoint] {
        let x0 = Double(px(rect.minX)) - grow, y0 = Double(px(rect.minY)) - grow
        let x1 = Double(px(rect.maxX)) + grow, y1 = Double(px(rect.maxY)) + grow
        let r = max(0, min(radius * scale + grow, (x1 - x0) / 2, (y1 - y0) / 2))
        let corners: [(Double, Double, Double)] = [
            (x1 - r, y0 + r, -Double.pi / 2), (x1 - r, y1 - r, 0), (x0 + r, y1 - r, Double.pi / 2), (x0 + r, y0 + r, Double.pi),
        ]
        var points: [SDL_FPoint] = []
        points.reserveCapacity(corners.count * (segments + 1))
        for (cx, cy, start) in corners {
            for i in 0...segments {
                let a = start + Double.pi / 2 * Double(i) / Double(segments)
                points.append(SDL_FPoint(x: Float(cx + r * cos(a)), y: Float(cy + r * sin(a))))
            }
        }
        return points
    }

    func segments(for radius: Double) -> Int { max(2, min(16, Int(radius * scale / 2))) }

    func sdlColor(_ color: Color, alpha: Double = 1) -> SDL_Color {
        let c = color.bytes
        return SDL_Color(r: c.r, g: c.g, b: c.b, a: UInt8((Double(c.a) * alpha).rounded()))
    }

    func appendRing(outer: [SDL_FPoint], outerColor: SDL_Color, inner: [SDL_FPoint], innerColor: SDL_Color) {
        let base = Int32(vertices.count)
        let n = Int32(outer.count)
        for p in outer { vertices.append(SDL_Vertex(position: p, color: outerColor, tex_coord: SDL_FPoint(x: 0, y: 0))) }
        for p in inner { vertices.append(SDL_Vertex(position: p, color: innerColor, tex_coord: SDL_FPoint(x: 0, y: 0))) }
        for i in 0..<n {
            let j = (i + 1) % n
            indices += [base + i, base + j, base + n + i, base + j, base + n + j, base + n + i]
        }
    }

    public func fillRoundedRect(_ rect: Rect, radius: Double, color: Color) {
        guard !clipIsEmpty else { return }
        if radius * scale < 1 { return fill(rect, color: color) }
        if color.alpha >= 1 {
            // Opaque: the body as plain rectangles (the fast, unblended path: a software
            // renderer rasterises triangles slowly), fans only over the four corners.
            fillPixels(opaqueBody(rect, radius: radius), color: color)
            drawShape(shapeKey(.opaqueFillEdges, rect, radius: radius, color: color), in: shapeFrame(rect)) {
                appendOpaqueFillEdges(rect, radius: radius, color: color)
            }
            return
        }
        // A fan over the inner outline, then a one-pixel feathered ring for smooth edges.
        let n = segments(for: radius)
        let solid = sdlColor(color), clear = sdlColor(color, alpha: 0)
        let feather = edgeFeather
        drawShape(shapeKey(.fill, rect, radius: radius, color: color), in: shapeFrame(rect)) {
            let inner = outline(rect, radius: radius, grow: feather.solid, segments: n)
            let outer = outline(rect, radius: radius, grow: feather.clear, segments: n)
            let center = SDL_FPoint(x: Float(Double(px(rect.midX))), y: Float(Double(px(rect.midY))))
            let base = Int32(vertices.count)
            vertices.append(SDL_Vertex(position: center, color: solid, tex_coord: SDL_FPoint(x: 0, y: 0)))
            for p in inner { vertices.append(SDL_Vertex(position: p, color: solid, tex_coord: SDL_FPoint(x: 0, y: 0))) }
            let count = Int32(inner.count)
            for i in 0..<count { indices += [base, base + 1 + i, base + 1 + (i + 1) % count] }
            appendRing(outer: outer, outerColor: clear, inner: inner, innerColor: solid)
        }
    }

    /// An opaque rounded fill's body in pixels (see `ShapeCache.opaqueBody`).
    private func opaqueBody(_ rect: Rect, radius: Double) -> [SDL_Rect] {
        ShapeCache.opaqueBody(x0: px(rect.minX), y0: px(rect.minY), x1: px(rect.maxX), y1: px(rect.maxY), radius: radius * scale)
    }

    /// Appends an opaque rounded fill's corner fans and feathered edge (its body is rectangles).
    private func appendOpaqueFillEdges(_ rect: Rect, radius: Double, color: Color) {
        let n = segments(for: radius)
        let solid = sdlColor(color), clear = sdlColor(color, alpha: 0)
        let feather = edgeFeather
        let x0 = Double(px(rect.minX)), y0 = Double(px(rect.minY))
        let x1 = Double(px(rect.maxX)), y1 = Double(px(rect.maxY))
        let r = max(0, min(radius * scale, (x1 - x0) / 2, (y1 - y0) / 2))
        let inner = outline(rect, radius: radius, grow: feather.solid, segments: n)
        let outer = outline(rect, radius: radius, grow: feather.clear, segments: n)
        let centres = [(x1 - r, y0 + r), (x1 - r, y1 - r), (x0 + r, y1 - r), (x0 + r, y0 + r)]
        for (k, c) in centres.enumerated() {
            let base = Int32(vertices.count)
            let centre = SDL_FPoint(x: Float(c.0), y: Float(c.1))
            vertices.append(SDL_Vertex(position: centre, color: solid, tex_coord: SDL_FPoint(x: 0, y: 0)))
            for p in inner[(k * (n + 1))..<((k + 1) * (n + 1))] {
                vertices.append(SDL_Vertex(position: p, color: solid, tex_coord: SDL_FPoint(x: 0, y: 0)))
            }
            for i in 0..<Int32(n) { indices += [base, base + 1 + i, base + 2 + i] }
        }
        appendRing(outer: outer, outerColor: clear, inner: inner, innerColor: solid)
    }

    public func strokeRoundedRect(_ rect: Rect, radius: Double, lineWidth: Double, color: Color) {
        guard !clipIsEmpty else { return }
        let r = pixelRect(rect)
        let lw = max(1, Int32((lineWidth * scale).rounded()))
        if radius * scale < 1 {
            let edges = [
                SDL_Rect(x: r.x, y: r.y, w: r.w, h: min(lw, r.h)),
                SDL_Rect(x: r.x, y: r.y + r.h - min(lw, r.h), w: r.w, h: min(lw, r.h)),
                SDL_Rect(x: r.x, y: r.y + lw, w: min(lw, r.w), h: max(0, r.h - 2 * lw)),
                SDL_Rect(x: r.x + r.w - min(lw, r.w), y: r.y + lw, w: min(lw, r.w), h: max(0, r.h - 2 * lw)),
            ]
            fillPixels(edges, color: color)
            return
        }
        drawShape(shapeKey(.stroke, rect, radius: radius, lineWidth: lw, color: color), in: shapeFrame(rect)) {
            appendStroke(rect, radius: radius, lineWidth: lw, color: color)
        }
    }

    /// Appends a rounded outline's rings: feather, line, feather.
    private func appendStroke(_ rect: Rect, radius: Double, lineWidth lw: Int32, color: Color) {
        let n = segments(for: radius)
        let w = Double(lw)
        let solid = sdlColor(color), clear = sdlColor(color, alpha: 0)
        let feather = edgeFeather
        let outerFeather = outline(rect, radius: radius, grow: feather.clear, segments: n)
        let outerSolid = outline(rect, radius: radius, grow: feather.solid, segments: n)
        let innerSolid = outline(rect, radius: radius, grow: -(w + feather.solid), segments: n)
        let innerFeather = outline(rect, radius: radius, grow: -(w + feather.clear), segments: n)
        appendRing(outer: outerFeather, outerColor: clear, inner: outerSolid, innerColor: solid)
        if w + 2 * feather.solid > 0 { appendRing(outer: outerSolid, outerColor: solid, inner: innerSolid, innerColor: solid) }
        appendRing(outer: innerSolid, outerColor: solid, inner: innerFeather, innerColor: clear)
    }

    public func drawLine(from start: Point, to end: Point, width: Double, color: Color) {
        guard !clipIsEmpty else { return }
        if start.x == end.x || start.y == end.y {
            // Axis-aligned: a crisp rectangle centred on the line.
            let half = width / 2
            let rect =
                start.x == end.x
                ? Rect(x: start.x - half, y: min(start.y, end.y), width: width, height: abs(end.y - start.y))
                : Rect(x: min(start.x, end.x), y: start.y - half, width: abs(end.x - start.x), height: width)
            return fill(rect, color: color)
        }
        let dx = end.x - start.x, dy = end.y - start.y
        let length = (dx * dx + dy * dy).squareRoot()
        let nx = -dy / length * width * scale / 2, ny = dx / length * width * scale / 2
        let c = sdlColor(color)
        let base = Int32(vertices.count)
        for (x, y) in [
            (start.x * scale + nx, start.y * scale + ny), (end.x * scale + nx, end.y * scale + ny),
            (end.x * scale - nx, end.y * scale - ny), (start.x * scale - nx, start.y * scale - ny),
        ] {
            vertices.append(
                SDL_Vertex(position: SDL_FPoint(x: Float(x), y: Float(y)), color: c, tex_coord: SDL_FPoint(x: 0, y: 0)))
        }
        indices += [base, base + 1, base + 2, base, base + 2, base + 3]
        flushGeometry()
    }
}
