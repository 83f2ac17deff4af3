// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing

@testable import Caret

/// `Image(systemName:)` (issue 29): the symbols text-input screens use, from the bundled masks,
/// sized like text, drawn in a tint colour; unknown names and bad files fail cleanly.
@Suite struct SymbolImageTests {
    @Test func everySymbolTextInputScreensUseLoads() throws {
        for name in [
            "eye", "eye.slash", "xmark.circle.fill", "magnifyingglass", "chevron.left", "chevron.right", "chevron.up",
            "chevron.down", "checkmark", "globe", "delete.left", "keyboard.chevron.compact.down",
        ] {
            let image = try #require(Image(systemName: name), "\(name)")
            #expect(image.pixelWidth == 72 && image.pixelHeight == 72)
            #expect(image.isSymbolImage && image.isTemplate)
            let alphas = stride(from: 3, to: image.pixels.count, by: 4).map { image.pixels[$0] }
            let covered = alphas.filter { $0 > 128 }.count
            #expect(covered > 72 * 72 / 50 && covered < 72 * 72 * 9 / 10, "\(name) draws a shape (\(covered) pixels)")
        }
        #expect(Image(systemName: "eye")!.pixels != Image(systemName: "eye.slash")!.pixels)
    }

    /// "magnifyingglass.circle.fill" (a settings row's icon in a real app): the symbol cut out of a
    /// filled circle; ".circle" rings it; ".square" variants use a rounded square.
    @Test func enclosedVariantsCutTheSymbolOutOfTheShapeOrRingIt() throws {
        func alpha(_ image: Image, _ x: Int, _ y: Int) -> UInt8 { image.pixels[(y * image.pixelWidth + x) * 4 + 3] }
        let base = try #require(Image(systemName: "magnifyingglass"))
        let filled = try #require(Image(systemName: "magnifyingglass.circle.fill"))
        #expect(filled.isSymbolImage && filled.pixelWidth == 72)
        #expect(alpha(filled, 1, 1) == 0, "outside the circle")
        #expect(alpha(filled, 36, 6) == 255, "inside the circle, above the symbol")
        // Where the symbol (scaled to 60 % about the centre) is solid, the circle is cut away.
        let solid = (0..<72 * 72).map { ($0 % 72, $0 / 72) }.filter { alpha(base, $0.0, $0.1) == 255 }
        let cut = solid.map { (x, y) in
            (36 + Int(((Double(x) + 0.5 - 36) * 0.6).rounded(.down)), 36 + Int(((Double(y) + 0.5 - 36) * 0.6).rounded(.down)))
        }
        #expect(!cut.isEmpty)
        let stillSolid = cut.filter { alpha(filled, $0.0, $0.1) > 128 }
        #expect(stillSolid.count * 10 < cut.count, "the symbol's shape is cut out: \(stillSolid.count) of \(cut.count) left")
        let ringed = try #require(Image(systemName: "magnifyingglass.circle"))
        #expect(alpha(ringed, 36, 5) == 255, "the ring")
        #expect(alpha(ringed, 36, 12) == 0, "inside the ring, above the symbol")
        #expect(cut.filter { alpha(ringed, $0.0, $0.1) > 128 }.count * 10 > cut.count * 9, "the symbol inside the ring")
        let square = try #require(Image(systemName: "magnifyingglass.square.fill"))
        #expect(alpha(square, 8, 8) == 255 && alpha(filled, 8, 8) == 0, "a square reaches corners a circle does not")
        #expect(Image(systemName: "nonexistent.circle.fill") == nil, "only around a symbol Caret has")
    }

    @Test func anUnknownNameGivesNil() {
        #expect(Image(systemName: "figure.walk.not.a.symbol") == nil)
        #expect(Image(systemName: "") == nil)
    }

    @Test func aSymbolIsSizedLikeTheTextItSitsBeside() throws {
        let body = try #require(Image(systemName: "magnifyingglass"))
        #expect(abs(body.size.width - 20.4) < 1e-9 && abs(body.size.height - 20.4) < 1e-9)
        let large = try #require(Image(systemName: "magnifyingglass", withConfiguration: .init(pointSize: 30)))
        #expect(abs(large.size.width - 36) < 1e-9)
    }

    @Test func tintingFillsTheShapeWithTheColourAndKeepsItsEdges() throws {
        let symbol = try #require(Image(systemName: "checkmark"))
        let red = symbol.withTintColor(Color(red: 1, green: 0, blue: 0, alpha: 0.5))
        #expect(red.renderingMode == .alwaysOriginal && !red.isTemplate, "a tinted copy draws as it is")
        for i in stride(from: 0, to: red.pixels.count, by: 4) where symbol.pixels[i + 3] > 0 {
            #expect(red.pixels[i] == 255 && red.pixels[i + 1] == 0 && red.pixels[i + 2] == 0)
            #expect(abs(Int(red.pixels[i + 3]) - Int((Double(symbol.pixels[i + 3]) * 0.5).rounded())) <= 0)
        }
        #expect(!symbol.withRenderingMode(.alwaysOriginal).isTemplate)
        let plain = try Image(pixels: [1, 2, 3, 255], pixelWidth: 1, pixelHeight: 1)
        #expect(!plain.isTemplate && plain.withRenderingMode(.alwaysTemplate).isTemplate)
    }

    @Test func theCacheReusesATintedCopyUntilImageOrTintChanges() throws {
        let symbol = try #require(Image(systemName: "globe"))
        var cache = TintedImageCache()
        let blue = cache.image(symbol, tint: .systemBlue)
        #expect(blue !== symbol)
        #expect(cache.image(symbol, tint: .systemBlue) === blue, "a redraw reuses the copy (and its texture)")
        #expect(cache.image(symbol, tint: .systemRed) !== blue)
        let photo = try Image(pixels: [1, 2, 3, 255], pixelWidth: 1, pixelHeight: 1)
        #expect(cache.image(photo, tint: .systemRed) === photo, "an ordinary image draws in its own colours")
    }

    @Test func malformedMasksAreRejectedWithAReason() {
        #expect(throws: CaretError.self) { try SymbolMasks.readPGM(Data("P6\n2 2\n255\n".utf8) + Data(repeating: 0, count: 12)) }
        #expect(throws: CaretError.self) { try SymbolMasks.readPGM(Data("P5\n2 2\n255\n".utf8) + Data(repeating: 0, count: 3)) }
        #expect(throws: CaretError.self) { try SymbolMasks.readPGM(Data("P5\n2 2\n65535\n".utf8) + Data(repeating: 0, count: 8)) }
        #expect(throws: CaretError.self) { try SymbolMasks.readPGM(Data("P5\nx 2\n255\n".utf8)) }
        let good = try? SymbolMasks.readPGM(Data("P5\n2 1\n255\n".utf8) + Data([7, 9]))
        #expect(good?.bytes == [7, 9] && good?.width == 2 && good?.height == 1)
    }
}
