// SPDX-License-Identifier: Apache-2.0
import CSDL2

/// A cached shape's pixels, worked out from the area of each pixel the shape covers.
///
/// SDL's software renderer drops the fraction of a vertex's position, so its feathered triangles
/// put a half-coloured line on both sides of every straight edge: a one-pixel outline came out as
/// three rows, blurred, and each of those rows was blended on every frame. A pixel's colour is now
/// its share of the shape: straight edges on pixel boundaries are whole pixels (as a GPU draws
/// them), and only the pixels a corner's curve crosses are partial, each measured by sampling it
/// 16 × 16 times.
struct RoundedRectArea {
    var minX: Double
    var minY: Double
    var maxX: Double
    var maxY: Double
    /// The corner radius, at most half the width and half the height.
    var radius: Double

    init(minX: Double, minY: Double, maxX: Double, maxY: Double, radius: Double) {
        self.minX = minX
        self.minY = minY
        self.maxX = maxX
        self.maxY = maxY
        self.radius = max(0, min(radius, (maxX - minX) / 2, (maxY - minY) / 2))
    }

    /// The same shape moved in by `inset` on every side, its radius shrunk by as much (none
    /// when the inset reaches past it): the inside edge of an outline that wide.
    func inset(by inset: Double) -> RoundedRectArea? {
        guard maxX - minX > 2 * inset, maxY - minY > 2 * inset else { return nil }
        return RoundedRectArea(minX: minX + inset, minY: minY + inset, maxX: maxX - inset, maxY: maxY - inset, radius: radius - inset)
    }

    /// The signed distance from a point to the outline: negative inside.
    func distance(_ x: Double, _ y: Double) -> Double {
        let halfWidth = (maxX - minX) / 2, halfHeight = (maxY - minY) / 2
        let qx = abs(x - (minX + halfWidth)) - (halfWidth - radius)
        let qy = abs(y - (minY + halfHeight)) - (halfHeight - radius)
        let ox = max(qx, 0), oy = max(qy, 0)
        return (ox * ox + oy * oy).squareRoot() + min(max(qx, qy), 0) - radius
    }

    /// The share of the pixel whose top-left corner is (`x`, `y`) inside the shape, 0 to 1.
    func coverage(x: Int32, y: Int32) -> Double {
        let left = Double(x), top = Double(y)
        let overlapX = max(0, min(left + 1, maxX) - max(left, minX))
        let overlapY = max(0, min(top + 1, maxY) - max(top, minY))
        guard overlapX > 0, overlapY > 0 else { return 0 }
        let nearSide = left < minX + radius || left + 1 > maxX - radius
        let nearEnd = top < minY + radius || top + 1 > maxY - radius
        // Away from the corners the shape is its rectangle here.
        guard radius > 0, nearSide, nearEnd else { return overlapX * overlapY }
        // A pixel whose centre is farther from the outline than half its diagonal is all in or out.
        let centre = distance(left + 0.5, top + 0.5)
        if centre <= -0.7072 { return overlapX * overlapY }
        if centre >= 0.7072 { return 0 }
        var inside = 0
        for sy in 0..<16 {
            let sampleY = top + (Double(sy) + 0.5) / 16
            for sx in 0..<16 where distance(left + (Double(sx) + 0.5) / 16, sampleY) <= 0 { inside += 1 }
        }
        return Double(inside) / 256
    }
}

