// SPDX-License-Identifier: Apache-2.0
import Foundation

/// What an editor's display reads of its editor and asks of it (`TextEditingView` conforms).
@MainActor
protocol TextDisplayHost: AnyObject {
    /// The text, its selection and marked range.
    var model: TextEditingModel { get }
    /// The control that decorates the text (detected links), if any.
    var host: EditorHost? { get }
    /// The laid-out text, which follows the displayed document.
    var layout: TextLayout { get }
    /// The window drawn in (it checks that drawing lays nothing out).
    var window: Window? { get }
    /// The window's animator (nil out of a window): it ends a revealed character.
    var animator: Animator? { get }
    /// Where the text's origin is in the editor, and the editor's bounds.
    var textOrigin: Point { get }
    var bounds: Rect { get }
    /// How the text, marked text and caret look.
    var appearance: TextAppearance { get }
    var tintColor: Color! { get }
    var isSingleLine: Bool { get }
    var hasFocus: Bool { get }
    var isEditable: Bool { get }
    var isSelectable: Bool { get }
    /// Whether selection handles show (they are damaged and drawn with the selection).
    var showsSelectionHandles: Bool { get }
    /// The spelling underlines drawn over the text.
    var spelling: SpellingState { get }
    /// The caret's blink: whether the caret is in its visible phase.
    var caretBlink: CaretBlink { get }
    var caretRect: Rect { get }
    /// Where a single unfocused line is drawn when truncated.
    func resolvedAlignment(rightToLeftText: Bool) -> TextAlignment
    /// Marks the editor, or a rectangle of it, for redrawing.
    func setNeedsDisplay()
    func setNeedsDisplay(_ rect: Rect)
}

/// What an editor shows and what it last drew: the document laid out (a secure field's bullets
/// with its briefly revealed character, or the host's decorations), the selection, marked range
/// and handles the last after-edit step damaged for, and the drawing itself. The editor owns one.
@_spi(Testing) @MainActor
public final class TextDisplay {
    /// The editor drawn (it owns this display).
    private unowned let editor: any TextDisplayHost

    init(editor: any TextDisplayHost) { self.editor = editor }

    // MARK: The displayed document

    /// Whether every character shows as a bullet (secure entry), except the last one typed for
    /// `revealDuration` seconds.
    public var masksText = false {
        didSet {
            guard masksText != oldValue else { return }
            revealedRange = nil
            refresh()
        }
    }
    /// How long the last typed character of masked text stays readable.
    public var revealDuration = 1.0
    /// The UTF-16 range of the character shown unmasked, if any.
    public private(set) var revealedRange: Range<Int>?
    private var mask = SecureTextMask()
    private var revealTimer: Animator.Token?
    private var decorationCache: (editCount: Int, lineage: ObjectIdentifier, document: TextDocument)?

    /// What is laid out and drawn: the model's document (with the host's decorations), or for
    /// masked text its mask (a bullet per character, offsets kept).
    public var document: TextDocument {
        masksText ? mask.masked(editor.model.document, revealing: revealedRange) : decoratedDocument
    }

    /// The model's document with its decorations, made once per edit (the layout reads it often).
    private var decoratedDocument: TextDocument {
        let document = editor.model.document
        guard let host = editor.host, host.decoratesText else { return document }
        let lineage = ObjectIdentifier(document.lineage)
        if let cache = decorationCache, cache.editCount == document.editCount, cache.lineage == lineage {
            return cache.document
        }
        let made = host.editorDecorating(document.detached())  // a lineage of its own: layouts lay it out whole
        decorationCache = (document.editCount, lineage, made)
        return made
    }

    /// Lays the text out again after the host's decorations (`EditorHost.editorDecorating()`) changed.
    func decorationsDidChange() {
        decorationCache = nil
        refresh()
    }

    /// The layout follows the displayed document; what changed is redrawn.
    func refresh() {
        if let dirty = editor.layout.update(document) { damage(band: dirty) }
        editor.setNeedsDisplay()
    }

    /// Shows one typed character of masked text unmasked for `revealDuration` (nil: none).
    func reveal(_ range: Range<Int>?) {
        if let token = revealTimer { editor.animator?.cancel(token) }
        revealTimer = nil
        revealedRange = range
        guard range != nil, let animator = editor.animator else { return }
        revealTimer = animator.schedule(after: revealDuration) { [weak self] in
            guard let self else { return }
            self.revealTimer = nil
            self.revealedRange = nil
            self.refresh()
        }
    }

    // MARK: What was drawn

    /// The selection, marked range and handles the last after-edit step damaged for.
    private(set) var drawn = (selection: TextSelection(caret: 0), markedRange: Range<Int>?.none, handles: false)

    /// The band the selection, marked range and handles drawn last cover (measured before the
    /// layout follows an edit, with the lines they were drawn on).
    var drawnBand: ClosedRange<Double> { selectionBand(drawn.selection, marked: drawn.markedRange, handles: drawn.handles) }

