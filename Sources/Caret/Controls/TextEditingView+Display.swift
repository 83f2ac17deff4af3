// SPDX-License-Identifier: Apache-2.0
import Foundation

/// The layout made from the displayed document (`TextDisplay.document`), and made again when
/// the fonts it measures with are no longer the view's.
extension TextEditingView {
    /// A layout of the displayed document (its own copy: paragraphs are stored in chunks, so the
    /// model's next edit does not copy them all).
    func makeLayout(fontProvider: FontProvider) -> TextLayout {
        model.segmenter = fontProvider.segmenter  // words as the fonts' backend finds them (UAX #29)
        let made = TextLayout(
            document: display.document, font: appearance.font, fontProvider: fontProvider,
            wrapWidth: isSingleLine ? nil : appearance.wrapWidth(inViewWidth: bounds.width))
        made.alignment = appearance.textAlignment
        made.naturalDirection = naturalDirection
        return made
    }

    /// Lays the text out again when the fonts it measures with are no longer the view's.
    func syncFontProvider() {
        guard layout.fontProvider !== fontProvider else { return }
        layout = makeLayout(fontProvider: fontProvider)
        setNeedsDisplay()
    }
}
