import Foundation

/// Drawing helpers: what a truncated single line shows, and how; the marked text's style.
extension TextEditingView {
    /// What a truncated line can show of a long text: its start (tail truncation, clipping), its
    /// end (head) or both (middle), a few thousand characters at most, so that a pasted megabyte
    /// is not measured on every frame.
    static func visibleEnds(of document: TextDocument, mode: LineBreakMode) -> String {
        let limit = 2_000
        let count = document.utf16Count
        guard count > 2 * limit else { return document.string }
        let head = document.substring(0..<document.graphemeBoundary(atOrBefore: limit))
        let tail = document.substring(document.graphemeBoundary(atOrAfter: count - limit)..<count)
        switch mode {
        case .byTruncatingHead: return tail
        case .byTruncatingMiddle: return head + tail
        default: return head
        }
    }

    /// Draws a single line that is too wide with the line break mode; returns whether it did.
    func drawTruncatedIfNeeded(in context: GraphicsContext, rect: Rect) -> Bool {
        let available = rect.width - contentInsets.horizontal
        guard model.document.paragraphs.count == 1, layout.caretX(at: model.utf16Count) > available else { return false }
        let attributes = model.document.attributes(at: 0)
        let runFont = attributes.font ?? font
        let shown = LineBreaker(fontProvider: context.fontProvider, font: runFont)
            .truncate(Self.visibleEnds(of: displayDocument, mode: lineBreakMode), width: available, mode: lineBreakMode)
        let run = context.shape(shown, font: runFont)
        let metrics = context.fontProvider.metrics(for: runFont)
        let x = contentInsets.left + resolvedAlignment(rightToLeftText: run.paragraphLevel & 1 == 1).offset(lineWidth: run.width, in: available)
        context.drawText(
            run, at: Point(x: x, y: contentInsets.top + (layout.caretRect(at: 0).height - metrics.lineHeight) / 2),
            color: attributes.foregroundColor ?? textColor)
        return true
    }

    /// The marked text's background, as `markedTextStyle` says (none by default).
    func drawMarkedTextBackground(_ rects: [Rect], in context: GraphicsContext, at origin: Point) {
        guard let background = markedTextStyle?.backgroundColor else { return }
        for r in rects { context.fill(r.offsetBy(dx: origin.x, dy: origin.y), color: background) }
    }

    /// The marked text's underline: a thin line in the text's colour by default, or as
    /// `markedTextStyle` says (its underline style, in its foreground colour).
    func drawMarkedTextUnderline(_ rects: [Rect], in context: GraphicsContext, at origin: Point) {
        let underline = markedTextStyle.map { $0.underlineStyle ?? .none } ?? .single
        guard underline != .none else { return }
        let color = markedTextStyle?.foregroundColor ?? textColor
        let thickness = underline == .thick ? 2.5 : 1.5
        for r in rects {
            context.fill(Rect(x: origin.x + r.minX, y: origin.y + r.maxY - 2, width: r.width, height: thickness), color: color)
            if underline == .double {
                context.fill(Rect(x: origin.x + r.minX, y: origin.y + r.maxY + 0.5, width: r.width, height: 1), color: color)
            }
        }
    }
}
