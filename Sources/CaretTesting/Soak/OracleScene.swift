// SPDX-License-Identifier: Apache-2.0
@_spi(Backend) @_spi(Testing) import Caret
import Foundation

/// What the screen offered before an event, read as a person reads it: the focused editor's
/// selection and marked text, the keys and their rectangles, the suggestion bar, the edit menu.
@MainActor
struct OracleScene {
    /// The focused editor, if it takes text.
    weak var editor: TextEditingView?
    var selection: Range<Int> = 0..<0
    var marked: Range<Int>?
    /// The preedit itself (the marked range may widen over a variation selector after it).
    var preedit: Range<Int>?
    var singleLine = false
    var secure = false
    /// Whether the focused editor takes edits (a read-only text view selects and copies only).
    var editable = true
    /// Whether the keyboard is shown (not hidden or on its way out).
    var keyboardShown = false
    /// Keys in window coordinates, while the keyboard shows.
    var keys: [(key: KeyboardKey, frame: Rect)] = []
    /// The open candidate panel, over the keys: a touch on it presses none (seed 261560066).
    var candidatePanel: Rect?
    /// The suggestion bar: completions, autocorrection's word, the word typed, candidates.
    var barWords: [String] = []
    /// Autocorrection's word for the word typed, shown in the bar.
    var correction: String?
    /// The word typed that the correction would replace, shown in the bar beside it.
    var typedWord: String?
    /// The text a swipe put in just before the caret (its range) and what its alternatives in the
    /// bar would put in its place: a bar tap or Backspace may replace it whole.
    var swiped: (range: Range<Int>, alternatives: [String])?
    /// The suggestion bar's rectangle in window coordinates.
    var bar: Rect?
    /// The keyboard's rectangle in window coordinates.
    var keyboardFrame: Rect?
    /// What the edit menu and other popups show (button titles, labels).
    var popupTexts: [String] = []
    /// The popups' buttons: their titles and rectangles in window coordinates.
    var popupButtons: [(title: String, frame: Rect)] = []
    /// Text fields with their frames in window coordinates (the clear button is inside one).
    var fields: [(editor: ObjectIdentifier, frame: Rect)] = []
    /// The window's bounds: a touch outside them reaches no view.
    var windowBounds: Rect

    /// The screen before an event; `focusing` is the view the event will focus first (a key
    /// with nothing focused, before any touch: the keyboard-driven start), read as if focused.
    init(_ window: Window, focusing: View? = nil) {
        windowBounds = window.bounds
        if let view = window.firstResponder as? View ?? focusing, let editor = SoakSession.editor(of: view), editor.window === window {
            self.editor = editor
            selection = editor.model.selection.range
            marked = editor.model.markedRange
            preedit = editor.model.preeditRange
            singleLine = editor.isSingleLine
            secure = editor.isSecure
            editable = editor.isEditable
        }
        // Shown where it stays: not sliding in or out (keys are pressed where they are drawn).
        keyboardShown = window.keyboard.isVisible && !window.animator.isAnimating
        if let keyboard = window.keyboard.keyboardView, keyboard.window === window, !keyboard.isHidden {
            keyboardFrame = keyboard.convert(keyboard.bounds, to: nil)
            keys = keyboard.keyFrames.map { ($0.key, keyboard.convert($0.frame, to: nil)) }
            barWords = keyboard.suggestions + keyboard.candidates + [keyboard.correction, keyboard.typedWord].compactMap { $0 }
            correction = keyboard.correction
            typedWord = keyboard.typedWord
            if let swipe = keyboard.swipeReplacements, selection.isEmpty, selection.lowerBound >= swipe.inserted.utf16.count {
                swiped = ((selection.lowerBound - swipe.inserted.utf16.count)..<selection.lowerBound, swipe.alternatives)
            }
            bar =
                keyboard.suggestionBarHeight > 0
                ? keyboard.convert(Rect(x: 0, y: 0, width: keyboard.bounds.width, height: keyboard.suggestionBarHeight), to: nil) : nil
            if let panel = keyboard.candidatePanel {
                barWords += panel.candidates
                if panel.window === window, !panel.isHidden { candidatePanel = panel.convert(panel.bounds, to: nil) }
            }
        }
        for popup in window.overlays.popups {
            popupTexts += Self.texts(in: popup)
            popupButtons += Self.buttons(in: popup)
        }
        func visit(_ view: View) {
            if let field = view as? TextField { fields.append((ObjectIdentifier(field.editor), field.convert(field.bounds, to: nil))) }
            for subview in view.subviews { visit(subview) }
        }
        visit(window)
    }

    /// Whether a point is inside a key's rectangle (not in a gap between keys).
    func isOnKey(_ point: Point) -> Bool { !isOnCandidatePanel(point) && keys.contains { $0.frame.contains(point) } }

    func isOnCandidatePanel(_ point: Point) -> Bool { candidatePanel?.contains(point) ?? false }

    /// The keys a point in window coordinates may press: the one under it, or in the gap between
    /// keys, those beside it (a keyboard gives a gap to the nearest key).
    func keys(at point: Point) -> [KeyboardKey] {
        if isOnCandidatePanel(point) { return [] }
        if let hit = keys.first(where: { $0.frame.contains(point) }) { return [hit.key] }
        if bar?.contains(point) == true || !(keyboardFrame?.contains(point) ?? false) { return [] }
        // In a gap: any key beside it may take it (never "must").
        return keys.filter { $0.frame.insetBy(dx: -8, dy: -8).contains(point) }.map(\.key)
    }

    /// Where typed text goes: the marked text (a commit replaces it), the selection, or after
    /// the marked text once it is committed as it stands.
    var insertionRanges: [Range<Int>] {
        var ranges = [selection]
        for marked in [marked, preedit].compactMap({ $0 }) {
            ranges.append(marked)
            ranges.append(marked.upperBound..<marked.upperBound)
        }
        return ranges
    }

    private static func buttons(in view: View) -> [(title: String, frame: Rect)] {
        var found: [(String, Rect)] = []
        if let button = view as? Button, let title = button.title(for: .normal) { found.append((title, button.convert(button.bounds, to: nil))) }
        for subview in view.subviews { found += buttons(in: subview) }
        return found
    }

    private static func texts(in view: View) -> [String] {
        var found: [String] = []
        if let button = view as? Button, let title = button.title(for: .normal) { found.append(title) }
        if let label = view as? Label, let text = label.text { found.append(text) }
        for subview in view.subviews { found += texts(in: subview) }
        return found
    }
}
