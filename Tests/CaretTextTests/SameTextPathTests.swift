// SPDX-License-Identifier: Apache-2.0
@_spi(Testing) import Caret
import CaretTesting
import CaretText
import Foundation
import Testing

/// Every place text shows goes through the shaping path (issue 14, item 5): labels, buttons,
/// placeholders, fields, text views, key caps, the suggestion bar and the edit menu all draw
/// HarfBuzz's glyphs from the faces that cover their characters.
@Suite(.serialized) @MainActor
struct SameTextPathTests {
    @Test func labelsButtonsPlaceholdersFieldsTextViewsKeysSuggestionsAndTheMenuDrawShapedGlyphs() throws {
        let fonts = try testFonts(language: "ja")
        let host = try HeadlessWindow(size: Size(width: 640, height: 480), fonts: .provider(fonts))
        let renderer = try #require(host.nullRenderer)
        renderer.recordsText = true
        let root = View(frame: host.window.bounds)
        let label = Label(text: "مرحبا")
        label.frame = Rect(x: 10, y: 10, width: 200, height: 30)
        let button = Button(title: "日本語", style: .filled)
        button.frame = Rect(x: 220, y: 10, width: 120, height: 40)
        let field = TextField(frame: Rect(x: 10, y: 60, width: 300, height: 40))
        field.placeholder = "नमस्ते"
        field.autocapitalizationType = .none
        let view = TextView(frame: Rect(x: 10, y: 110, width: 300, height: 60))
        view.text = "สวัสดีครับ 👍🏽"
        for v in [label, button, field, view] as [View] { root.addSubview(v) }
        host.rootView = root
        host.window.keyboard.policy = .always
        host.window.keyboard.locale = Locale(identifier: "en_US")
        host.layout()
        host.drawFrame()

        func drawn(_ text: String) -> TextRun? { renderer.drawnRuns.last { $0.text == text } }
        func faces(_ run: TextRun) -> Set<String> { Set(run.glyphs.compactMap { fonts.face(withID: $0.face)?.familyName }) }
        // Arabic in a label: five joined glyphs (DejaVu Sans has Arabic), none missing.
        let arabic = try #require(drawn("مرحبا"))
        #expect(arabic.glyphs.count == 5 && !arabic.glyphs.contains { $0.id == 0 })
        #expect(try faces(#require(drawn("日本語"))).allSatisfy { $0.contains("CJK") })  // a button's title
        #expect(try faces(#require(drawn("नमस्ते"))).allSatisfy { $0.contains("Devanagari") })  // a placeholder
        let thai = try #require(renderer.drawnRuns.last { $0.text.hasPrefix("สวัสดี") })  // a text view
        #expect(faces(thai).contains { $0.contains("Thai") })

        // The field's text, the key caps and the suggestion bar.
        #expect(field.becomeFirstResponder())
        host.settle()
        let keyboard = try #require(host.window.keyboard.keyboardView)
        for letter in ["h", "e", "l"] {
            let key = try #require(keyboard.keyFrames.first { $0.key.label == letter })
            host.input.tap(at: keyboard.convert(Point(x: key.frame.midX, y: key.frame.midY), to: nil))
        }
        host.window.setNeedsDisplay(inWindowRect: host.window.bounds)
        renderer.drawnRuns.removeAll()
        host.drawFrame()
        #expect(drawn("hel")?.glyphs.count == 3)
        for cap in ["q", "w", "space"] { #expect(drawn(cap)?.glyphs.isEmpty == false, "key cap \(cap)") }
        #expect(!keyboard.suggestions.isEmpty)
        for suggestion in keyboard.suggestions { #expect(drawn(suggestion)?.glyphs.isEmpty == false, "suggestion \(suggestion)") }

        // The edit menu's titles.
        field.selectedRange = NSRange(location: 0, length: 3)
        host.input.longPress(at: field.convert(Point(x: 20, y: 20), to: nil))
        host.drawFrame()
        #expect(drawn("Copy")?.glyphs.count == 4)
    }
}
