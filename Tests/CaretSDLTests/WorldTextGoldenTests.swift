// SPDX-License-Identifier: Apache-2.0
@_spi(Testing) import Caret
import CaretDemoKit
import CaretSDL
import CaretSDLTesting
import CaretTesting
import Foundation
import Testing

/// Every script of the demo's notes drawn in a text field and a text view (SPEC §9, issue 14):
/// shaped by HarfBuzz, in the fonts that cover it (the Noto fonts the test script installs).
@Suite(.serialized) @MainActor
struct WorldTextGoldenTests {
    @Test func eachScriptInATextField() throws {
        let lines = NotesScreen.worldText
        let host = try HeadlessWindow(size: Size(width: 380, height: Double(lines.count) * 48 + 12), fonts: .bundled)
        let root = whiteRoot()
        host.rootView = root
        var fields: [TextField] = []
        for (i, line) in lines.enumerated() {
            let field = TextField(frame: Rect(x: 10, y: 10 + Double(i) * 48, width: 360, height: 40))
            field.borderStyle = .roundedRect
            field.text = line.range(of: ": ").map { String(line[$0.upperBound...]) } ?? line  // without its "Script: " label
            root.addSubview(field)
            fields.append(field)
        }
        host.layout()
        fields[0].becomeFirstResponder()  // the caret at the end of the Arabic: its left edge
        host.window.keyboard.policy = .never
        try expectGolden(host, named: "world-text-fields")
    }

    @Test func eachScriptInATextViewWithASelection() throws {
        let host = try HeadlessWindow(size: Size(width: 360, height: 330), fonts: .bundled)
        host.window.keyboard.policy = .never
        let root = whiteRoot()
        host.rootView = root
        let view = TextView(frame: Rect(x: 10, y: 10, width: 340, height: 310))
        view.font = .systemFont(ofSize: 16)
        view.text = NotesScreen.worldText.joined(separator: "\n")
        root.addSubview(view)
        host.layout()
        view.becomeFirstResponder()
        let text = view.text as NSString
        view.selectedRange = text.range(of: "テキスト")  // a word selected in Japanese
        try expectGolden(host, named: "world-text-view")
    }

    @Test func tenThousandCombiningMarksOnOneBaseAreOneClusterAndDraw() throws {
        let host = try HeadlessWindow(size: Size(width: 300, height: 120), fonts: .bundled)
        let root = whiteRoot()
        host.rootView = root
        let view = TextView(frame: Rect(x: 10, y: 10, width: 280, height: 100))
        root.addSubview(view)
        let marks = "a" + String(repeating: "\u{301}", count: 10_000) + "b"
        view.text = marks
        host.layout()
        view.becomeFirstResponder()
        _ = try host.render()
        // One grapheme: the caret stops only at its ends.
        #expect(view.offset(from: view.beginningOfDocument, to: view.endOfDocument) == 10_002)
        view.selectedRange = NSRange(location: 0, length: 0)
        host.input.key(.keyboardRightArrow)
        #expect(view.selectedRange.location == 10_001)
        host.input.key(.keyboardDeleteOrBackspace)
        #expect(view.text == "b")
    }
}
