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

/// The key map of every editor: key and modifiers to an editing command, as a pure table (as
/// stb_textedit keeps its key map beside its state machine). Ctrl (or Cmd) with an arrow moves
/// by words, as does Alt; Ctrl with Home or End goes to the document's ends; Ctrl+Shift with
/// Backspace or Delete deletes to the line's edge; Ctrl+A, C, X, V, Z, Shift+Z and Y are the
/// clipboard and undo shortcuts, read from the layout's letter (Ctrl+Z is "z" on QWERTZ too).
public enum KeyBindings {
    /// The command a key is bound to, or nil when it is bound to none.
    public static func command(for key: Key) -> EditingCommand? {
        let flags = key.modifierFlags
        let shift = flags.contains(.shift)
        let word = flags.contains(.control) || flags.contains(.alternate)
        let command = flags.contains(.control) || flags.contains(.command)
        switch key.keyCode {
        case .keyboardLeftArrow: return .move(.backward, word ? .word : .character, extending: shift)
        case .keyboardRightArrow: return .move(.forward, word ? .word : .character, extending: shift)
        case .keyboardUpArrow: return .moveLines(.backward, pages: false, extending: shift)
        case .keyboardDownArrow: return .moveLines(.forward, pages: false, extending: shift)
        case .keyboardPageUp: return .moveLines(.backward, pages: true, extending: shift)
        case .keyboardPageDown: return .moveLines(.forward, pages: true, extending: shift)
        case .keyboardHome:
            return command ? .move(.backward, .document, extending: shift) : .moveToLineBoundary(.backward, extending: shift)
        case .keyboardEnd:
            return command ? .move(.forward, .document, extending: shift) : .moveToLineBoundary(.forward, extending: shift)
        case .keyboardDeleteOrBackspace:
            return command && shift ? .deleteToLineBoundary(.backward) : .delete(.backward, word ? .word : .character)
        case .keyboardDeleteForward:
            return command && shift ? .deleteToLineBoundary(.forward) : .delete(.forward, word ? .word : .character)
        case .keyboardReturnOrEnter, .keypadEnter: return .insertLineBreak
        case .keyboardTab: return command ? .moveFocus(backward: shift) : .insertTab(backward: shift)
        case .keyboardEscape: return .cancel
        default:
            guard command else { return nil }
            switch key.charactersIgnoringModifiers.lowercased() {
            case "a": return .selectAll
            case "c": return .copy
            case "x": return .cut
            case "v": return .paste
            case "z": return shift ? .redo : .undo
            case "y": return .redo
            default: return nil
            }
        }
    }

    /// Whether a key reaching an editor during a composition ends it first (committed as it
    /// stands): keys that edit or move, and every Ctrl or Cmd chord; not Escape (it cancels the
    /// composition) nor keys that do neither, like a lone Shift.
    public static func endsComposition(_ key: Key) -> Bool {
        switch key.keyCode {
        case .keyboardEscape: return false
        case .keyboardLeftArrow, .keyboardRightArrow, .keyboardUpArrow, .keyboardDownArrow, .keyboardHome, .keyboardEnd,
            .keyboardPageUp, .keyboardPageDown, .keyboardDeleteOrBackspace, .keyboardDeleteForward, .keyboardReturnOrEnter,
            .keypadEnter, .keyboardTab:
            return true
        default:
            return key.modifierFlags.contains(.control) || key.modifierFlags.contains(.command)
        }
    }
}
