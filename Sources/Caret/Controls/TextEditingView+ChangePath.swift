// SPDX-License-Identifier: Apache-2.0
import Foundation

/// The change path: a change is offered to the host and applied if allowed, and every change of
/// the model (text, selection, composition) ends in the after-edit step (`finishEdit`), which
/// updates everything that follows the model in a fixed order and damages only the bands of text
/// the old and new selections, the edit and the marked text cover.
extension TextEditingView {
    /// Offers a change to the host and applies it if allowed; the outcome says which, and the
    /// after-edit step (`finishEdit`) has consumed it.
    @discardableResult
    public func commit(_ proposed: TextEditingModel.Change) -> EditOutcome {
        guard isEditable else { return .notMade(.notEditable) }
        var change = proposed
        if clearsOnInsertion, !change.replacement.isEmpty, change.kind != .deletion {
            change.range = 0..<model.utf16Count  // every insertion replaces the contents (UIKit's clearsOnInsertion)
        }
        if replacesTextOnNextEdit {
            // The first edit after a secure field regains focus replaces everything (docs/behaviour/changing-text.md).
            replacesTextOnNextEdit = false
            change.range = 0..<model.utf16Count
            if change.kind == .deletion { change.replacement = "" }
        }
        let asked = (model.document.lineage, model.document.editCount)
        if let host, !host.editorShouldChangeText(in: change.range, replacement: change.replacement) {
            window?.textEditObserver?.editor(self, offered: change, accepted: false)
            accessibilityChangeWasRefused()
            if model.markedRange != nil {
                // The refused commit drops the preedit: the caret moves back, and the field comes
                // back into view as after any selection change (soak seed 231129125: a fling then
                // a refused key left the field scrolling away).
                let before = model.selection
                model.cancelComposition()
                finishEdit(.selectionChange(before: before))
            }
            return .notMade(.refused)
        }
        // A delegate that set the text (or made another edit) while it was asked: the change was
        // proposed for text that is gone, and is dropped (UIKit would splice it into the new text).
        guard model.document.lineage === asked.0, model.document.editCount == asked.1 else {
            window?.textEditObserver?.editor(self, offered: change, accepted: false)
            return .notMade(.superseded)
        }
        window?.textEditObserver?.editor(self, offered: change, accepted: true)
        if change.attributes == nil, !change.replacement.isEmpty { change.attributes = typingAttributesOverride }
        let outcome = EditOutcome.textChange(selectionBefore: model.selection)
        model.apply(change, time: window?.backend.clock.now ?? 0)
        let typedOne = change.kind == .typing && change.replacement.count == 1
        display.reveal(display.masksText && typedOne ? change.range.lowerBound..<(change.range.lowerBound + change.replacement.utf16.count) : nil)
        finishEdit(outcome)
        return outcome
    }

    /// Replaces all the text with nothing without asking the host (the clear button: its
    /// own question was asked); an open composition is dropped; undoable as any edit.
    func clearUnasked() {
        guard model.utf16Count > 0 else { return }
        if model.markedRange != nil {
            composition.session?.clientDidDropComposition()
            model.cancelComposition()
        }
        let before = model.selection
        model.apply(TextEditingModel.Change(range: 0..<model.utf16Count, replacement: "", kind: .other), time: window?.backend.clock.now ?? 0)
        display.reveal(nil)
        replacesTextOnNextEdit = false
        finishEdit(.textChange(selectionBefore: before))
    }

    /// Makes the change an edit proposes, if any and if allowed.
    @discardableResult
    public func perform(_ edit: TextEditingModel.Edit) -> Bool {
        guard isEditable else { return false }
        // An edit while a composition is open starts from committed text (inserting text is
        // the exception: it is the commit).
        if case .insert = edit {} else if model.markedRange != nil { composition.commit(resettingInputMethod: true) }
        guard let change = model.proposal(for: edit) else { return false }
        return commit(SmartPunctuation(editor: self).apply(to: change, for: edit)).isApplied
    }

    /// Moves the selection with a model operation, then updates what depends on it.
    func moveSelection(_ body: (inout TextEditingModel) -> Void) {
        let before = model.selection
        body(&model)
        finishEdit(.selectionChange(before: before))
    }

