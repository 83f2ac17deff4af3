// SPDX-License-Identifier: Apache-2.0
import Foundation

/// One line of attributed text shaped for drawing (a field's placeholder, a button's attributed
/// title): the first paragraph's runs, each shaped in its own font, the tail cut with an ellipsis
/// in the run where the width runs out; drawn on one baseline in each run's colour and underline.
struct AttributedLine {
    /// The shaped runs with their attributes, in order.
    let pieces: [(run: TextRun, attributes: TextAttributes)]
    /// The line's width in points.
    let width: Double

    /// Shapes `document`'s first paragraph in `font` where a run names none, within `maxWidth`.
    @MainActor
    init(_ document: TextDocument, font: Font, maxWidth: Double = .infinity, fontProvider provider: FontProvider) {
        let paragraph = document.paragraphs[0]
        var pieces: [(run: TextRun, attributes: TextAttributes)] = []
        var width = 0.0
        var start = paragraph.text.utf16.startIndex
        for attributeRun in paragraph.runs where attributeRun.length > 0 {
            let end = paragraph.text.utf16.index(start, offsetBy: attributeRun.length)
            let text = String(paragraph.text[start..<end])
            start = end
            let runFont = attributeRun.attributes.font ?? font
            var run = provider.shape(text, font: runFont)
            if width + run.width > maxWidth {
                let shown = LineBreaker(fontProvider: provider, font: runFont)
                    .truncate(text, width: maxWidth - width, mode: .byTruncatingTail, forceEllipsis: true)
                run = provider.shape(shown, font: runFont)
                pieces.append((run, attributeRun.attributes))
                width += run.width
                break
            }
            pieces.append((run, attributeRun.attributes))
            width += run.width
        }
        self.pieces = pieces
        self.width = width
    }

    /// The tallest run's line height and ascender (`font`'s when the line is empty).
    @MainActor
    func metrics(font: Font, fontProvider: FontProvider) -> (lineHeight: Double, ascender: Double) {
        let all = pieces.isEmpty ? [fontProvider.metrics(for: font)] : pieces.map { fontProvider.metrics(for: $0.run.font) }
        return (all.map(\.lineHeight).max() ?? 0, all.map(\.ascender).max() ?? 0)
    }

    /// Draws the runs from `x` on `baseline`, each in its foreground colour or `color`, underlined
    /// where its attributes say.
    @MainActor
    func draw(from x: Double, baseline: Double, color: Color, in context: GraphicsContext) {
        var x = x
        for piece in pieces {
            let metrics = context.fontProvider.metrics(for: piece.run.font)
            let runColor = piece.attributes.foregroundColor ?? color
            context.drawText(piece.run, at: Point(x: x, y: baseline - metrics.ascender), color: runColor)
            if let underline = piece.attributes.underlineStyle, underline != .none {
                context.fill(Rect(x: x, y: baseline + 2, width: piece.run.width, height: underline == .thick ? 2 : 1), color: runColor)
            }
            x += piece.run.width
        }
    }
}
