// SPDX-License-Identifier: Apache-2.0

import Testing

@_spi(Testing) @testable import Caret

/// The caret's blink against a stub editor (docs/behaviour/changing-text.md): it toggles on the
/// host's animator and redraws only the caret, and blinks only while focused and editable.
@Suite @MainActor
struct CaretBlinkTests {
    @Test func aFocusedCaretBlinksRedrawingOnlyItself() {
        let editor = StubEditor()
        let interval = editor.appearance.caretBlinkInterval
        editor.caretBlink.reset()
        #expect(editor.caretBlink.isVisible)
        editor.advance(by: interval)
        #expect(!editor.caretBlink.isVisible)
        #expect(editor.damaged == [editor.caretRect.insetBy(dx: -1, dy: -1)])
        editor.advance(by: interval)
        #expect(editor.caretBlink.isVisible)
    }

    @Test func noCaretBlinksWithoutFocusOrInReadOnlyText() {
        for (focused, editable) in [(false, true), (true, false)] {
            let editor = StubEditor()
            editor.hasFocus = focused
            editor.isEditable = editable
            editor.caretBlink.reset()
            editor.advance(by: editor.appearance.caretBlinkInterval * 3)
            #expect(editor.caretBlink.isVisible && editor.damaged.isEmpty)
        }
    }

    @Test func stoppingEndsTheBlinkAndResetShowsTheCaret() {
        let editor = StubEditor()
        let interval = editor.appearance.caretBlinkInterval
        editor.caretBlink.reset()
        editor.advance(by: interval)
        editor.caretBlink.stop()
        editor.advance(by: interval * 3)
        #expect(!editor.caretBlink.isVisible && editor.damaged.count == 1)
        editor.caretBlink.reset()  // typing shows the caret steadily
        #expect(editor.caretBlink.isVisible)
    }
}
