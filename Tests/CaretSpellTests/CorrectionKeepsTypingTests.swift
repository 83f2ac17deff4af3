// SPDX-License-Identifier: Apache-2.0

import CaretSpell
import CaretTesting
import Foundation
import Testing

@_spi(Testing) @testable import Caret

/// Autocorrection and completions keep what was typed (issue 44): its case, and every letter when
/// only marks are missing.
extension SpellingInTextTests {
    private func german() throws -> (HeadlessWindow, TextField, KeyboardDriver) {
        let (host, field, _, keys) = try make()
        host.window.keyboard.languages = ["de", "en"]
        host.window.keyboard.showLanguage("de")
        settle(host)
        return (host, field, keys)
    }

    /// Types with shift before each capital, as a finger would.
    private func typeCased(_ text: String, _ keys: KeyboardDriver, _ host: HeadlessWindow) {
        for character in text {
            if character.isUppercase { keys.tap(.shift) }
            type(String(character), keys, host)
        }
    }

    @Test func aCorrectionThatOnlyAddsMarksComesFirst() throws {
        let (host, field, keys) = try german()
        // "machen" is one letter away and more frequent; "Mädchen" keeps every letter typed.
        type("madchen ", keys, host)
        #expect(field.text == "Mädchen ")
        // Swiss "ss" for the sharp s, with a capital as typed: not "STRASSE".
        field.text = ""
        typeCased("Strasse ", keys, host)
        #expect(field.text == "Straße ")
    }

    @Test func aCorrectionKeepsTheTypedCaseAndNeverTurnsAWordToCapitals() throws {
        let (host, field, keys) = try german()
        type("mad", keys, host)
        let keyboard = try #require(keys.keyboard)
        // The dictionary takes "MAD" (an abbreviation) but the typist wrote no capitals.
        let correction = keyboard.correction
        #expect(correction != "MAD")
        #expect(correction.map { $0 != $0.uppercased() } ?? true, "offered \(correction ?? "")")
        host.window.keyboard.showLanguage("en")
        settle(host)
        field.text = ""
        typeCased("Teh ", keys, host)
        #expect(field.text == "The ")
        field.text = ""
        typeCased("TEH ", keys, host)
        #expect(field.text == "THE ")
    }

    @Test func aPrefixTypedWithoutMarksCompletesToWordsWithThem() throws {
        let list = try SuggestionProvider.load(contentsOf: Assets.path(for: "Words/vi.txt"))
        // The list's three most frequent words that read "vie…" without marks (lines 51, 92, 100).
        #expect(list.completions(of: "vie") == ["việc", "viên", "việt"])
        #expect(list.completions(of: "Vie") == ["Việc", "Viên", "Việt"])
        // A mark typed is kept: "việ" completes only to words with that mark.
        #expect(list.completions(of: "việ").allSatisfy { $0.hasPrefix("việ") })
        let german = try SuggestionProvider.load(contentsOf: Assets.path(for: "Words/de.txt"))
        #expect(german.completions(of: "madc").contains("mädchen"))
    }
}

/// Each part of a text is checked in the language it was typed in (issue 44).
extension SpellingInTextTests {
    @Test func switchingTheKeyboardsLanguageLeavesWhatWasTypedInItsOwnLanguage() throws {
        let (host, field, _, _) = try make { $0.autocorrectionType = .no }
        host.window.keyboard.languages = ["en", "de"]
        settle(host)
        let english = "The house and the garden "
        field.insertText(english)
        settle(host)
        #expect(field.editor.spelling.misspelledRanges.isEmpty)
        let checked = field.editor.spelling.checkedWordCount
        host.window.keyboard.showLanguage("de")
        settle(host)
        // Nothing checked again, nothing underlined: the English was typed in English.
        #expect(field.editor.spelling.misspelledRanges.isEmpty)
        #expect(field.editor.spelling.checkedWordCount == checked)
        let german = "Das Haus und der Garten "
        field.insertText(german)
        settle(host)
        #expect(field.editor.spelling.misspelledRanges.isEmpty)
        // Back to English: the German stays German. An English word typed in the German text's
        // place is English.
        host.window.keyboard.showLanguage("en")
        settle(host)
        #expect(field.editor.spelling.misspelledRanges.isEmpty)
        field.insertText("zorblat ")
        settle(host)
        let start = (english + german).utf16.count
        #expect(field.editor.spelling.misspelledRanges == [start..<(start + 7)])
        // An edit inside the German part keeps it German ("Haus" → "Hause").
        field.selectedRange = NSRange(location: english.utf16.count + 8, length: 0)
        field.insertText("e")
        field.selectedRange = NSRange(location: (field.text ?? "").utf16.count, length: 0)
        settle(host)
        #expect(field.editor.spelling.misspelledRanges == [(start + 1)..<(start + 8)])
    }
}
