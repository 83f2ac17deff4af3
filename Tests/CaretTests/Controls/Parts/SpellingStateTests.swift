// SPDX-License-Identifier: Apache-2.0

import CaretTesting
import Testing

@_spi(Testing) @testable import Caret

/// Spell checking against a stub editor (docs/behaviour/changing-text.md, spelling): the stub is in
/// no window's views, it only reads a headless window's dictionaries.
@Suite @MainActor
struct SpellingStateTests {
    private func makeEditor(_ text: String) throws -> (StubEditor, HeadlessWindow) {
        let window = try HeadlessWindow(size: Size(width: 400, height: 300), fonts: .fixedAdvance(ratio: 0.5), spelling: RecordingDictionaries())
        let editor = StubEditor(text: text)
        editor.window = window.window
        editor.hasFocus = false
        return (editor, window)
    }

    @Test func checkingIsOnOnlyForEditableProseWithDictionaries() throws {
        let (editor, _) = try makeEditor("hello wrold")
        #expect(editor.spelling.update())
        editor.isEditable = false
        #expect(!editor.spelling.update())
        editor.isEditable = true
        editor.isSecure = true
        #expect(!editor.spelling.update())
        editor.isSecure = false
        editor.traits.keyboardType = .URL
        #expect(!editor.spelling.update())
        editor.traits.spellCheckingType = .yes
        #expect(editor.spelling.update())
        editor.window = nil  // no dictionaries
        #expect(!editor.spelling.update())
    }

    @Test func whatShowsIsCheckedAndTheRestInIdleSteps() throws {
        let (editor, window) = try makeEditor("hello wrold\nthe wrold")
        editor.spelling.checkVisible(span: 0...20, x: 0...400)  // the first line only
        #expect(editor.spelling.misspelledRanges == [6..<11])
        #expect(!editor.spelling.isComplete)
        window.window.animator.runIdleWork()  // an idle step, on the window's animator
        #expect(editor.spelling.misspelledRanges == [6..<11, 16..<21])
        #expect(editor.spelling.isComplete)
    }

    @Test func theWordTheFocusedCaretEndsIsLeftUntilTheCaretLeaves() throws {
        let (editor, _) = try makeEditor("hello wrold")
        editor.hasFocus = true
        editor.model.selection = TextSelection(caret: 11)
        editor.spelling.checkVisible(span: 0...20, x: 0...400)
        #expect(editor.spelling.misspelledRanges.isEmpty)
        editor.model.selection = TextSelection(caret: 0)
        editor.spelling.didReplace([])
        editor.spelling.checkVisible(span: 0...20, x: 0...400)
        #expect(editor.spelling.misspelledRanges == [6..<11])
    }

    @Test func aTapOnAMisspeltWordSelectsItAndItsMenuIgnoresIt() throws {
        let (editor, _) = try makeEditor("hello wrold")
        editor.spelling.checkVisible(span: 0...20, x: 0...400)
        #expect(!editor.spelling.selectMisspelledWord(at: 2))
        #expect(editor.spelling.selectMisspelledWord(at: 8))
        #expect(editor.selections == [TextSelection(anchor: 6, head: 11)])
        let actions = editor.spelling.editActions()
        #expect(actions.map(\.identifier) == [.learnSpelling, .ignoreSpelling])
        actions.last?.handler()
        editor.spelling.checkVisible(span: 0...20, x: 0...400)
        #expect(editor.spelling.misspelledRanges.isEmpty)
    }

    @Test func theViewsOwnLanguageIsTheDefault() throws {
        let (editor, _) = try makeEditor("")
        editor.accessibilityLanguage = "de_DE"
        #expect(editor.spelling.defaultLanguage == "de_DE")
    }
}
