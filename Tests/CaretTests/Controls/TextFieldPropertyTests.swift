// SPDX-License-Identifier: Apache-2.0
@_spi(Testing) import Caret
import CaretTesting
import Foundation
import Testing

/// SPEC §4 properties of `TextField` beyond the editing flow: typing attributes, clearing on
/// insertion, the attributed placeholder and shrinking the font to fit.
@Suite(.serialized) @MainActor
struct TextFieldPropertyTests {
    private func make(width: Double = 300) throws -> (HeadlessWindow, TextField) {
        let host = try makeHost(width: 400, height: 200)
        let root = View()
        host.rootView = root
        let field = TextField(frame: Rect(x: 10, y: 10, width: width, height: 40))
        root.addSubview(field)
        host.settle()
        return (host, field)
    }

    private let bold = TextAttributes(font: .boldSystemFont(ofSize: 17), foregroundColor: .systemRed)

    @Test func typingAttributesApplyToTypedTextUntilTheSelectionChanges() throws {
        let (host, field) = try make()
        field.text = "plain"
        #expect(field.becomeFirstResponder())
        #expect(field.typingAttributes == .plain)  // the text's own attributes before the caret
        field.typingAttributes = bold
        field.insertText("B")
        field.insertText("C")
        let document = try #require(field.attributedText)
        #expect(document.attributes(at: 4) == .plain)
        #expect(document.attributes(at: 5) == bold)
        #expect(document.attributes(at: 6) == bold)
        #expect(field.typingAttributes == bold)  // read from the text before the caret now

        // Moving the caret clears what was set: typing at the start takes the plain text's attributes.
        field.typingAttributes = TextAttributes(underlineStyle: .single)
        field.selectedRange = NSRange(location: 0, length: 0)
        #expect(field.typingAttributes == .plain)
        field.insertText("x")
        #expect(field.attributedText?.attributes(at: 0) == .plain)
        _ = host
    }

    @Test func typingAttributesSurviveAnInputMethodCompositionAndApplyToItsCommit() throws {
        let (host, field) = try make()
        #expect(field.becomeFirstResponder())
        field.typingAttributes = bold
        field.setMarkedText("ni", selectedRange: NSRange(location: 2, length: 0))
        #expect(field.markedTextRange == TextRange(0..<2))
        field.insertText("你")
        #expect(field.text == "你")
        #expect(field.attributedText?.attributes(at: 0) == bold)
        _ = host
    }

    @Test func clearsOnInsertionReplacesTheTextWithEachInsertionButNotOnDelete() throws {
        let (host, field) = try make()
        let delegate = RecordingDelegate()
        field.accessibilityIdentifier = "A"
        field.delegate = delegate
        field.text = "hello"
        field.clearsOnInsertion = true
        #expect(field.becomeFirstResponder())
        field.selectedRange = NSRange(location: 2, length: 0)
        field.insertText("x")
        #expect(field.text == "x")
        // The delegate is asked about the whole range that is replaced.
        #expect(delegate.log.contains("shouldChange A 0+5 \"x\""))
        field.insertText("y")
        #expect(field.text == "y")
        field.clearsOnInsertion = false
        field.insertText("z")
        field.clearsOnInsertion = true
        field.deleteBackward()
        #expect(field.text == "y")
        _ = host
    }

    @Test func placeholderAndAttributedPlaceholderAreOneValue() throws {
        let (host, field) = try make()
        #expect(field.textAlignment == .natural)  // UIKit's default
        #expect(field.placeholder == nil && field.attributedPlaceholder == nil)
        field.placeholder = "Name"
        #expect(field.attributedPlaceholder?.string == "Name")
        #expect(field.attributedPlaceholder?.attributes(at: 0) == .plain)  // drawn 70 % grey
        var attributed = TextDocument("Required: name")
        attributed.setAttributes(TextAttributes(foregroundColor: .systemRed), range: 0..<9)
        field.attributedPlaceholder = attributed
        #expect(field.placeholder == "Required: name")
        #expect(field.attributedPlaceholder?.attributes(at: 0).foregroundColor == .systemRed)
        field.placeholder = nil
        #expect(field.attributedPlaceholder == nil)
        _ = host
    }

    @Test func theFontShrinksToFitTheWidthDownToTheMinimum() throws {
        let (host, field) = try make(width: 200)
        // The test font advances half the point size: 20 characters at 17 points are 170 points.
        field.adjustsFontSizeToFitWidth = true
        field.text = "abcdefghij"  // 85 points: fits
        host.settle()
        #expect(field.effectiveFont.pointSize == 17)
        field.text = String(repeating: "w", count: 40)  // 340 points at 17: needs 10 points
        host.settle()
        #expect(field.effectiveFont.pointSize == 10)
        #expect(field.effectiveFont.familyName == field.font.familyName)
        #expect(field.editor.layout.caretX(at: 40) <= field.editor.bounds.width)

        field.minimumFontSize = 12
        #expect(field.effectiveFont.pointSize == 12)  // no smaller: the text is cut off instead

        // Typing grows it back as far as the text allows.
        #expect(field.becomeFirstResponder())
        field.selectedRange = NSRange(location: 0, length: 40)
        field.insertText("short")
        #expect(field.effectiveFont.pointSize == 17)
        field.insertText(String(repeating: "m", count: 30))  // 35 characters: 11.4 points fit, 12 is the floor
        #expect(field.effectiveFont.pointSize == 12)
        field.minimumFontSize = 0
        #expect(field.effectiveFont.pointSize == 11)  // the largest half-point step that fits

        field.adjustsFontSizeToFitWidth = false
        #expect(field.effectiveFont.pointSize == 17)
        _ = host
    }

    @Test func shrinkingKeepsTheBaseline() throws {
        let (host, field) = try make(width: 200)
        field.text = "abc"
        host.settle()
        let metrics = field.fontProvider.metrics(for: field.font)
        let baseline = field.editor.appearance.contentInsets.top + metrics.ascender
        field.adjustsFontSizeToFitWidth = true
        field.text = String(repeating: "w", count: 40)
        host.settle()
        let small = field.fontProvider.metrics(for: field.effectiveFont)
        #expect(field.effectiveFont.pointSize < 17)
        #expect(abs(field.editor.appearance.contentInsets.top + small.ascender - baseline) < 0.001)
        _ = host
    }
}
