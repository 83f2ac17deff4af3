// SPDX-License-Identifier: Apache-2.0
import Caret
import Testing

@testable import CaretText

/// UIKit's nine weights (`.systemFont(ofSize:weight:)`) draw with the nearest face the family has,
/// matched as CSS matches weights: the bundled DejaVu Sans has ExtraLight (200), Book (400) and
/// Bold (700).
@Suite @MainActor
struct FontWeightTests {
    @Test func eachWeightDrawsWithTheNearestFaceTheFamilyHas() throws {
        let provider = try ShapingFontProvider(systemFonts: NoSystemFonts(), language: "en")
        func file(_ weight: Font.Weight) -> String {
            (provider.face(for: .systemFont(ofSize: 17, weight: weight)).file.path as NSString).lastPathComponent
        }
        let expected: [Font.Weight: String] = [
            .ultraLight: "DejaVuSans-ExtraLight.ttf", .thin: "DejaVuSans-ExtraLight.ttf", .light: "DejaVuSans-ExtraLight.ttf",
            .regular: "DejaVuSans.ttf", .medium: "DejaVuSans.ttf",
            .semibold: "DejaVuSans-Bold.ttf", .bold: "DejaVuSans-Bold.ttf", .heavy: "DejaVuSans-Bold.ttf", .black: "DejaVuSans-Bold.ttf",
        ]
        for weight in Font.Weight.allCases {
            #expect(file(weight) == expected[weight], "\(weight)")
        }
        // The monospaced family has no light face: a light weight takes its regular one.
        let mono = provider.face(for: .monospacedSystemFont(ofSize: 13, weight: .light)).file.path
        #expect(mono.hasSuffix("/DejaVuSansMono.ttf"), "\(mono)")
    }

    @Test func theOrderOfWeightsTriedFollowsCSS() {
        #expect(
            ShapingFontProvider.matchingOrder(for: .regular) == [.regular, .medium, .light, .thin, .ultraLight, .semibold, .bold, .heavy, .black])
        #expect(ShapingFontProvider.matchingOrder(for: .medium) == [.medium, .regular, .light, .thin, .ultraLight, .semibold, .bold, .heavy, .black])
        #expect(ShapingFontProvider.matchingOrder(for: .light) == [.light, .thin, .ultraLight, .regular, .medium, .semibold, .bold, .heavy, .black])
        #expect(
            ShapingFontProvider.matchingOrder(for: .semibold) == [.semibold, .bold, .heavy, .black, .medium, .regular, .light, .thin, .ultraLight])
    }
}
