// SPDX-License-Identifier: Apache-2.0
import Foundation

/// The placeholder: its attributed runs shaped once for its text, font, width and font provider,
/// and drawn on one baseline in the editor's area, the tail truncated where the width runs out.
extension TextField {
    /// Draws the placeholder's runs on one baseline in the editor's area, truncating the tail
    /// with an ellipsis in the run where the width runs out.
    func drawPlaceholder(_ placeholder: TextDocument, in context: GraphicsContext) {
        let area = placeholderRect(forBounds: bounds)
        let provider = context.fontProvider
        let (pieces, width) = shapePlaceholder(placeholder, width: area.width, in: context)
        let base = provider.metrics(for: font)
        let baseline = area.minY + ((area.height - base.lineHeight) / 2).rounded(.down) + base.ascender
        let rightToLeftText = pieces.first.map { $0.run.paragraphLevel & 1 == 1 } ?? false
        var x = area.minX + editor.resolvedAlignment(rightToLeftText: rightToLeftText).offset(lineWidth: width, in: area.width)
        for piece in pieces {
            let metrics = provider.metrics(for: piece.run.font)
            let color = piece.attributes.foregroundColor ?? (window?.prefersHighContrast == true ? .highContrastPlaceholder : .placeholderText)
            context.drawText(piece.run, at: Point(x: x, y: baseline - metrics.ascender), color: color)
            if let underline = piece.attributes.underlineStyle, underline != .none {
                context.fill(
                    Rect(x: x, y: baseline + 2, width: piece.run.width, height: underline == .thick ? 2 : 1), color: color)
            }
            x += piece.run.width
        }
    }

    /// The placeholder's runs, shaped once for its text, font, width and font provider (a form
    /// redraws its fields often; shaping each placeholder every time cost more than drawing it).
    private func shapePlaceholder(_ placeholder: TextDocument, width areaWidth: Double, in context: GraphicsContext)
        -> (pieces: [(run: TextRun, attributes: TextAttributes)], width: Double)
    {
        let provider = context.fontProvider
        let providerID = ObjectIdentifier(provider)
        if let cached = shapedPlaceholder, cached.placeholder == placeholder, cached.font == font,
            cached.width == areaWidth, cached.provider == providerID
        {
            return (cached.pieces, cached.lineWidth)
        }
        let paragraph = placeholder.paragraphs[0]
        var pieces: [(run: TextRun, attributes: TextAttributes)] = []
        var width = 0.0
        var start = paragraph.text.utf16.startIndex
        for attributeRun in paragraph.runs where attributeRun.length > 0 {
            let end = paragraph.text.utf16.index(start, offsetBy: attributeRun.length)
            let text = String(paragraph.text[start..<end])
            start = end
            let runFont = attributeRun.attributes.font ?? font
            var run = context.shape(text, font: runFont)
            if width + run.width > areaWidth {
                let shown = LineBreaker(fontProvider: provider, font: runFont)
                    .truncate(text, width: areaWidth - width, mode: .byTruncatingTail, forceEllipsis: true)
                run = context.shape(shown, font: runFont)
                pieces.append((run, attributeRun.attributes))
                width += run.width
                break
            }
            pieces.append((run, attributeRun.attributes))
            width += run.width
        }
        shapedPlaceholder = (placeholder, font, areaWidth, providerID, pieces, width)
        return (pieces, width)
    }
}
