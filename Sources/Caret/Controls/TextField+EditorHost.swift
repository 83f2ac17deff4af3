// SPDX-License-Identifier: Apache-2.0
import Foundation

/// What the editor asks of the field (`EditorHost`): every change goes to the delegate and then
/// the field's own rules; changes, selection, Return, Tab, Escape and the edit menu reach the
/// field's delegate, actions and notifications.
extension TextField: EditorHost {
    var focusView: View? { self }

    func editorShouldChangeText(in range: Range<Int>, replacement: String) -> Bool {
        // The delegate is asked about every change first (docs/behaviour/changing-text.md), then the field's own rules.
        if let delegate {
            let allowed = delegate.textField(
                self, shouldChangeCharactersInRanges: [NSRange(location: range.lowerBound, length: range.count)],
                replacementString: replacement)
            window?.textEditObserver?.editor(editor, delegateAnswered: allowed)
            if !allowed { return false }
        }
        return rulesAccept(range: range, replacement: replacement)
    }

    func editorDidChangeText() {
        fitFontToWidth()
        if clearButtonMode != .never { setNeedsLayout() }  // the clear button comes or goes: the text's area changes
        setNeedsDisplay()
        sendActions(for: .editingChanged)
        NotificationCenter.default.post(name: Self.textDidChangeNotification, object: self)
    }

    func editorDidChangeSelection() { delegate?.textFieldDidChangeSelection(self) }

    func editorDidReturn() -> Bool {
        returnPressed()
        return true
    }

    func editorDidTab(backwards: Bool) -> Bool { moveFocus(backwards: backwards) }

    func editorDidEscape() -> Bool {
        endReason = .cancelled
        _ = resignFirstResponder()
        endReason = .committed
        return true
    }

    func editorEditMenu(for range: Range<Int>, suggestedActions: [EditMenuAction]) -> [EditMenuAction]? {
        delegate?.textField(
            self, editMenuForCharactersInRanges: [NSRange(location: range.lowerBound, length: range.count)],
            suggestedActions: suggestedActions)
    }

    func editorWillPresentEditMenu(_ menu: EditMenuView) {
        delegate?.textField(self, willPresentEditMenuWith: menu)
    }

    func editorWillDismissEditMenu(_ menu: EditMenuView) {
        delegate?.textField(self, willDismissEditMenuWith: menu)
    }

    /// Tab and Shift-Tab move through the window's focus order.
    private func moveFocus(backwards: Bool) -> Bool {
        guard let next = window?.focus.focusTarget(after: self, backwards: backwards) else { return false }
        next.becomeFirstResponder()
        return true
    }
}
