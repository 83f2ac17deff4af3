// SPDX-License-Identifier: Apache-2.0

import CaretTesting
import Foundation
import Testing

@_spi(Testing) @testable import Caret

/// SPEC §14's text interface as screen readers read it: code-point offsets, parts of the text,
/// the units around an offset, and change events that carry what went, all without copying
/// the whole text.
@Suite @MainActor
struct AccessibilityTextTests {
    /// With the index (kept by edits once built) and without it (walking), the same answers.
    @Test(arguments: [false, true]) func codePointOffsetsFollowSurrogatePairsAcrossParagraphsAndEdits(indexed: Bool) {
        var document = TextDocument("a😀b\nc😀")
        if indexed { document.buildScalarIndex() }
        #expect(document.utf16Count == 8 && document.scalarCount == 6)
        #expect((0...8).map { document.scalarOffset(ofUTF16: $0) } == [0, 1, 1, 2, 3, 4, 5, 5, 6])
        #expect((0...6).map { document.utf16Offset(ofScalar: $0) } == [0, 1, 3, 4, 5, 6, 8])
        #expect(document.utf16Offset(ofScalar: 99) == 8 && document.scalarOffset(ofUTF16: -3) == 0)
        document.replace(0..<1, with: "𝄞x\n")  // one more pair and a new paragraph
        #expect(document.string == "𝄞x\n😀b\nc😀" && document.scalarCount == 8)
        #expect(document.scalarOffset(ofUTF16: 6) == 4 && document.utf16Offset(ofScalar: 4) == 6)
        document.replace(4..<6, with: "é")  // a pair becomes one unit in place
        #expect(document.string == "𝄞x\néb\nc😀" && document.scalarCount == 8 && document.scalarOffset(ofUTF16: 5) == 4)
        document.replace(0..<document.utf16Count, with: "plain")
        #expect(document.scalarCount == 5 && document.scalarOffset(ofUTF16: 4) == 4)
    }

    @Test func replacementsCarryTheTextTheyRemoved() {
        var model = TextEditingModel(text: "hello world")
        model.recordsReplacements = true
        model.select(range: 6..<11)
        model.perform(.delete(.backward, .character))
        model.text = "new"
        let log = model.takeReplacements()
        #expect(log.map(\.removedText) == ["world", "hello "])
        #expect(log.map(\.text) == ["", "new"] && log[1].replacesDocument)
        // Across paragraphs, from the middle of the first to the middle of the last.
        model.text = "ab\ncd\nef"
        _ = model.takeReplacements()
        model.select(range: 1..<7)
        model.perform(.insert("X"))
        #expect(model.takeReplacements().map(\.removedText) == ["b\ncd\ne"])
    }

    private func textView(_ text: String, width: Double = 400) throws -> (HeadlessWindow, TextView) {
        let host = try HeadlessWindow(size: Size(width: 500, height: 400), fonts: .fixedAdvance(ratio: 0.5))
        let view = TextView(frame: Rect(x: 0, y: 0, width: width, height: 300))
        host.rootView = View(frame: host.window.bounds)
        host.rootView?.addSubview(view)
        view.text = text
        host.window.layoutIfNeeded()
        return (host, view)
    }

    @Test func partsAndUnitsOfTheTextAreReadWithoutTheRest() throws {
        let (_, view) = try textView("Hello there. Second one!\nNext 😀 line")
        #expect(view.accessibilityTextLength == 37)
        #expect(view.accessibilityText(in: 6..<11) == "there" && view.accessibilityText(in: 30..<99) == "😀 line")
        #expect(view.accessibilityCharacterOffset(ofUTF16: 37) == 36)
        func unit(_ offset: Int, _ granularity: AccessibilityTextGranularity) -> String {
            view.accessibilityText(in: view.accessibilityTextRange(enclosing: offset, granularity: granularity))
        }
        #expect(unit(2, .word) == "Hello " && unit(8, .word) == "there. " && unit(13, .word) == "Second ")
        #expect(unit(3, .sentence) == "Hello there. " && unit(20, .sentence) == "Second one!")
        #expect(unit(3, .paragraph) == "Hello there. Second one!\n" && unit(28, .paragraph) == "Next 😀 line")
        #expect(unit(30, .character) == "😀" && unit(0, .character) == "H")
        #expect(unit(3, .line) == "Hello there. Second one!\n" && unit(26, .line) == "Next 😀 line")
        // Sentences end at a stop and a space (not "3.5"), or at an ideographic stop alone.
        view.text = "Pi is 3.5 or so. 你好。再见"
        #expect(unit(2, .sentence) == "Pi is 3.5 or so. " && unit(19, .sentence) == "你好。" && unit(20, .sentence) == "再见")
    }

    @Test func aWrappedLineIsReadAsLaidOut() throws {
        let (_, view) = try textView("alpha beta gamma delta epsilon zeta eta theta\nend", width: 120)
        let first = view.accessibilityTextRange(enclosing: 0, granularity: .line)
        let paragraph = view.accessibilityTextRange(enclosing: 0, granularity: .paragraph)
        #expect(first.lowerBound == 0 && first.upperBound < paragraph.upperBound - 1, "the paragraph wraps: \(first)")
        #expect(first == view.editor.layout.lineRange(containing: 0))
        // The next line starts where the first ended; the paragraph's last line takes its break.
        let second = view.accessibilityTextRange(enclosing: first.upperBound, granularity: .line)
        #expect(second.lowerBound == first.upperBound)
        let last = view.accessibilityTextRange(enclosing: paragraph.upperBound - 2, granularity: .line)
        #expect(last.upperBound == paragraph.upperBound && view.accessibilityText(in: last).hasSuffix("\n"))
    }

    @Test func aSecureFieldIsBulletsEverywhere() throws {
        let field = TextField()
        field.isSecureTextEntry = true
        field.text = "pä😀 word"
        #expect(field.accessibilityTextLength == 8 && field.accessibilityText(in: 1..<4) == "•••")
        #expect(field.accessibilityCharacterOffset(ofUTF16: 5) == 5 && field.accessibilityUTF16Offset(ofCharacter: 99) == 8)
        #expect(field.accessibilityTextRange(enclosing: 5, granularity: .word) == 0..<8)
        #expect(field.accessibilityTextRange(enclosing: 2, granularity: .character) == 2..<3)
    }

    @Test func deletionsTellWhatWentAndSecureOnesOnlyHowMuch() throws {
        let (host, view) = try textView("")
        let field = TextField(frame: Rect(x: 0, y: 320, width: 300, height: 40))
        field.isSecureTextEntry = true
        host.rootView?.addSubview(field)
        let recorder = AccessibilityRecorder(window: host.window)
        #expect(view.becomeFirstResponder())
        host.input.type("ab😀")
        host.input.key(.keyboardDeleteOrBackspace)
        host.input.key(.keyboardDeleteOrBackspace)
        #expect(recorder.lines.contains("text ? 2..<4 +\"\" -\"😀\""), "\(recorder.lines)")
        #expect(recorder.lines.contains("text ? 1..<2 +\"\" -\"b\""), "\(recorder.lines)")
        recorder.clear()
        #expect(field.becomeFirstResponder())
        host.input.type("x😀")
        host.input.key(.keyboardDeleteOrBackspace)
        #expect(recorder.lines.contains("text ? 1..<2 +\"\" -\"•\""), "\(recorder.lines)")
        #expect(!recorder.lines.joined().contains("😀"), "\(recorder.lines)")
    }
}
