// SPDX-License-Identifier: Apache-2.0
@_spi(Testing) import Caret
import CaretSDL
import CaretSDLTesting
import CaretTesting
import Foundation
import Testing

/// What the text engine draws, with the bundled DejaVu fonts.
@Suite(.serialized) @MainActor
struct TextEngineGoldenTests {
    private func make(_ text: String, singleLine: Bool = false, size: Size = Size(width: 320, height: 140))
        throws -> (HeadlessWindow, TextEditingView)
    {
        let host = try HeadlessWindow(size: size, fonts: .bundled)
        let root = whiteRoot()
        host.rootView = root
        let view = TextEditingView(frame: Rect(x: 10, y: 40, width: 300, height: singleLine ? 32 : 90), singleLine: singleLine)
        view.appearance.contentInsets = EdgeInsets(top: 6, left: 8, bottom: 6, right: 8)
        view.layer.borderWidth = 1
        view.layer.borderColor = Color(white: 0.8)
        root.addSubview(view)
        view.text = text
        host.layout()
        return (host, view)
    }

    // The caret after typing and the marked text: GoldenFeatureTests (each with its fault planted).

    @Test func selectionAcrossWrappedLines() throws {
        let (host, view) = try make("Selections run across wrapped lines and across paragraphs.\nSecond paragraph here.")
        view.becomeFirstResponder()
        view.selectedRange = 11..<70
        try expectGolden(host, named: "text-selection-wrapped")
    }

    @Test func editMenuOverASelection() throws {
        let (host, view) = try make("Select a word to see the menu", size: Size(width: 320, height: 160))
        view.frame.origin.y = 70
        host.window.keyboard.policy = .never  // a desktop: the long press must not bring the on-screen keyboard
        view.becomeFirstResponder()
        host.window.backend.clipboard.string = "x"
        host.input.longPress(at: view.convert(Point(x: 30, y: 15), to: nil))
        #expect(view.interaction.editMenu != nil)
        try expectGolden(host, named: "text-edit-menu")
    }

    @Test func singleLineTruncationWhenNotEditing() throws {
        let host = try HeadlessWindow(size: Size(width: 320, height: 170), fonts: .bundled)
        let root = whiteRoot()
        host.rootView = root
        let modes: [LineBreakMode] = [.byTruncatingHead, .byTruncatingMiddle, .byTruncatingTail, .byClipping]
        for (i, mode) in modes.enumerated() {
            let view = TextEditingView(frame: Rect(x: 10, y: 10 + Double(i) * 38, width: 300, height: 32), singleLine: true)
            view.appearance.contentInsets = EdgeInsets(top: 6, left: 8, bottom: 6, right: 8)
            view.layer.borderWidth = 1
            view.layer.borderColor = Color(white: 0.8)
            view.appearance.lineBreakMode = mode
            view.text = "https://example.org/a/very/long/path/to/a/document/that/does/not/fit.html"
            root.addSubview(view)
        }
        try expectGolden(host, named: "text-truncation")
    }

    @Test func richTextRunsWithFontsColoursUnderlinesAndLinks() throws {
        let (host, view) = try make("", size: Size(width: 320, height: 140))
        var document = TextDocument("Bold, red, underlined, a link and big text.")
        document.setAttributes(TextAttributes(font: .boldSystemFont(ofSize: 17)), range: 0..<4)
        document.setAttributes(TextAttributes(foregroundColor: .systemRed), range: 6..<9)
        document.setAttributes(TextAttributes(underlineStyle: .single), range: 11..<21)
        document.setAttributes(TextAttributes(link: "https://example.org"), range: 25..<29)
        document.setAttributes(
            TextAttributes(font: .systemFont(ofSize: 26), backgroundColor: Color(rgb: 0xFFF3B0)), range: 34..<42)
        view.setDocument(document)
        try expectGolden(host, named: "text-rich")
    }

    @Test func textViewWithRichTextLinksAndASelectionWhileScrolled() throws {
        let host = try HeadlessWindow(size: Size(width: 360, height: 240), fonts: .bundled)
        let root = whiteRoot()
        host.rootView = root
        let view = TextView(frame: Rect(x: 10, y: 10, width: 340, height: 220))
        var text = TextDocument(
            (1...12).map { "Paragraph \($0): plain words first." }.joined(separator: "\n")
                + "\nBold, red, underlined and a link, then a phone: +44 20 7946 0958.")
        let string = text.string as NSString
        func range(_ word: String) -> Range<Int> {
            let r = string.range(of: word, options: .backwards)
            return r.location..<(r.location + r.length)
        }
        text.setAttributes(TextAttributes(font: .boldSystemFont(ofSize: 17)), range: range("Bold"))
        text.setAttributes(TextAttributes(foregroundColor: .systemRed), range: range("red"))
        text.setAttributes(TextAttributes(underlineStyle: .single), range: range("underlined"))
        text.setAttributes(TextAttributes(link: "https://example.com"), range: range("link"))
        view.attributedText = text
        view.isEditable = false
        view.dataDetectorTypes = .phoneNumber
        root.addSubview(view)
        host.layout()
        view.becomeFirstResponder()
        view.selectedRange = NSRange(location: 40, length: 60)
        view.scrollRangeToVisible(NSRange(location: string.length - 1, length: 1))
        host.settle()
        #expect(view.contentOffset.y > 0)
        try expectGolden(host, named: "textview-rich-links-scrolled")
    }
}
