// SPDX-License-Identifier: Apache-2.0
/// Resampling an image to another pixel size, once, in the core: renderers draw the result
/// pixel for pixel, so a clipped draw gives exactly the pixels of an unclipped one (a scaled copy
/// that a clip cuts samples differently in SDL's software renderer), and a symbol drawn far below
/// its size keeps its thin strokes (every source pixel counts, where a bilinear copy samples four).
extension Image {
    /// This image at another pixel size: area-averaged when smaller, bilinear when larger, in
    /// premultiplied alpha (no dark fringes), at the same scale, rendering mode and symbol flag.
    public func resampled(pixelWidth width: Int, pixelHeight height: Int) -> Image {
        guard width > 0, height > 0, width != pixelWidth || height != pixelHeight else { return self }
        let columns = Self.weights(from: pixelWidth, to: width)
        let rows = Self.weights(from: pixelHeight, to: height)
        // Premultiplied floats, then a horizontal pass into a width × pixelHeight buffer.
        var source = [Float](repeating: 0, count: pixelWidth * pixelHeight * 4)
        for i in stride(from: 0, to: pixels.count, by: 4) {
            let a = Float(pixels[i + 3]) / 255
            source[i] = Float(pixels[i]) * a
            source[i + 1] = Float(pixels[i + 1]) * a
            source[i + 2] = Float(pixels[i + 2]) * a
            source[i + 3] = a * 255
        }
        var across = [Float](repeating: 0, count: width * pixelHeight * 4)
        for y in 0..<pixelHeight {
            for (x, taps) in columns.enumerated() {
                let out = (y * width + x) * 4
                for (sx, weight) in taps {
                    let inp = (y * pixelWidth + sx) * 4
                    for c in 0..<4 { across[out + c] += source[inp + c] * weight }
                }
            }
        }
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        for (y, taps) in rows.enumerated() {
            for x in 0..<width {
                var sum: (Float, Float, Float, Float) = (0, 0, 0, 0)
                for (sy, weight) in taps {
                    let inp = (sy * width + x) * 4
                    sum.0 += across[inp] * weight
                    sum.1 += across[inp + 1] * weight
                    sum.2 += across[inp + 2] * weight
                    sum.3 += across[inp + 3] * weight
                }
                let out = (y * width + x) * 4
                let alpha = min(255, max(0, sum.3))
                guard alpha > 0 else { continue }
                let unpremultiply = 255 / alpha
                bytes[out] = Self.byte(sum.0 * unpremultiply)
                bytes[out + 1] = Self.byte(sum.1 * unpremultiply)
                bytes[out + 2] = Self.byte(sum.2 * unpremultiply)
                bytes[out + 3] = Self.byte(alpha)
            }
        }
        // The size and byte count are consistent by construction.
        return
            (try? Image(
                pixels: bytes, pixelWidth: width, pixelHeight: height, scale: scale,
                renderingMode: renderingMode, isSymbol: isSymbolImage)) ?? self
    }

    private static func byte(_ value: Float) -> UInt8 { UInt8(min(255, max(0, value.rounded()))) }

    /// For each destination pixel along an axis, the source pixels it takes and their weights
    /// (summing to 1): the overlap of the pixel's span when shrinking, a tent when growing.
    private static func weights(from source: Int, to destination: Int) -> [[(Int, Float)]] {
        let ratio = Double(source) / Double(destination)
        return (0..<destination).map { d in
            if ratio >= 1 {
                let start = Double(d) * ratio, end = start + ratio
                var taps: [(Int, Float)] = []
                var s = Int(start)
                while Double(s) < end && s < source {
                    let overlap = min(end, Double(s + 1)) - max(start, Double(s))
                    if overlap > 0 { taps.append((s, Float(overlap / ratio))) }
                    s += 1
                }
                return taps
            }
            let centre = (Double(d) + 0.5) * ratio - 0.5
            let left = Int(centre.rounded(.down))
            let fraction = Float(centre - Double(left))
            let a = min(max(left, 0), source - 1), b = min(max(left + 1, 0), source - 1)
            return a == b ? [(a, Float(1))] : [(a, 1 - fraction), (b, fraction)]
        }
    }
}
