// SPDX-License-Identifier: Apache-2.0

/// What scroll anchoring reads of its editor and tells its host (`TextEditingView` conforms).
@MainActor
protocol ScrollAnchoringHost: AnyObject {
    /// The laid-out text: its height and line tops.
    var layout: TextLayout { get }
    /// The text and its selection (the caret's line is kept after an edit).
    var model: TextEditingModel { get }
    /// A single line keeps no line in place.
    var isSingleLine: Bool { get }
    /// Only a focused editor keeps its caret's line in place.
    var hasFocus: Bool { get }
    /// The control told of height changes and of the first line's moves.
    var host: EditorHost? { get }
}

/// Scroll anchoring for an editor in a scroll view: as estimated line heights are replaced by
/// laid-out ones, the host hears of the new height and the line kept in place (the first on
/// screen, or the caret's after an edit) stays where it was. The editor owns one.
@MainActor
final class ScrollAnchoring {
    /// The editor anchored (it owns this).
    unowned let editor: any ScrollAnchoringHost
    /// The line kept in place (its offset and top, text coordinates): the first one on screen at
    /// the last layout phase, or the caret's after an edit. An edit forgets it (offsets after it move).
    private(set) var anchor: (offset: Int, y: Double)?
    /// Whether the anchor is the caret's line (after an edit) rather than the first on screen.
    private var isCaret = false
    /// The layout height the host heard of last.
    private var reportedHeight = -1.0
    /// The lines above the caret laid out last (`caretRect(at:)` does it once per layout change).
    var linesAboveCaret: LinesAboveCaret?

    init(editor: any ScrollAnchoringHost) { self.editor = editor }

    /// Whether the layout's height is not the one the host heard of last.
    var heightIsUnreported: Bool { editor.layout.height != reportedHeight }

    /// Tells the host when estimated heights were replaced by laid-out ones (by an edit, a caret
    /// query or drawing), so that its content size follows; where lines above the first one on
    /// screen changed height, the host keeps that line where it was.
    /// The host is told every time, not only when the height differs from the last report: it
    /// also sizes its content from the layout on its own (a resize, a scroll), possibly while
    /// estimates stood in for lines laid out since (soak seed 70261188).
    func reportHeightChange() {
        let layout = editor.layout
        var shift = 0.0
        if layout.height != reportedHeight {
            if let anchor, anchor.offset <= editor.model.utf16Count {
                shift = layout.lineTop(at: anchor.offset) - anchor.y  // may lay out the anchor's paragraph
                self.anchor?.y += shift
            }
            reportedHeight = layout.height
        }
        editor.host?.editorLayoutHeightDidChange()
        if shift != 0 { editor.host?.editorFirstVisibleLineMoved(by: shift) }
    }

    /// Work between frames (a spelling step) laid out lines: the host hears of it now, not at the
    /// next frame, so that what it reports in between (its content size, the caret on screen)
    /// holds (soak seed 261500038: a step laid out a rewrapped paragraph above the caret, and
    /// the caret stood below the screen until the next frame).
    func reportHeightChangeIfNeeded() {
        if heightIsUnreported { reportHeightChange() }
    }

    /// The layout phase found the first line on screen: unless the caret's line is kept, that one is.
    func anchorFirstVisibleLine(at top: Double) {
        guard !editor.isSingleLine, !isCaret, let start = editor.layout.lineStart(at: max(0, top)) else { return }
        anchor = (start, editor.layout.lineTop(at: start))
    }

    /// Lays out the anchor's line, which reporting a height change measures.
    func layOutAnchor() {
        if let anchor, anchor.offset <= editor.model.utf16Count { _ = editor.layout.lineTop(at: anchor.offset) }
    }

    /// The host scrolled (or an edit moved offsets): the line kept in place is the first one of
    /// the next frame, not of the last.
    func forget() {
        anchor = nil
        isCaret = false
    }

    /// After an edit (and the host's scroll to the caret), the caret's line is the anchor: estimates
    /// above it replaced as lines are laid out keep the caret where the edit put it (soak seed
    /// 261120675: a paste into a long text view, and the next frame put the caret below the screen).
    func anchorAtCaret() {
        guard editor.hasFocus, !editor.isSingleLine else { return }
        // The caret is the selection's head, its moving end: a selection extended upwards has it
        // at the start (soak seed 283000146: Shift+Page Up, a resize, and the end's line was
        // kept in place while the caret's went above the view).
        let caret = editor.model.selection.head
        anchor = (caret, editor.layout.lineTop(at: caret))
        isCaret = true  // until the view scrolls by other means: the layout phase keeps it
    }
}

/// Which lines above an offset were last laid out, in which layout at which change.
struct LinesAboveCaret: Equatable {
    var layout: ObjectIdentifier
    var changeCount: Int
    var offset: Int
    var covering: Double
}
