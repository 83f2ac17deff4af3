// SPDX-License-Identifier: Apache-2.0
/// The high-contrast theme's colours (as UIKit's "Increase Contrast" resolves its system colours):
/// every named text, tint and separator colour has a darker variant that reaches 7:1 against white
/// and the grouped background, so a window with `prefersHighContrast` draws every view, an app's
/// own views included, with them.
extension Color {
    /// Named colours and their high-contrast variants, by their RGB bytes and opacity.
    private static let increasedContrastVariants: [Key: Color] = {
        var table: [Key: Color] = [:]
        func variant(_ colors: [Color], _ replacement: Color) {
            for color in colors { table[Key(color)] = replacement.withAlphaComponent(replacement.alpha * color.alpha) }
        }
        variant([.systemBlue, .link, Color(rgb: 0x007AFF)], Color(rgb: 0x0036C2))
        variant([.systemRed, Color(rgb: 0xFF3B30)], Color(rgb: 0xA50011))
        variant([.systemGreen], Color(rgb: 0x145A26))
        variant([.systemOrange], Color(rgb: 0x7F3D00))
        variant([.secondaryLabel, Color(red: 60 / 255, green: 60 / 255, blue: 67 / 255, alpha: 0.6)], Color(rgb: 0x3A3A3C))
        variant([.placeholderText, .tertiaryLabel, .quaternaryLabel, Color(white: 0.7)], Color(rgb: 0x48484A))
        variant([.separator, .opaqueSeparator, .fieldBorder, .systemGray, .systemGray2, .systemGray3], Color(rgb: 0x3A3A3C))
        return table
    }()

    /// The variant the high-contrast theme draws instead; the colour itself when it has none.
    /// A named colour made more transparent (a tinted button's fill) keeps its opacity.
    var increasedContrast: Color {
        if let exact = Self.increasedContrastVariants[Key(self)] { return exact }
        if alpha < 1, let opaque = Self.increasedContrastVariants[Key(withAlphaComponent(1))] {
            return opaque.withAlphaComponent(alpha)
        }
        return self
    }

    private struct Key: Hashable {
        let r: UInt8, g: UInt8, b: UInt8, a: UInt8
        init(_ color: Color) { (r, g, b, a) = color.bytes }
    }
}
