// SPDX-License-Identifier: Apache-2.0

import CaretSDLTesting
import CaretTesting
import Foundation
import Testing

@_spi(Testing) @testable import Caret

/// Caret placement by touch (issue 30, SPEC §3): a tap goes to an edge of the tapped word (its
/// end, or its start on the word's first character) in every script and direction; white space
/// and past the end go there; a mouse keeps character precision.
@Suite(.serialized) @MainActor
struct TapPlacementTests {
    private func makeField(_ text: String, width: Double = 560, alignment: TextAlignment = .natural) throws -> (HeadlessWindow, TextField) {
        let host = try HeadlessWindow(size: Size(width: 640, height: 200), fonts: .bundled)
        host.window.keyboard.policy = .never
        let root = View(frame: host.window.bounds)
        host.rootView = root
        let field = TextField(frame: Rect(x: 40, y: 40, width: width, height: 44))
        field.font = .systemFont(ofSize: 22)
        field.textAlignment = alignment
        field.text = text
        root.addSubview(field)
        host.layout()
        return (host, field)
    }

    private func makeTextView() throws -> (HeadlessWindow, TextView) {
        let host = try HeadlessWindow(size: Size(width: 640, height: 300), fonts: .bundled)
        host.window.keyboard.policy = .never
        let textView = TextView(frame: Rect(x: 20, y: 20, width: 600, height: 260))
        textView.font = .systemFont(ofSize: 20)
        textView.text = "first line here\nsecond paragraph words"
        host.rootView = textView
        host.layout()
        return (host, textView)
    }

    /// The window point over the middle of the grapheme starting at `offset` (UTF-16) in an editor.
    private func point(over offset: Int, in editor: TextEditingView, fraction: Double = 0.5) -> Point {
        let end = editor.model.document.graphemeBoundary(after: offset)
        let a = editor.layout.caretRect(at: offset, upstream: false), b = editor.layout.caretRect(at: end, upstream: true)
        let origin = editor.textOrigin
        let local = Point(x: origin.x + a.minX + (b.minX - a.minX) * fraction, y: origin.y + a.midY)
        return editor.convert(local, to: nil)
    }

    private func caret(_ field: TextField) -> Int { field.editor.model.selection.head }

    private func tap(_ host: HeadlessWindow, _ point: Point) {
        host.input.tap(at: point)
        host.advance(by: 0.6)  // past the double-tap interval: the next tap is a new one
    }

    @Test func aTapInAWordGoesToItsEndAndOnItsFirstLetterToItsStart() throws {
        let (host, field) = try makeField("hello brave world")
        tap(host, point(over: 8, in: field.editor))  // the "a" in "brave"
        #expect(caret(field) == 11, "the end of brave")
        tap(host, point(over: 6, in: field.editor, fraction: 0.8))  // the "b" of "brave", right half
        #expect(caret(field) == 6, "the start of brave")
        tap(host, point(over: 16, in: field.editor, fraction: 0.1))  // the last "d", left half
        #expect(caret(field) == 17)
    }

    @Test func whiteSpacePunctuationAndPastTheEndGoThere() throws {
        // (Each tap lands away from the caret: a tap on the caret itself keeps it and shows the menu.)
        let (host, field) = try makeField("one,   two")
        tap(host, point(over: 5, in: field.editor, fraction: 0.3))  // inside the spaces
        #expect(caret(field) == 5)
        field.selectedTextRange = TextRange(10..<10)
        tap(host, point(over: 3, in: field.editor, fraction: 0.7))  // the comma's right half
        #expect(caret(field) == 4)
        field.selectedTextRange = TextRange(0..<0)
        let end = field.editor.convert(Point(x: field.editor.bounds.maxX - 20, y: field.editor.bounds.midY), to: nil)
        tap(host, end)
        #expect(caret(field) == 10)
        let left = field.editor.convert(Point(x: field.editor.bounds.minX + 1, y: field.editor.bounds.midY), to: nil)
        tap(host, left)  // left of the text, in the field's padding
        #expect(caret(field) == 0)
    }

    /// A click or tap anywhere inside a focused field's frame, its border and padding included,
    /// places the caret at the nearest place in the text (issue 43: 3 px inside the border, left of
    /// the text, did nothing).
    @Test func aClickOrTapOnTheFieldsPaddingPlacesTheCaret() throws {
        let (host, field) = try makeField("hello brave world")
        field.borderStyle = .roundedRect
        host.layout()
        _ = field.becomeFirstResponder()
        let editorFrame = field.editor.frame
        #expect(editorFrame.minX > 3 && editorFrame.maxX < field.bounds.maxX - 3, "the points below lie outside the text's area")
        let leftEdge = field.convert(Point(x: 3, y: field.bounds.midY), to: nil)
        let rightEdge = field.convert(Point(x: field.bounds.maxX - 3, y: field.bounds.midY), to: nil)
        let topLeft = field.convert(Point(x: 3, y: 3), to: nil)
        field.selectedTextRange = TextRange(8..<8)
        host.input.click(at: leftEdge)
        host.advance(by: 0.6)
        #expect(caret(field) == 0, "a click 3 px inside the left border goes to the start")
        host.input.click(at: rightEdge)
        host.advance(by: 0.6)
        #expect(caret(field) == 17, "3 px inside the right border: the end")
        field.selectedTextRange = TextRange(8..<8)
        tap(host, topLeft)
        #expect(caret(field) == 0, "a finger in the top-left corner: the start")
        tap(host, rightEdge)
        #expect(caret(field) == 17)
    }

    @Test func aMouseClickKeepsCharacterPrecision() throws {
        let (host, field) = try makeField("hello brave world")
        host.input.click(at: point(over: 8, in: field.editor, fraction: 0.2))
        #expect(caret(field) == 8, "between r and a, as the pointer said")
    }

