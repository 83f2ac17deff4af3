// SPDX-License-Identifier: Apache-2.0
import Foundation

/// Text arriving from outside the view: typed and committed text, input-method compositions
/// (UIKit's marked-text API), the on-screen keyboard's suggestions, the clipboard and undo. Every
/// edit goes through the change path (`commit`), so the host's delegate is asked.
extension TextEditingView {
    /// Whether there is text.
    public var hasText: Bool { model.utf16Count > 0 }

    /// Typed or committed text: replaces the marked text (an input method's commit, UIKit's rule),
    /// or inserts at the selection. Text from outside the input session (code) while one of its
    /// sources composes goes after the composition, which is committed as it stands first; how
    /// typed text and other sources' commits meet a composition is the session's to decide.
    public func insertText(_ text: String) {
        composition.settleBeforeOutsideText()
        if model.markedRange != nil {
            commit(model.commitProposal(text))
        } else {
            perform(.insert(text))
        }
    }

    /// Deletes the cluster before the caret, or the selection.
    public func deleteBackward() { perform(.delete(.backward, .character)) }

    /// The text before the caret, for the keyboard's capitals and suggestions (nil while secure).
    public var documentContextBeforeInput: String? { isSecure ? nil : textBeforeCaret }

    /// Moves the caret one step on screen (the keyboard's trackpad): arrows' visual order left
    /// and right, lines up and down in multi-line text; a field has no line above or below.
    public func moveCaret(_ direction: TextLayoutDirection) -> Bool {
        let before = model.selection
        switch direction {
        case .left, .right: execute(.move(direction == .right ? .forward : .backward, .character, extending: false))
        case .up, .down:
            guard !isSingleLine else { return false }
            execute(.moveLines(direction == .down ? .forward : .backward, pages: false, extending: false))
        }
        return model.selection != before
    }

    /// Inserts a picked suggestion in place of the partial word.
    public func insertInputSuggestion(_ suggestion: InputSuggestion) { insertSuggestion(suggestion.text) }

    /// Replaces the word just before the caret as one change through the change path (the
    /// delegate sees the word's range and the whole replacement).
    public func replaceWordBeforeInput(_ word: String, with replacement: String) -> Bool {
        guard model.selection.isEmpty, model.markedRange == nil, !isSecure, textBeforeCaret.hasSuffix(word) else { return false }
        let caret = model.selection.head
        return commit(TextEditingModel.Change(range: (caret - word.utf16.count)..<caret, replacement: replacement, kind: .other)).isApplied
    }

    /// The text of the caret's paragraph before the caret (the start of the selection).
    public var textBeforeCaret: String {
        let caret = model.selection.range.lowerBound
        let start = model.document.paragraphRange(at: caret).lowerBound
        return model.document.substring(start..<caret)
    }

    /// Replaces the partial word before the caret with a picked suggestion, as one change through
    /// the change path (the delegate sees the word's range).
    public func insertSuggestion(_ text: String) {
        let caret = model.selection.range.lowerBound
        let partial = InputSuggestion.partialWord(before: textBeforeCaret, segmenter: model.segmenter)
        let start = model.selection.isEmpty ? caret - partial.utf16.count : caret
        commit(TextEditingModel.Change(range: start..<model.selection.range.upperBound, replacement: text, kind: .other))
    }

    /// An input method's preedit: shown as marked text, asking nothing (docs/behaviour/changing-text.md). A secure field
    /// holds no composition: the preedit is committed at once and the input method reset, as
    /// GTK turns input methods off for passwords.
    public func setMarkedText(_ markedText: String?, selectedRange: NSRange) {
        guard isEditable else { return }
        let text = markedText ?? ""
        if text.isEmpty && model.markedRange == nil { return }
        if isSecure && !text.isEmpty {
            composition.commitPreeditAsTyped()
            perform(.insert(text))
            return
        }
        composition.settleBeforeOutsideText()  // marked text from code while a source composes: that one first
        let count = text.utf16.count
        let lower = min(max(0, selectedRange.location), count)
        let range = lower..<min(max(lower, selectedRange.location + selectedRange.length), count)
        model.setMarkedText(text, selectedRange: range)
        finishEdit(.display)
        if hasFocus { window?.keyboardAvoidance.focusRectDidChange() }  // the preedit shows where the user types
    }

    /// Commits the marked text as it stands (UIKit's `unmarkText()`), through the change path.
    public func unmarkText() { composition.commit(resettingInputMethod: true) }

    /// The marked (preedit) text's range, widened to whole grapheme clusters.
    public var markedTextRange: TextRange? { model.markedRange.map { TextRange($0) } }

    // MARK: Clipboard and undo

    /// Copies the selection (never for secure text).
    public func copy() {
        guard !isSecure, !model.selection.isEmpty else { return }
        window?.backend.clipboard.string = model.document.substring(model.selection.range)
    }

    /// Copies and removes the selection (never for secure text).
    public func cut() {
        guard !isSecure, isEditable, let change = model.proposal(for: .cut) else { return }
        let text = model.document.substring(change.range)
        if commit(SmartPunctuation(editor: self).apply(to: change, for: .cut)).isApplied { window?.backend.clipboard.string = text }
    }

    /// Pastes the clipboard's text over the selection.
    public func paste() {
        guard let text = window?.backend.clipboard.string, !text.isEmpty else { return }
        perform(.paste(text))
    }

    /// Undoes the last step (asks no delegate).
    public func undo() {
        guard isEditable, model.canUndo else { return }
        let before = model.selection
        model.undo()
        finishEdit(.textChange(selectionBefore: before))
    }

    /// Redoes the last undone step.
    public func redo() {
        guard isEditable, model.canRedo else { return }
        let before = model.selection
        model.redo()
        finishEdit(.textChange(selectionBefore: before))
    }

    /// Selects all text.
    public func selectAll() { setSelection(TextSelection(anchor: 0, head: model.utf16Count)) }
}
