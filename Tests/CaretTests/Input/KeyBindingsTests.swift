// SPDX-License-Identifier: Apache-2.0
import Caret
import Testing

/// The key map on its own: no view, no layout.
@Suite struct KeyBindingsTests {
    private func key(_ code: KeyboardHIDUsage, _ flags: KeyModifierFlags = [], _ letter: String = "") -> Key {
        Key(keyCode: code, characters: letter, charactersIgnoringModifiers: letter, modifierFlags: flags)
    }

    /// The usage of a letter key (a is 0x04, then in alphabetical order).
    private func letter(_ c: Character) -> KeyboardHIDUsage {
        KeyboardHIDUsage(rawValue: 0x04 + Int(c.asciiValue! - Character("a").asciiValue!))
    }

    @Test func arrowsMoveByCharactersAndByWordsWithCtrlOrAltAndShiftExtends() {
        #expect(KeyBindings.command(for: key(.keyboardLeftArrow)) == .move(.backward, .character, extending: false))
        #expect(KeyBindings.command(for: key(.keyboardRightArrow, .shift)) == .move(.forward, .character, extending: true))
        #expect(KeyBindings.command(for: key(.keyboardLeftArrow, .control)) == .move(.backward, .word, extending: false))
        #expect(KeyBindings.command(for: key(.keyboardRightArrow, [.alternate, .shift])) == .move(.forward, .word, extending: true))
        #expect(KeyBindings.command(for: key(.keyboardUpArrow)) == .moveLines(.backward, pages: false, extending: false))
        #expect(KeyBindings.command(for: key(.keyboardDownArrow, .shift)) == .moveLines(.forward, pages: false, extending: true))
        #expect(KeyBindings.command(for: key(.keyboardPageUp)) == .moveLines(.backward, pages: true, extending: false))
        #expect(KeyBindings.command(for: key(.keyboardPageDown, .shift)) == .moveLines(.forward, pages: true, extending: true))
    }

    @Test func homeAndEndGoToTheLineAndWithCtrlToTheDocument() {
        #expect(KeyBindings.command(for: key(.keyboardHome)) == .moveToLineBoundary(.backward, extending: false))
        #expect(KeyBindings.command(for: key(.keyboardEnd, .shift)) == .moveToLineBoundary(.forward, extending: true))
        #expect(KeyBindings.command(for: key(.keyboardHome, .control)) == .move(.backward, .document, extending: false))
        #expect(KeyBindings.command(for: key(.keyboardEnd, [.command, .shift])) == .move(.forward, .document, extending: true))
    }

    @Test func deletionByCharacterWordAndLine() {
        #expect(KeyBindings.command(for: key(.keyboardDeleteOrBackspace)) == .delete(.backward, .character))
        #expect(KeyBindings.command(for: key(.keyboardDeleteForward)) == .delete(.forward, .character))
        #expect(KeyBindings.command(for: key(.keyboardDeleteOrBackspace, .alternate)) == .delete(.backward, .word))
        #expect(KeyBindings.command(for: key(.keyboardDeleteForward, .control)) == .delete(.forward, .word))
        #expect(KeyBindings.command(for: key(.keyboardDeleteOrBackspace, [.control, .shift])) == .deleteToLineBoundary(.backward))
        #expect(KeyBindings.command(for: key(.keyboardDeleteForward, [.command, .shift])) == .deleteToLineBoundary(.forward))
    }

    @Test func returnTabAndEscape() {
        #expect(KeyBindings.command(for: key(.keyboardReturnOrEnter)) == .insertLineBreak)
        #expect(KeyBindings.command(for: key(.keypadEnter, .shift)) == .insertLineBreak)
        #expect(KeyBindings.command(for: key(.keyboardTab)) == .insertTab(backward: false))
        #expect(KeyBindings.command(for: key(.keyboardTab, .shift)) == .insertTab(backward: true))
        #expect(KeyBindings.command(for: key(.keyboardTab, [.control, .shift])) == .moveFocus(backward: true))
        #expect(KeyBindings.command(for: key(.keyboardEscape)) == .cancel)
    }

    @Test func shortcutsReadTheLayoutsLetterAndNeedCtrlOrCmd() {
        #expect(KeyBindings.command(for: key(letter("a"), .control, "a")) == .selectAll)
        #expect(KeyBindings.command(for: key(letter("c"), .command, "c")) == .copy)
        #expect(KeyBindings.command(for: key(letter("x"), .control, "x")) == .cut)
        #expect(KeyBindings.command(for: key(letter("v"), .control, "V")) == .paste)
        #expect(KeyBindings.command(for: key(letter("z"), .control, "z")) == .undo)
        #expect(KeyBindings.command(for: key(letter("z"), [.control, .shift], "z")) == .redo)
        #expect(KeyBindings.command(for: key(letter("y"), .control, "y")) == .redo)
        // QWERTZ: the key in QWERTY's Y place types "z", and Ctrl on it undoes.
        #expect(KeyBindings.command(for: key(letter("y"), .control, "z")) == .undo)
        #expect(KeyBindings.command(for: key(letter("a"), [], "a")) == nil)
        #expect(KeyBindings.command(for: key(letter("k"), .control, "k")) == nil)
        #expect(KeyBindings.command(for: key(letter("a"), .shift, "A")) == nil)
    }

    @Test func keysThatEditOrMoveEndACompositionAndEscapeAndLoneModifiersDoNot() {
        #expect(KeyBindings.endsComposition(key(.keyboardLeftArrow)))
        #expect(KeyBindings.endsComposition(key(.keyboardReturnOrEnter)))
        #expect(KeyBindings.endsComposition(key(letter("k"), .control, "k")))
        #expect(!KeyBindings.endsComposition(key(.keyboardEscape)))
        #expect(!KeyBindings.endsComposition(key(.keyboardLeftShift, .shift)))
        #expect(!KeyBindings.endsComposition(key(letter("a"), [], "a")))
    }
}