    @Test func arabicRightToLeftSnapsToTheWordsLogicalEnd() throws {
        // "مرحبا بالعالم": the second word starts at 6; its logical end (the left edge on screen) is 13.
        let (host, field) = try makeField("مرحبا بالعالم")
        tap(host, point(over: 9, in: field.editor))
        #expect(caret(field) == 13)
        tap(host, point(over: 6, in: field.editor))  // its first letter, at its right
        #expect(caret(field) == 6)
        tap(host, point(over: 2, in: field.editor))
        #expect(caret(field) == 5)
        // Right of right-to-left text is its start; left of it (past its end on screen), its end.
        field.selectedTextRange = TextRange(7..<7)
        let editor = field.editor
        tap(host, editor.convert(Point(x: editor.bounds.maxX - 2, y: editor.bounds.midY), to: nil))
        #expect(caret(field) == 0)
    }

    @Test func thaiWordsComeFromTheDictionary() throws {
        // Thai has no spaces between words: ICU's dictionary finds สวัสดี | ครับ.
        let text = "สวัสดีครับ"
        let (host, field) = try makeField(text)
        let words = field.editor.model.document.wordSegments(0, around: 0, segmenter: field.editor.model.segmenter).filter(\.isWord)
        #expect(words.map(\.range) == [0..<6, 6..<10], "ICU's Thai segmentation")
        tap(host, point(over: 7, in: field.editor))
        #expect(caret(field) == 10)
        tap(host, point(over: 2, in: field.editor))
        #expect(caret(field) == 6)
    }

    @Test func chineseAndEmojiSnapToTheirWords() throws {
        // 我们喜欢 (we like) is two words to ICU; an emoji is a word of its own.
        let (host, field) = try makeField("我们喜欢 👍🏽 ok")
        tap(host, point(over: 1, in: field.editor))
        #expect(caret(field) == 2)
        tap(host, point(over: 3, in: field.editor))
        #expect(caret(field) == 4)
        tap(host, point(over: 5, in: field.editor, fraction: 0.7))  // the emoji (4 UTF-16 units), its first grapheme
        #expect([5, 9].contains(caret(field)), "an edge of the emoji, never inside it")
    }

    @Test func theTapThatBeginsEditingSnapsToo() throws {
        let (host, field) = try makeField("hello brave world")
        #expect(!field.isFirstResponder)
        tap(host, point(over: 2, in: field.editor))
        #expect(field.isFirstResponder && caret(field) == 5)
    }

    @Test func inATextViewLineByLine() throws {
        let (host, textView) = try makeTextView()
        tap(host, point(over: 19, in: textView.editor))  // "c" in "second", the first tap focuses
        #expect(textView.isFirstResponder && textView.selectedRange == NSRange(location: 22, length: 0))
        tap(host, point(over: 7, in: textView.editor))
        #expect(textView.selectedRange == NSRange(location: 10, length: 0))
    }

    @Test func aTapOnTheCaretShowsTheEditMenuAndLeavesTheCaret() throws {
        let (host, field) = try makeField("hello brave world")
        tap(host, point(over: 8, in: field.editor))
        #expect(caret(field) == 11 && field.editor.interaction.editMenu == nil)
        tap(host, point(over: 9, in: field.editor))  // the same word: the caret is already at its end
        #expect(caret(field) == 11 && field.editor.interaction.editMenu != nil)
    }

    @Test func aDoubleTapSelectsTheWordATripleTapTheParagraphAndTheMenuFollows() throws {
        let (host, textView) = try makeTextView()
        #expect(textView.becomeFirstResponder())
        let p = point(over: 19, in: textView.editor)
        host.input.tap(at: p)
        host.advance(by: 0.1)
        host.input.tap(at: p)
        #expect(textView.selectedRange == NSRange(location: 16, length: 6), "second")
        #expect(textView.editor.interaction.showsSelectionHandles && textView.editor.interaction.editMenu != nil)
        host.advance(by: 0.1)
        host.input.tap(at: p)
        #expect(textView.selectedRange == NSRange(location: 16, length: 22), "the paragraph")
        #expect(textView.editor.interaction.showsSelectionHandles && textView.editor.interaction.editMenu != nil)
    }

    /// The currency idiom ported from UIKit: right-aligned "$0.00", digits fill from the cents
    /// (the delegate rebuilds the amount from the digits around the replaced range).
    @Test func aTapOnARightAlignedAmountLetsDigitsFillFromTheCents() throws {
        let (host, field) = try makeField("$0.00", width: 300, alignment: .right)
        let delegate = CentsDelegate()
        field.delegate = delegate
        tap(host, point(over: 3, in: field.editor))  // the middle of "0.00"
        #expect(caret(field) == 5, "the end of the amount, not after 0.0")
        host.input.type("1")
        #expect(field.text == "$0.01")
        host.input.type("2")
        #expect(field.text == "$0.12")
        host.input.type("5")
        #expect(field.text == "$1.25")
    }
}

/// The usual UIKit cents field: the new digits are the text's digits with the replacement put in
/// at the range, read as cents, shown as dollars; the caret stays at the end.
@MainActor
private final class CentsDelegate: TextFieldDelegate {
    func textField(_ textField: TextField, shouldChangeCharactersIn range: NSRange, replacementString string: String) -> Bool {
        let current = (textField.text ?? "") as NSString
        let digits = current.replacingCharacters(in: range, with: string).filter(\.isNumber)
        let cents = Int(digits.suffix(12)) ?? 0
        textField.text = String(format: "$%d.%02d", cents / 100, cents % 100)
        return false
    }
}
