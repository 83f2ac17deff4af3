// SPDX-License-Identifier: Apache-2.0
import Foundation

/// Shrinking to fit (`adjustsFontSizeToFitWidth`): the largest font size down to
/// `minimumFontSize` at which the text fits the editor's width, on the full-size line's baseline.
extension TextField {
    /// Picks the largest size from `font`'s down to `minimumFontSize` at which the text fits the
    /// editor's width, and centres the line on the full-size line's baseline (text shrinks along
    /// the baseline, as in UIKit).
    func fitFontToWidth() {
        let available = editor.bounds.width - editor.appearance.contentInsets.left - editor.appearance.contentInsets.right
        var fitted = font
        if adjustsFontSizeToFitWidth, available > 0, hasText {
            let provider = fontProvider
            let string = editor.display.document.string
            func width(_ size: Double) -> Double { provider.shape(string, font: font.withSize(size)).width }
            let floor = max(4, min(minimumFontSize, font.pointSize))
            var size = font.pointSize
            let full = width(size)
            if full > available {
                // Widths scale about linearly with size: start there, then step down until it fits.
                size = max(floor, (size * available / full * 2).rounded(.down) / 2)
                while size > floor, width(size) > available { size = max(floor, size - 0.5) }
            }
            fitted = font.withSize(size)
        }
        if editor.appearance.font != fitted { editor.appearance.font = fitted }
        let full = fontProvider.metrics(for: font), used = fontProvider.metrics(for: fitted)
        let top = max(0, ((editor.bounds.height - full.lineHeight) / 2).rounded(.down)) + full.ascender - used.ascender
        let insets = EdgeInsets(top: max(0, top), left: 0, bottom: 0, right: 0)
        if editor.appearance.contentInsets != insets { editor.appearance.contentInsets = insets }
    }
}