    /// The after-edit step: every change of the model (text, selection, composition, by the user,
    /// undo or code) ends here, once, and everything that follows the model is updated in this
    /// order:
    /// 1. the replacements are reported to the window's `textEditObserver` (test oracles);
    /// 2. typing attributes end with a selection move; a moved caret masks the revealed character;
    /// 3. the layout follows the document, and what the old and new selections, the edit and the
    ///    marked text cover is damaged (a keystroke redraws a line, not the view);
    /// 4. a text change closes the edit menu; handles go with an empty selection; the caret blinks
    ///    anew; a single line scrolls horizontally to its caret;
    /// 5. the host sizes its content (a preedit can add a line) and keeps the line on screen in place;
    /// 6. a multi-line editor scrolls its caret into view, which runs keyboard avoidance;
    /// 7. the input method's candidate rectangle follows the caret;
    /// 8. the host hears of the text change, then of the selection change (the order docs/behaviour/changing-text.md gives);
    /// 9. a single-line editor's keyboard avoidance runs again after a text or selection change.
    func finishEdit(_ outcome: EditOutcome) {
        let textChanged = outcome.textChanged, selectionBefore = outcome.selectionBefore
        // A composition that ended some other way than through its session (Escape, undo, a
        // refused commit) is forgotten by its source. The host hears of a composition's selection
        // moves once, when it ends, against the selection before its first preedit.
        let reportedBefore = composition.editDidFinish(selectionBefore: selectionBefore, drawn: display.drawn.selection)
        let markedBefore = display.drawn.markedRange
        let replacements = model.takeReplacements()
        if !replacements.isEmpty { window?.textEditObserver?.editor(self, didReplace: replacements) }
        spelling.didReplace(replacements)
        // Damage what was drawn for the old selection (with the old layout), what the edit changed,
        // and what the new selection needs: a keystroke redraws a line, not the view.
        let oldBand = display.drawnBand
        let offsetBefore = horizontalOffset
        if let before = selectionBefore, before != model.selection, model.markedRange == nil {
            typingAttributesOverride = nil  // UIKit clears typing attributes on every selection change
        }
        if !textChanged, let before = selectionBefore, before != model.selection {
            // Moving the caret masks the revealed character and keeps the text.
            if display.revealedRange != nil { display.reveal(nil) }
            replacesTextOnNextEdit = false
        }
        if textChanged || model.markedRange != nil { scrollAnchoring.forget() }  // offsets after the edit moved
        let dirty = layout.update(display.document)
        display.damage(band: oldBand)
        if let dirty { display.damage(band: dirty) }
        // The menu was for the text as it stood: an edit or a preedit (which replaces the
        // selection the menu was for) takes it away (soak seed 400: its Delete, tapped after an
        // input method's preedit replaced the selected word, deleted a letter of the commit), and
        // so does a new selection, as in UIKit (soak seed 261200002: a misspelt word's
        // replacement, offered for it and tapped after Select All by key, replaced only that word).
        let selectionChanged = selectionBefore.map { $0 != model.selection } ?? false
        if textChanged || selectionChanged || model.markedRange != nil || markedBefore != nil { interaction.dismissEditMenu() }
        if model.selection.isEmpty { interaction.showsSelectionHandles = false }
        caretBlink.reset()
        updateHorizontalOffset()
        if isSingleLine && horizontalOffset != offsetBefore { setNeedsDisplay() }
        display.damageSelection()
        scrollAnchoring.reportHeightChange()  // the host sizes its scrolled content first (a preedit can add a line)
        scrollCaretToVisible()
        updateInputMethodRect()
        if textChanged { host?.editorDidChangeText() }
        if let reportedBefore, reportedBefore != model.selection { host?.editorDidChangeSelection() }
        if let window, window.hasAccessibilityObservers { accessibilityEditDidFinish(replacements, selectionBefore: selectionBefore) }
        let selectionMoved = selectionBefore.map { $0 != model.selection } ?? false
        // (A multi-line view's scrollCaretToVisible above ran the avoidance pass.)
        let compositionChanged = markedBefore != model.markedRange
        if isSingleLine, hasFocus, textChanged || selectionMoved || compositionChanged { window?.keyboardAvoidance.focusRectDidChange() }
        if hasFocus, textChanged || selectionMoved { window?.keyboard.clientTextDidChange() }
    }
}
