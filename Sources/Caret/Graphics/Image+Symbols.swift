// SPDX-License-Identifier: Apache-2.0
import Foundation

/// System symbols and tinting (UIKit's `UIImage(systemName:)`, `withTintColor(_:)`,
/// `withRenderingMode(_:)`). The symbols are Material Icons shapes (Apache-2.0, see
/// `Assets/Symbols/LICENSE.txt`) under SF Symbols' names, kept as 72×72 alpha masks.
extension Image {
    /// How views draw an image (UIKit's `UIImage.RenderingMode`).
    public enum RenderingMode: Sendable, Hashable {
        /// Symbols as templates, other images as they are.
        case automatic
        /// In the image's own colours.
        case alwaysOriginal
        /// As a shape in the view's tint colour.
        case alwaysTemplate
    }

    /// The size of a symbol image, as a font's point size (UIKit's `UIImage.SymbolConfiguration`).
    public struct SymbolConfiguration: Sendable, Hashable {
        /// The point size of the text the symbol sits beside.
        public var pointSize: Double
        /// A symbol sized for text of a point size.
        public init(pointSize: Double) { self.pointSize = pointSize }
    }

    /// The symbols `init?(systemName:)` knows, by SF Symbols name; each also answers to its
    /// `.fill` name (Material's drawings, which these are, are filled).
    public static let systemSymbolNames = [
        "eye", "eye.slash", "xmark", "xmark.circle.fill", "magnifyingglass", "chevron.left", "chevron.right", "chevron.up",
        "chevron.down", "checkmark", "globe", "delete.left", "keyboard.chevron.compact.down", "mic", "person", "lock",
        "envelope", "phone", "paperplane", "calendar", "plus", "trash", "star", "heart", "house", "gearshape",
        "square.and.pencil", "square.and.arrow.up", "arrowshape.turn.up.left", "camera", "book", "arrow.uturn.backward",
        "arrow.uturn.forward", "arrow.clockwise", "play", "pause", "backward", "forward",
    ]

    /// A system symbol by its SF Symbols name (nil for a name Caret does not have, as UIKit
    /// returns for an unknown one), sized for 17-point text unless configured. "eye.fill" is
    /// "eye"'s drawing: the symbols are Material's filled glyphs; "eye.circle", "eye.circle.fill",
    /// "eye.square" and "eye.square.fill" enclose it (SymbolEnclosure).
    public convenience init?(systemName name: String, withConfiguration configuration: SymbolConfiguration? = nil) {
        guard let mask = SymbolMasks.shared.mask(named: name) else { return nil }
        // The symbol's square is 1.2 times the text's point size (a 17-point symbol is 20.4 points).
        let side = (configuration?.pointSize ?? 17) * 1.2
        var pixels = [UInt8](repeating: 0, count: mask.bytes.count * 4)
        for (i, alpha) in mask.bytes.enumerated() { pixels[i * 4 + 3] = alpha }  // black: a template's colour is its tint
        do {
            try self.init(
                pixels: pixels, pixelWidth: mask.width, pixelHeight: mask.height, scale: Double(mask.width) / side,
                renderingMode: .automatic, isSymbol: true)
        } catch {
            return nil
        }
    }

    /// Whether views draw it in their tint colour.
    public var isTemplate: Bool { renderingMode == .alwaysTemplate || (renderingMode == .automatic && isSymbolImage) }

    /// The same image drawn in a colour: its shape (alpha) filled with it, drawn as it is (a
    /// dynamic colour in its light value: views tint their templates in the style they draw in).
    public func withTintColor(_ color: Color) -> Image {
        let c = color  // components are clamped to 0...1 when made
        let rgb = [c.red, c.green, c.blue].map { UInt8(($0 * 255).rounded()) }
        var tinted = pixels
        for i in stride(from: 0, to: tinted.count, by: 4) {
            tinted[i] = rgb[0]
            tinted[i + 1] = rgb[1]
            tinted[i + 2] = rgb[2]
            tinted[i + 3] = UInt8((Double(pixels[i + 3]) * c.alpha).rounded())
        }
        return
            (try? Image(
                pixels: tinted, pixelWidth: pixelWidth, pixelHeight: pixelHeight, scale: scale, renderingMode: .alwaysOriginal,
                isSymbol: isSymbolImage)) ?? self
    }