    /// Damages what the selection, marked range and handles cover now, and remembers them as drawn.
    func damageSelection() {
        let model = editor.model
        let handles = editor.showsSelectionHandles && !model.selection.isEmpty
        damage(band: selectionBand(model.selection, marked: model.markedRange, handles: handles))
        drawn = (model.selection, model.markedRange, handles)
    }

    /// The handles came or went: the band they reach is redrawn.
    func handlesDidChange() {
        let model = editor.model
        damage(band: selectionBand(model.selection, marked: model.markedRange, handles: true))
        drawn.handles = editor.showsSelectionHandles && !model.selection.isEmpty
    }

    /// The vertical span (text coordinates) a selection, its handles and a marked range cover.
    private func selectionBand(_ selection: TextSelection, marked: Range<Int>?, handles: Bool) -> ClosedRange<Double> {
        var lower = selection.range.lowerBound, upper = selection.range.upperBound
        if let marked {
            lower = min(lower, marked.lowerBound)
            upper = max(upper, marked.upperBound)
        }
        let n = editor.model.utf16Count
        let top = editor.layout.caretRect(at: min(lower, n)).minY, bottom = editor.layout.caretRect(at: min(upper, n)).maxY
        let margin = handles ? 14.0 : 1.0  // handles reach above the start and below the end
        return (top - margin)...(bottom + margin)
    }

    /// Marks a vertical span of the text (text coordinates) for redrawing, across the view.
    func damage(band: ClosedRange<Double>) {
        let origin = editor.textOrigin, bounds = editor.bounds
        let top = max(bounds.minY, band.lowerBound + origin.y)
        let bottom = min(bounds.maxY, band.upperBound + origin.y)
        guard bottom > top else { return }
        editor.setNeedsDisplay(Rect(x: bounds.minX, y: top, width: bounds.width, height: bottom - top))
    }

    // MARK: Drawing

    /// Draws the selection, the marked text's background and underline, the text, the spelling
    /// underlines, the caret and the selection handles; reads lines the layout phase made and makes none.
    func draw(_ rect: Rect, in context: GraphicsContext) {
        let editor = editor, layout = editor.layout, model = editor.model, appearance = editor.appearance
        let linesMade = layout.paragraphLayoutCount
        defer {
            if let window = editor.window, window.checksDrawingChangesNothing, layout.paragraphLayoutCount != linesMade {
                window.reportDrawingProblem("\(type(of: editor)) laid out text while drawing \(rect)")
            }
        }
        let origin = editor.textOrigin
        let visible = (context.clipBounds ?? rect).intersection(rect)
        // Nothing shows in an empty area (soak seed 231141204: a dismissed dialog's field, shrunk
        // to nothing, laid out its text while drawing, which the layout phase had rightly skipped).
        guard !visible.isNull, !visible.isEmpty else { return }
        let span = Double(visible.minY - origin.y)...Double(visible.maxY - origin.y)
        let selection = model.selection
        if editor.isSingleLine && !editor.hasFocus
            && appearance.drawTruncatedLine(
                model.document, displayed: document, layout: layout, in: context, rect: rect, alignment: editor.resolvedAlignment)
        {
            return
        }
        let xSpan = Double(visible.minX - origin.x)...Double(visible.maxX - origin.x)
        if !selection.isEmpty && editor.isSelectable && (editor.hasFocus || !editor.isEditable) {
            let color = editor.tintColor.withAlphaComponent(0.25)
            for r in layout.selectionRects(for: selection.range, in: span) where r.maxY >= span.lowerBound && r.minY <= span.upperBound {
                context.fill(r.offsetBy(dx: origin.x, dy: origin.y), color: color)
            }
        }
        let markedRects = model.markedRange.map { layout.selectionRects(for: $0, in: span) } ?? []
        appearance.drawMarkedTextBackground(markedRects, in: context, at: origin)
        layout.draw(in: context, at: origin, span: span, x: xSpan, defaultColor: appearance.textColor, linkAttributes: appearance.linkTextAttributes)
        appearance.drawMarkedTextUnderline(markedRects, in: context, at: origin)
        if let marked = model.markedRange, !selection.isEmpty, marked.clamped(to: selection.range) == selection.range {
            // The clause an input method is converting is its marked text's selection.
            appearance.drawMarkedTextUnderline(layout.selectionRects(for: selection.range, in: span), in: context, at: origin, thick: true)
        }
        editor.spelling.drawUnderlines(in: context, at: origin, span: span, x: xSpan)
        if editor.hasFocus && editor.isEditable && selection.isEmpty && editor.caretBlink.isVisible {
            context.fill(editor.caretRect, color: editor.tintColor)
        }
        if editor.showsSelectionHandles && !selection.isEmpty {
            for (offset, isStart) in [(selection.range.lowerBound, true), (selection.range.upperBound, false)] {
                let c = layout.caretRect(at: offset).offsetBy(dx: origin.x, dy: origin.y)
                context.fill(Rect(x: c.minX, y: c.minY, width: 2, height: c.height), color: editor.tintColor)
                let knob = Rect(x: c.minX - 5, y: isStart ? c.minY - 10 : c.maxY, width: 12, height: 12)
                context.fillRoundedRect(knob, radius: 6, color: editor.tintColor)
            }
        }
    }
}
