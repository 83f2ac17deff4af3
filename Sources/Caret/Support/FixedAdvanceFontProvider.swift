// SPDX-License-Identifier: Apache-2.0
/// A font provider with no font files: every visible scalar advances by the same fraction of
/// the point size and combining marks advance by zero. The font of views in no window, and
/// the predictable font of layout tests (like LVGL's `adv_w = 10` test font).
@preconcurrency @MainActor
public final class FixedAdvanceFontProvider: FontProvider {
    /// The advance of one scalar as a fraction of the point size.
    public let advanceRatio: Double

    /// Creates the provider; with 0.5 a 20-point font advances 10 points a character.
    public init(advanceRatio: Double = 0.5) { self.advanceRatio = advanceRatio }

    /// Ascender 0.8, descender -0.2 and line height 1.2 of the point size.
    public func metrics(for font: Font) -> FontMetrics {
        FontMetrics(ascender: font.pointSize * 0.8, descender: -font.pointSize * 0.2, lineHeight: font.pointSize * 1.2)
    }

    /// Every scalar advances by `advanceRatio × pointSize`, except zero-width ones.
    public func shape(_ text: String, font: Font) -> TextRun {
        var offsets: [Double] = []
        offsets.reserveCapacity(text.unicodeScalars.count + 1)
        var x = 0.0
        let advance = font.pointSize * advanceRatio
        for scalar in text.unicodeScalars {
            offsets.append(x)
            x += Self.isZeroWidth(scalar) ? 0 : advance
        }
        offsets.append(x)
        return TextRun(text: text, font: font, scalarOffsets: offsets, metrics: metrics(for: font))
    }

    /// Combining marks, joiners and variation selectors take no space.
    public nonisolated static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return true
        default: return (0xFE00...0xFE0F).contains(scalar.value) || (0x1F3FB...0x1F3FF).contains(scalar.value)
        }
    }
}
