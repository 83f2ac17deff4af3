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
