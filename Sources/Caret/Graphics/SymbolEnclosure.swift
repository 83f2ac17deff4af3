// SPDX-License-Identifier: Apache-2.0
import Foundation

/// SF Symbols' enclosed variants of a symbol Caret has: `<name>.circle`, `<name>.circle.fill`,
/// `<name>.square` and `<name>.square.fill` ("magnifyingglass.circle.fill"), drawn as SF Symbols
/// draws them: the symbol at 60 % inside a ring or rounded square outline, or cut out of a filled
/// circle or rounded square.
struct SymbolEnclosure {
    enum Shape { case circle, square }
    let base: String
    let shape: Shape
    let filled: Bool

    /// The enclosure a name asks for; nil for a name without one of the four endings.
    init?(_ name: String) {
        let endings: [(String, Shape, Bool)] = [
            (".circle.fill", .circle, true), (".circle", .circle, false), (".square.fill", .square, true), (".square", .square, false),
        ]
        guard let (ending, shape, filled) = endings.first(where: { name.hasSuffix($0.0) && name.count > $0.0.count }) else { return nil }
        base = String(name.dropLast(ending.count))
        self.shape = shape
        self.filled = filled
    }

    /// The enclosed symbol's mask, the size of the base symbol's.
    func mask(around symbol: SymbolMasks.Mask) -> SymbolMasks.Mask {
        let width = symbol.width, height = symbol.height
        let side = Double(min(width, height))
        let centre = (x: Double(width) / 2, y: Double(height) / 2)
        let half = side / 2 - side / 24  // the outline's outer edge, a little inside the square
        let stroke = side / 14
        let inner = 0.6
        var bytes = [UInt8](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                let px = Double(x) + 0.5 - centre.x, py = Double(y) + 0.5 - centre.y
                // Signed distance to the shape's outer edge (negative inside).
                let distance: Double
                switch shape {
                case .circle:
                    distance = (px * px + py * py).squareRoot() - half
                case .square:
                    let radius = side / 5
                    let qx = abs(px) - (half - radius), qy = abs(py) - (half - radius)
                    distance = (max(qx, 0) * max(qx, 0) + max(qy, 0) * max(qy, 0)).squareRoot() + min(max(qx, qy), 0) - radius
                }
                let body = min(max(0.5 - distance, 0), 1)
                // The symbol scaled into the middle (nearest sample of the base mask).
                let sx = Int((centre.x + px / inner).rounded(.down)), sy = Int((centre.y + py / inner).rounded(.down))
                let glyph = (0..<width).contains(sx) && (0..<height).contains(sy) ? Double(symbol.bytes[sy * width + sx]) / 255 : 0
                let alpha: Double
                if filled {
                    alpha = body * (1 - glyph)
                } else {
                    let ring = min(body, min(max(distance + stroke + 0.5, 0), 1))
                    alpha = max(ring, glyph)
                }
                bytes[y * width + x] = UInt8((alpha * 255).rounded())
            }
        }
        return SymbolMasks.Mask(width: width, height: height, bytes: bytes)
    }
}
