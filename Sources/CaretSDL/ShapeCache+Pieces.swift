// SPDX-License-Identifier: Apache-2.0
import CSDL2

/// How a cached shape is drawn, worked out once from its pixels when it is made.
///
/// SDL's software renderer blends a copied pixel at about the cost of filling three to fifteen:
/// a ten-field form's outlines and fill edges were copied as bands five and four pixels deep
/// along each long edge, most of them clear, and the bands cost a quarter of the form's frame.
/// Along a straight edge every line of a band is one colour, so each band is cut to the lines
/// that hold colour, and a line of one opaque colour (an outline's own line) is filled instead
/// of blended; a middle of one colour is one fill, a clear one nothing.
/// The pixels drawn are the texture's, exactly.
extension ShapeCache {
    /// What a line of pixels (a band's row or column) holds.
    private enum Line: Equatable {
        /// Nothing: every pixel is clear.
        case clear
        /// One opaque colour (ARGB) all along.
        case solid(UInt32)
        /// Anything else: copied, blended.
        case blended
    }

    /// The pieces to draw of a shape `width`×`height` whose straight-alpha pixels (ARGB, clear
    /// pixels 0) are `pixels`: the corners cut to the box of their coloured pixels, and each band
    /// and piece of the middle cut to its coloured lines, runs of one opaque colour filled and the
    /// rest copied.
    static func drawnPieces(of pixels: [UInt32], width: Int32, height: Int32, key: Key) -> [Piece] {
        let geometric = key.pieces(width: width, height: height)
        guard pixels.count == Int(width) * Int(height), geometric.count == 11 else { return geometric.map { .copy($0) } }
        func pixel(_ x: Int32, _ y: Int32) -> UInt32 { pixels[Int(y) * Int(width) + Int(x)] }
        func line(_ rect: SDL_Rect) -> Line {
            let first = pixel(rect.x, rect.y)
            var same = true, coloured = false
            for y in rect.y..<(rect.y + rect.h) {
                for x in rect.x..<(rect.x + rect.w) {
                    let p = pixel(x, y)
                    if p != 0 { coloured = true }
                    if p != first { same = false }
                }
            }
            if !coloured { return .clear }
            return same && first >> 24 == 255 ? .solid(first) : .blended
        }
        var pieces: [Piece] = []
        for (index, part) in geometric.enumerated() {
            if index < 4 {
                if let box = colouredBox(in: part, pixel) { pieces.append(.copy(box)) }
                continue
            }
            // The top and bottom bands and the middle's pieces are cut in rows; the sides in columns.
            let rows = index < 6 || index >= 8
            let count = rows ? part.h : part.w
            func lineRect(_ i: Int32, _ n: Int32) -> SDL_Rect {
                rows
                    ? SDL_Rect(x: part.x, y: part.y + i, w: part.w, h: n)
                    : SDL_Rect(x: part.x + i, y: part.y, w: n, h: part.h)
            }
            var i: Int32 = 0
            while i < count {
                let kind = line(lineRect(i, 1))
                var n: Int32 = 1
                while i + n < count, line(lineRect(i + n, 1)) == kind { n += 1 }
                switch kind {
                case .clear: break
                case .blended: pieces.append(.copy(lineRect(i, n)))
                case let .solid(c): pieces.append(.fill(lineRect(i, n), r: UInt8(c >> 16 & 0xFF), g: UInt8(c >> 8 & 0xFF), b: UInt8(c & 0xFF)))
                }
                i += n
            }
        }
        return pieces
    }

    /// The smallest rectangle inside `rect` that holds every coloured pixel; nil when none is.
    private static func colouredBox(in rect: SDL_Rect, _ pixel: (Int32, Int32) -> UInt32) -> SDL_Rect? {
        var minX = Int32.max, minY = Int32.max, maxX = Int32.min, maxY = Int32.min
        for y in rect.y..<(rect.y + rect.h) {
            for x in rect.x..<(rect.x + rect.w) where pixel(x, y) != 0 {
                minX = min(minX, x)
                maxX = max(maxX, x)
                minY = min(minY, y)
                maxY = max(maxY, y)
            }
        }
        guard minX <= maxX else { return nil }
        return SDL_Rect(x: minX, y: minY, w: maxX - minX + 1, h: maxY - minY + 1)
    }
}