    /// The same pixels drawn another way.
    public func withRenderingMode(_ mode: RenderingMode) -> Image {
        (try? Image(pixels: pixels, pixelWidth: pixelWidth, pixelHeight: pixelHeight, scale: scale, renderingMode: mode, isSymbol: isSymbolImage))
            ?? self
    }
}

/// A view's tinted copy of its template image, kept while image and tint stay (the renderer
/// keeps a texture per image: a copy made on every draw would upload one every frame).
struct TintedImageCache {
    private var entry: (source: Image, color: Color, tinted: Image)?

    /// The image as the view draws it: a template in the tint colour, any other as it is.
    mutating func image(_ image: Image, tint: Color) -> Image {
        guard image.isTemplate else { return image }
        if let entry, entry.source === image, entry.color == tint { return entry.tinted }
        let tinted = image.withTintColor(tint)
        entry = (image, tint, tinted)
        return tinted
    }
}

/// The symbols' alpha masks, read from `Assets/Symbols/<name>.pgm` once each.
final class SymbolMasks: @unchecked Sendable {
    struct Mask {
        let width: Int
        let height: Int
        let bytes: [UInt8]
    }

    static let shared = SymbolMasks()
    private let lock = NSLock()
    private var loaded: [String: Mask?] = [:]

    /// The mask of a known symbol, of an enclosed variant of one, or of one's `.fill` name; nil
    /// for an unknown name or a missing or unreadable file (which is reported once on standard
    /// error, naming where it was looked for).
    func mask(named name: String) -> Mask? {
        guard Image.systemSymbolNames.contains(name) else {
            if let enclosure = SymbolEnclosure(name), let symbol = mask(named: enclosure.base) {
                return enclosed(name, enclosure, symbol)
            }
            return name.hasSuffix(".fill") ? mask(named: String(name.dropLast(5))) : nil
        }
        lock.lock()
        defer { lock.unlock() }
        if let known = loaded[name] { return known }
        let mask: Mask?
        do {
            let path = try Assets.path(for: "Symbols/\(name).pgm")
            mask = try Self.readPGM(Data(contentsOf: URL(fileURLWithPath: path)))
        } catch {
            FileHandle.standardError.write(Data("caret: the symbol \(name) cannot be read: \(error)\n".utf8))
            mask = nil
        }
        loaded[name] = mask
        return mask
    }

    /// An enclosed variant's mask, made once.
    private func enclosed(_ name: String, _ enclosure: SymbolEnclosure, _ symbol: Mask) -> Mask {
        lock.lock()
        defer { lock.unlock() }
        if let made = loaded[name], let made { return made }
        let mask = enclosure.mask(around: symbol)
        loaded[name] = mask
        return mask
    }

    /// A binary 8-bit PGM (`P5 width height 255`, then one byte a pixel).
    static func readPGM(_ data: Data) throws -> Mask {
        let bytes = [UInt8](data)
        var fields: [Int] = [], index = 2
        guard bytes.starts(with: Array("P5".utf8)) else { throw CaretError.invalidImage("not a binary PGM") }
        while fields.count < 3 && index < bytes.count {
            while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x09 { index += 1 }
            var value = 0, digits = 0
            while index < bytes.count, (0x30...0x39).contains(bytes[index]) {
                value = value * 10 + Int(bytes[index] - 0x30)
                digits += 1
                index += 1
            }
            guard digits > 0, digits < 6 else { throw CaretError.invalidImage("a PGM header field is not a number") }
            fields.append(value)
        }
        index += 1  // the single whitespace after the maximum value
        guard fields.count == 3, fields[2] == 255, fields[0] > 0, fields[1] > 0, bytes.count - index == fields[0] * fields[1] else {
            throw CaretError.invalidImage("a PGM mask must be 8-bit and hold width × height bytes")
        }
        return Mask(width: fields[0], height: fields[1], bytes: Array(bytes[index...]))
    }
}
