// SPDX-License-Identifier: Apache-2.0

import CaretSDLTesting
import CaretTesting
import Foundation
import Testing

@_spi(Testing) @testable import Caret

/// Natural alignment follows the text's own direction in fields as in text views (issue 44): an
/// empty field follows the keyboard's language, and text follows its first strong letter,
/// whatever keyboard shows.
@Suite @MainActor
struct NaturalAlignmentTests {
    @Test func arabicTypedIntoAnEmptyFieldIsRightAlignedAndStaysSoInEnglish() throws {
        let host = try HeadlessWindow(size: Size(width: 600, height: 480), fonts: .bundled)
        let root = View()
        host.rootView = root
        let field = TextField(frame: Rect(x: 10, y: 10, width: 400, height: 40))
        field.autocorrectionType = .no
        field.textAlignment = .natural
        root.addSubview(field)
        host.window.keyboard.policy = .always
        host.window.keyboard.languages = ["ar", "en"]
        host.layout()
        field.becomeFirstResponder()
        host.settle()
        let keys = KeyboardDriver(host)
        #expect(host.window.keyboard.currentLanguage == "ar")
        // The empty field's caret is at its right, as the Arabic keyboard says.
        #expect(field.editor.caretRect.minX > 300)
        for letter in ["س", "ل", "ا", "م"] { #expect(keys.tap(label: letter)) }
        #expect(keys.tap(.space))
        for letter in ["ع", "ل", "ي", "ك", "م"] { #expect(keys.tap(label: letter)) }
        #expect(field.text == "سلام عليكم")
        host.drawFrame()
        let arabicX = field.editor.caretRect.minX
        #expect(field.editor.layout.isRightToLeftParagraph(at: 0))
        #expect(field.editor.resolvedAlignment(rightToLeftText: true) == .right)
        // The caret after the last letter typed is at the left end of the right-aligned word.
        #expect(arabicX > 300, "the word is drawn on the left: caret at \(arabicX)")
        host.window.keyboard.showLanguage("en")
        host.settle()
        host.drawFrame()
        #expect(field.editor.layout.isRightToLeftParagraph(at: 0))
        #expect(field.editor.caretRect.minX == arabicX, "the Arabic moved when the keyboard turned English")
        // The first word stays on the right of the second.
        #expect(field.editor.layout.caretX(at: 0) > field.editor.layout.caretX(at: 5))
    }
}
