// SPDX-License-Identifier: Apache-2.0

/// The key map of every editor: key and modifiers to an editing command, as a pure table (as
/// stb_textedit keeps its key map beside its state machine). Ctrl (or Cmd) with an arrow moves
/// by words, as does Alt; Ctrl with Home or End goes to the document's ends; Ctrl+Shift with
/// Backspace or Delete deletes to the line's edge; Ctrl+A, C, X, V, Z, Shift+Z and Y are the
/// clipboard and undo shortcuts, read from the layout's letter (Ctrl+Z is "z" on QWERTZ too).
package enum KeyBindings {
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
