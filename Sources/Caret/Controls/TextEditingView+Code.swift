// SPDX-License-Identifier: Apache-2.0
/// Text and selection set in code: the host's `text`, `attributedText` and `selectedRange`
/// setters and text storage edits land here; they ask no delegate and keep no undo history.
extension TextEditingView {
    /// The plain text. Setting it asks nothing and posts no change (docs/behaviour/changing-text.md).
    public var text: String {
        get { model.text }
        set {
            reportCodeReplaced(nil, with: newValue)
            model.text = newValue
            finishEdit(.display)
        }
    }

    /// Replaces the attributed text without asking anyone.
    public func setDocument(_ document: TextDocument) {
        reportCodeReplaced(nil, with: document.string)
        model.setDocument(document)
        finishEdit(.display)
    }

    /// Tells the window's edit observer what code replaced; out of a window, the whole text is
    /// told when the editor enters one (a reused table cell's field set before it is shown).
    private func reportCodeReplaced(_ range: Range<Int>?, with string: String) {
        guard let window else { return codeReplacedAway = true }
        window.textEditObserver?.editor(self, codeReplaced: range, with: string)
    }

    /// The selected UTF-16 range.
    public var selectedRange: Range<Int> {
        get { model.selection.range }
        set { setSelection(TextSelection(anchor: newValue.lowerBound, head: newValue.upperBound)) }
    }

    /// The attributes newly typed text gets: those set here until the selection changes, else
    /// those of the text before the caret (UIKit's `typingAttributes`).
    public var typingAttributes: TextAttributes {
        get {
            if let typingAttributesOverride { return typingAttributesOverride }
            let lower = model.selection.range.lowerBound
            return model.document.attributes(at: lower > 0 ? lower - 1 : 0)
        }
        set { typingAttributesOverride = newValue }
    }

    /// Replaces a range of the text as code does: asks no delegate, posts no change, keeps the
    /// selection's place (a text storage edit).
    public func replaceProgrammatically(_ range: Range<Int>, with string: String) {
        let before = model.selection
        reportCodeReplaced(range, with: string)
        model.replaceProgrammatically(range, with: string)
        finishEdit(.selectionChange(before: before))
    }

    /// Sets attributes on a range as code does (asks no one).
    public func setAttributesProgrammatically(_ attributes: TextAttributes, range: Range<Int>) {
        model.transformAttributes(in: range) { _ in attributes }
        finishEdit(.display)
    }

    /// Changes the attributes of the selected text run by run (the edit menu's bold, italic and
    /// underline); reported as a change of the text.
    public func transformSelectedAttributes(_ transform: (TextAttributes) -> TextAttributes) {
        guard isEditable, !model.selection.isEmpty else { return }
        model.transformAttributes(in: model.selection.range, transform)
        finishEdit(.textChange(selectionBefore: nil))
    }

    /// Moves the selection (snapped to grapheme boundaries); notifies if it moved.
    public func setSelection(_ selection: TextSelection) {
        let before = model.selection
        model.select(selection)
        finishEdit(.selectionChange(before: before))
    }
}
