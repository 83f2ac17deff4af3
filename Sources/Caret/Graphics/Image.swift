// SPDX-License-Identifier: Apache-2.0
/// A bitmap image: straight (non-premultiplied) RGBA bytes, row by row, at a scale factor.
/// Backends decode files into images; the core only reads their pixels and size.
public final class Image: Sendable, Hashable {
    /// Width in pixels.
    public let pixelWidth: Int
    /// Height in pixels.
    public let pixelHeight: Int
    /// Pixels per point (2 for an @2x asset).
    public let scale: Double
    /// RGBA bytes, `pixelWidth * pixelHeight * 4` of them.
    public let pixels: [UInt8]
    /// Whether views draw it in its own colours or as a shape in their tint colour.
    public let renderingMode: RenderingMode
    /// Whether it is a system symbol (`init?(systemName:)`), drawn in the tint colour unless told otherwise.
    public let isSymbolImage: Bool
    /// Hashes this object in every run alike (never its address).
    private let serial = IdentitySerial.next()

    /// Creates an image from RGBA bytes; fails when the byte count does not match the size.
    public convenience init(pixels: [UInt8], pixelWidth: Int, pixelHeight: Int, scale: Double = 1) throws(CaretError) {
        try self.init(pixels: pixels, pixelWidth: pixelWidth, pixelHeight: pixelHeight, scale: scale, renderingMode: .automatic, isSymbol: false)
    }

    init(pixels: [UInt8], pixelWidth: Int, pixelHeight: Int, scale: Double, renderingMode: RenderingMode, isSymbol: Bool) throws(CaretError) {
        guard pixelWidth > 0, pixelHeight > 0, pixels.count == pixelWidth * pixelHeight * 4, scale > 0 else {
            throw CaretError.invalidImage(
                "expected \(max(0, pixelWidth) * max(0, pixelHeight) * 4) RGBA bytes for \(pixelWidth)×\(pixelHeight), got \(pixels.count)"
            )
        }
        self.pixels = pixels
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
        self.scale = scale
        self.renderingMode = renderingMode
        isSymbolImage = isSymbol
    }

    /// The size in points.
    public var size: Size { Size(width: Double(pixelWidth) / scale, height: Double(pixelHeight) / scale) }

    /// The RGBA value of one pixel.
    public func pixel(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        let i = (y * pixelWidth + x) * 4
        return (pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3])
    }

    public static func == (lhs: Image, rhs: Image) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(serial) }
}
