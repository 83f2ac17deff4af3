// SPDX-License-Identifier: Apache-2.0
import Foundation

/// The placeholder: its attributed runs shaped once for its text, font, width and font provider,
/// and drawn on one baseline in the editor's area, the tail truncated where the width runs out.
extension TextField {
    /// Draws the placeholder's runs on one baseline in the editor's area, truncating the tail
    /// with an ellipsis in the run where the width runs out.
    func drawPlaceholder(_ placeholder: TextDocument, in context: GraphicsContext) {
        let area = placeholderRect(forBounds: bounds)
        let line = shapePlaceholder(placeholder, width: area.width, in: context)
        let base = context.fontProvider.metrics(for: font)
        let baseline = area.minY + ((area.height - base.lineHeight) / 2).rounded(.down) + base.ascender
        let rightToLeftText = line.pieces.first.map { $0.run.paragraphLevel & 1 == 1 } ?? false
        let x = area.minX + editor.resolvedAlignment(rightToLeftText: rightToLeftText).offset(lineWidth: line.width, in: area.width)
        let color: Color = window?.prefersHighContrast == true ? .highContrastPlaceholder : .placeholderText
        line.draw(from: x, baseline: baseline, color: color, in: context)
    }

    /// The placeholder's runs, shaped once for its text, font, width and font provider (a form
    /// redraws its fields often; shaping each placeholder every time cost more than drawing it).
    private func shapePlaceholder(_ placeholder: TextDocument, width areaWidth: Double, in context: GraphicsContext) -> AttributedLine {
        let providerID = ObjectIdentifier(context.fontProvider)
        if let cached = shapedPlaceholder, cached.placeholder == placeholder, cached.font == font,
            cached.width == areaWidth, cached.provider == providerID
        {
            return cached.line
        }
        let line = AttributedLine(placeholder, font: font, maxWidth: areaWidth, fontProvider: context.fontProvider)
        shapedPlaceholder = (placeholder, font, areaWidth, providerID, line)
        return line
    }
}
