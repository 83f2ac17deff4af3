// SPDX-License-Identifier: Apache-2.0

/// What a key asks an editor to do, before any view decides how (a single-line field turns a
/// line move into a move to its start or end, and Return into its return action).
public enum EditingCommand: Hashable, Sendable {
    /// Moves the caret, or extends the selection's head, by a granularity that needs no layout.
    case move(TextDirection, TextGranularity, extending: Bool)
    /// Moves by visual lines (`pages` counts screenfuls instead), keeping the preferred x.
    case moveLines(TextDirection, pages: Bool, extending: Bool)
    /// Moves to the start or end of the visual line.
    case moveToLineBoundary(TextDirection, extending: Bool)
    /// Deletes the selection, or from the caret by a granularity.
    case delete(TextDirection, TextGranularity)
    /// Deletes the selection, or from the caret to the visual line's edge.
    case deleteToLineBoundary(TextDirection)
    /// Return: a line break in multi-line text, the return action in a field.
    case insertLineBreak
    /// Tab (backward with Shift): the focus owner may move focus; else a tab in multi-line text.
    case insertTab(backward: Bool)
    /// Ctrl+Tab: only ever moves focus.
    case moveFocus(backward: Bool)
    /// Escape: closes the edit menu, cancels a composition, or goes to the owner.
    case cancel
    /// Selects all the text.
    case selectAll
    /// Copies the selection.
    case copy
    /// Cuts the selection.
    case cut
    /// Pastes.
    case paste
    /// Undoes the last change.
    case undo
    /// Redoes the last undone change.
    case redo
}
