// SPDX-License-Identifier: Apache-2.0
import Foundation

/// How an editor's text looks, as one value: its font and colour, alignment, insets, links,
/// marked text, truncation, mirroring and caret blink; and the drawing that reads only these
/// (a truncated single line, the marked text's background and underline).
@_spi(Testing)
public struct TextAppearance: Equatable, Sendable {
    /// The default font.
    public var font: Font
    /// The default text colour.
    public var textColor: Color = .label
    /// Line alignment.
    public var textAlignment: TextAlignment = .natural
    /// Space between the bounds and the text.
    public var contentInsets: EdgeInsets = .zero
    /// How links are drawn.
    public var linkTextAttributes = TextAttributes(foregroundColor: .systemBlue, underlineStyle: .single)
    /// Seconds the caret stays on, then off, while idle.
    public var caretBlinkInterval = 0.5
    /// How a single line that does not fit is shown while not editing (clip, head, middle or tail
    /// truncation); while editing it scrolls instead.
    public var lineBreakMode: LineBreakMode = .byTruncatingTail
    /// Whether the editor is laid out for a right-to-left interface: text with no strong direction
    /// (an empty field) runs right to left, and a single line's left and right alignments swap
    /// (a mirrored field's text starts at its right edge).
    public var isMirrored = false
    /// How marked (preedit) text is drawn (UIKit's `markedTextStyle`): its background colour, its
    /// underline style and the underline's colour (`foregroundColor`); nil: a thin underline in
    /// the text's colour.
    public var markedTextStyle: TextAttributes?

    /// A fixed wrap width (a text container that does not track the view's width); nil follows the view.
    public var fixedWrapWidth: Double?

    /// An appearance with a font and UIKit's defaults.
    public init(font: Font) { self.font = font }

    /// The width multi-line text wraps at in a view this wide.
    func wrapWidth(inViewWidth width: Double) -> Double { fixedWrapWidth ?? max(1, width - contentInsets.horizontal) }

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

    /// Draws a single line (`document`, shown as `displayed`) too wide for `rect` with the line
    /// break mode, aligned as `alignment` says for its direction; returns whether it did.
    @MainActor func drawTruncatedLine(
        _ document: TextDocument, displayed: TextDocument, layout: TextLayout, in context: GraphicsContext, rect: Rect,
        alignment: (_ rightToLeftText: Bool) -> TextAlignment
    ) -> Bool {
        let available = rect.width - contentInsets.horizontal
        guard document.paragraphs.count == 1, layout.caretX(at: document.utf16Count) > available else { return false }
        let attributes = document.attributes(at: 0)
        let runFont = attributes.font ?? font
        let shown = LineBreaker(fontProvider: context.fontProvider, font: runFont)
            .truncate(Self.visibleEnds(of: displayed, mode: lineBreakMode), width: available, mode: lineBreakMode)
        let run = context.shape(shown, font: runFont)
        let metrics = context.fontProvider.metrics(for: runFont)
        let x = contentInsets.left + alignment(run.paragraphLevel & 1 == 1).offset(lineWidth: run.width, in: available)
        context.drawText(
            run, at: Point(x: x, y: contentInsets.top + (layout.caretRect(at: 0).height - metrics.lineHeight) / 2),
            color: attributes.foregroundColor ?? textColor)
        return true
    }

    /// The marked text's background, as `markedTextStyle` says (none by default).
    @MainActor func drawMarkedTextBackground(_ rects: [Rect], in context: GraphicsContext, at origin: Point) {
        guard let background = markedTextStyle?.backgroundColor else { return }
        for r in rects { context.fill(r.offsetBy(dx: origin.x, dy: origin.y), color: background) }
    }

    /// The marked text's underline: a thin line in the text's colour by default, or as
    /// `markedTextStyle` says (its underline style, in its foreground colour); the clause being
    /// converted (`thick`) is underlined thick, as input methods draw it.
    @MainActor func drawMarkedTextUnderline(_ rects: [Rect], in context: GraphicsContext, at origin: Point, thick: Bool = false) {
        let styled = markedTextStyle.map { $0.underlineStyle ?? .none } ?? .single
        let underline = thick && styled != .none ? .thick : styled
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
