// SPDX-License-Identifier: Apache-2.0
/// Keys: the key map (`KeyBindings`, in `Text/`) says what a key means; here the editing view
/// does it, as a single-line field or as multi-line text.
extension TextEditingView {
    /// Runs a key binding; returns whether the key was used.
    @discardableResult
    public func handleKey(_ key: Key) -> Bool {
        // A key that reaches the view during a composition (the input method let it through)
        // edits or moves from committed text: the composition is committed as it stands first,
        // asking the delegate, never turned into text behind its back. Escape cancels it instead.
        if model.markedRange != nil, KeyBindings.endsComposition(key) {
            composition.commit(resettingInputMethod: true)
        }
        guard let command = KeyBindings.command(for: key) else { return false }
        return execute(command)
    }

    /// Does an editing command; returns whether it applied here (a field has no use for a tab).
    @discardableResult
    public func execute(_ command: EditingCommand) -> Bool {
        switch command {
        case let .move(direction, .character, extending):
            // Arrows move on screen (docs/behaviour/world-text.md): right is forward in left-to-right text only.
            moveSelection { $0.moveVisually(right: direction == .forward, lines: layout, extending: extending) }
        case let .move(direction, .word, extending) where layout.isRightToLeftParagraph(at: model.selection.head):
            // Ctrl+arrows step words in the arrow's direction on screen: backwards in reading order to the right.
            moveSelection { $0.move(direction == .forward ? .backward : .forward, by: .word, extending: extending) }
        case let .move(direction, granularity, extending):
            moveSelection { $0.move(direction, by: granularity, extending: extending) }
        case let .moveLines(direction, pages, extending):
            let delta = (pages ? linesPerPage : 1) * (direction == .backward ? -1 : 1)
            moveSelection { model in
                if isSingleLine {
                    model.move(direction, by: .document, extending: extending)
                } else {
                    model.move(by: delta, lines: layout, extending: extending)
                }
            }
        case let .moveToLineBoundary(direction, extending):
            moveSelection { $0.moveToVisualLineBoundary(end: direction == .forward, lines: layout, extending: extending) }
        case let .delete(direction, granularity):
            guard isEditable else { return false }
            perform(TextEditingModel.Edit.delete(direction, granularity))
        case let .deleteToLineBoundary(direction):
            guard isEditable else { return false }
            if let change = model.lineDeletionProposal(direction, lines: layout) { commit(change) }
        case .insertLineBreak:
            if isSingleLine {
                return host?.editorDidReturn() ?? false
            } else {
                guard isEditable else { return false }
                insertText("\n")
            }
        case let .insertTab(backward):
            if host?.editorDidTab(backwards: backward) == true { return true }
            guard !isSingleLine, isEditable else { return false }
            insertText("\t")
        case let .moveFocus(backward):
            return host?.editorDidMoveFocus(backwards: backward) == true
        case .cancel:
            if interaction.editMenu != nil {
                interaction.dismissEditMenu()
            } else if model.markedRange != nil {
                composition.cancel()
            } else {
                return host?.editorDidEscape() ?? false
            }
        case .selectAll: selectAll()
        case .copy: copy()
        case .cut: cut()
        case .paste: paste()
        case .undo: undo()
        case .redo: redo()
        }
        return true
    }

    /// Lines in a page: what the nearest scroll view (or the view) shows, less one.
    private var linesPerPage: Int {
        let lineHeight = max(1, fontProvider.metrics(for: appearance.font).lineHeight)
        var visibleHeight = bounds.height
        var ancestor = superview
        while let view = ancestor {
            if let scroll = view as? ScrollView { visibleHeight = scroll.bounds.height; break }
            ancestor = view.superview
        }
        return max(1, Int(visibleHeight / lineHeight) - 1)
    }
}
