// SPDX-License-Identifier: Apache-2.0

import Testing

@_spi(Testing) @testable import Caret

/// Smart punctuation against a stub editor (docs/behaviour/changing-text.md): quotes in the
/// text's language, dashes, and nothing substituted in secure or URL text.
@Suite @MainActor
struct SmartPunctuationHostTests {
    private func typing(_ text: String, after before: String, in editor: StubEditor) -> String {
        editor.model.replaceProgrammatically(0..<editor.model.utf16Count, with: before)
        editor.model.selection = TextSelection(caret: editor.model.utf16Count)
        let change = TextEditingModel.Change(range: editor.model.selection.range, replacement: text, kind: .typing)
        return SmartPunctuation(editor: editor).apply(to: change, for: .insert(text)).replacement
    }

    @Test func quotesAreTheTextsLanguages() {
        let editor = StubEditor()
        editor.accessibilityLanguage = "en_US"
        #expect(typing("\"", after: "say ", in: editor) == "“")
        #expect(typing("\"", after: "say “hi", in: editor) == "”")
        editor.accessibilityLanguage = "de_DE"
        #expect(typing("\"", after: "sag ", in: editor) == "„")
    }

    @Test func secureOrURLTextIsTypedAsIs() {
        let editor = StubEditor()
        editor.accessibilityLanguage = "en_US"
        editor.isSecure = true
        #expect(typing("\"", after: "say ", in: editor) == "\"")
        editor.isSecure = false
        editor.traits.keyboardType = .URL
        #expect(typing("\"", after: "say ", in: editor) == "\"")
        editor.traits.smartQuotesType = .yes
        #expect(typing("\"", after: "say ", in: editor) == "“")
    }
}