extension ShapeCache.Key {
    /// The shape's pixels in its texture (`width`×`height`, the shape two pixels in from each
    /// side), straight-alpha ARGB, clear pixels 0: an outline's ring, a fill, or an opaque fill's
    /// edges (its body, drawn as rectangles, left clear). Between the corners a straight edge's
    /// pixels are the same along it, so one column of the top and bottom bands and one row of
    /// the side bands are worked out and repeated: pixel for pixel what `pixel(x:y:)` gives
    /// everywhere, for the corners' area instead of the whole texture's (a field's border at
    /// 440×44 points cost 5 million instructions of its first frame).
    func coveragePixels(width: Int32, height: Int32) -> [UInt32] {
        let shape = Coverage(key: self)
        var pixels = [UInt32](repeating: 0, count: Int(width) * Int(height))
        let w = Int(width)
        let corner = self.corner
        guard width > 2 * corner, height > 2 * corner else {
            for y in 0..<height { for x in 0..<width { pixels[Int(y) * w + Int(x)] = shape.pixel(x: x, y: y) } }
            return pixels
        }
        for y in 0..<height {
            let middleRow = y >= corner && y < height - corner
            let row = Int(y) * w
            if middleRow {
                // The side bands: worked out once for the first such row, copied to the others.
                if y == corner {
                    for x in 0..<width where x < corner || x >= width - corner { pixels[row + Int(x)] = shape.pixel(x: x, y: y) }
                } else {
                    let first = Int(corner) * w
                    for x in 0..<Int(corner) { pixels[row + x] = pixels[first + x] }
                    for x in (w - Int(corner))..<w { pixels[row + x] = pixels[first + x] }
                }
                // The middle of a middle row is one value (the body's, the fill's or clear).
                let value = shape.pixel(x: corner, y: corner)
                if value != 0 { for x in Int(corner)..<(w - Int(corner)) { pixels[row + x] = value } }
            } else {
                for x in 0..<corner { pixels[row + Int(x)] = shape.pixel(x: x, y: y) }
                for x in (width - corner)..<width { pixels[row + Int(x)] = shape.pixel(x: x, y: y) }
                // The top and bottom bands between the corners: one pixel, repeated along the edge.
                let value = shape.pixel(x: corner, y: y)
                if value != 0 { for x in Int(corner)..<(w - Int(corner)) { pixels[row + x] = value } }
            }
        }
        return pixels
    }

    /// One pixel of the shape's texture, worked out on its own: what `coveragePixels` repeats.
    func pixel(x: Int32, y: Int32) -> UInt32 { Coverage(key: self).pixel(x: x, y: y) }

    /// The outlines and colour of a key's shape, for working out its pixels.
    private struct Coverage {
        let outer: RoundedRectArea
        let inner: RoundedRectArea?
        let body: [SDL_Rect]
        let alpha: Double
        let rgb: UInt32

        init(key: ShapeCache.Key) {
            outer = RoundedRectArea(minX: 2, minY: 2, maxX: Double(2 + key.width), maxY: Double(2 + key.height), radius: key.radius)
            inner = key.kind == .stroke ? outer.inset(by: Double(key.lineWidth)) : nil
            body =
                key.kind == .opaqueFillEdges
                ? ShapeCache.opaqueBody(x0: 2, y0: 2, x1: 2 + key.width, y1: 2 + key.height, radius: key.radius) : []
            alpha = Double(key.color & 0xFF)
            rgb = key.color >> 8
        }

        func pixel(x: Int32, y: Int32) -> UInt32 {
            if body.contains(where: { x >= $0.x && x < $0.x + $0.w && y >= $0.y && y < $0.y + $0.h }) { return 0 }
            var share = outer.coverage(x: x, y: y)
            if share > 0, let inner { share -= inner.coverage(x: x, y: y) }
            let a = UInt32((max(0, share) * alpha).rounded())
            return a > 0 ? a << 24 | rgb : 0
        }
    }
}

extension ShapeCache {
    /// An opaque rounded fill's body in pixels, up to where its corners curve: the full-width
    /// middle, and the strips above and below it between the corners (none overlapping).
    static func opaqueBody(x0: Int32, y0: Int32, x1: Int32, y1: Int32, radius: Double) -> [SDL_Rect] {
        let r = max(0, min(radius, Double(x1 - x0) / 2, Double(y1 - y0) / 2))
        let ri = Int32(r.rounded(.up))
        let between = max(0, x1 - x0 - 2 * ri)
        return [
            SDL_Rect(x: x0, y: y0 + ri, w: x1 - x0, h: max(0, y1 - y0 - 2 * ri)),
            SDL_Rect(x: x0 + ri, y: y0, w: between, h: min(ri, y1 - y0)),
            SDL_Rect(x: x0 + ri, y: max(y0 + ri, y1 - ri), w: between, h: min(ri, y1 - y0 - ri)),
        ].filter { $0.w > 0 && $0.h > 0 }
    }
}
