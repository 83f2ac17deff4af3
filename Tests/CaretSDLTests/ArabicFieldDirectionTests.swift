// SPDX-License-Identifier: Apache-2.0
@_spi(Testing) import Caret
import CaretDemoKit
import CaretSDLTesting
import CaretTesting
import Foundation
import Testing

/// Arabic typed by taps into the demo's Name field (docs/behaviour/world-text.md): a field whose
/// alignment is natural (UIKit's default) is aligned and ordered by its text's paragraph
/// direction, whatever the keyboard's language.
@Suite(.serialized) @MainActor
struct ArabicFieldDirectionTests {
    /// The columns of the field's row with ink darker than its background, in points.
    private func inkColumns(_ image: Image, in rect: Rect, scale: Double) -> [Int] {
        var columns: [Int] = []
        for x in Int(rect.minX * scale)..<Int(rect.maxX * scale) {
            for y in Int(rect.minY * scale)..<Int(rect.maxY * scale) {
                let p = image.pixel(x: x, y: y)
                if Int(p.r) + Int(p.g) + Int(p.b) < 200 {
                    columns.append(x)
                    break
                }
            }
        }
        return columns
    }

    @Test func arabicInTheNameFieldIsRightAlignedAndKeepsItsOrderWhenTheKeyboardTurnsGerman() throws {
        let host = try HeadlessWindow(size: Size(width: 800, height: 900), fonts: .bundled)
        let screen = FormScreen(locale: Locale(identifier: "en_US"))
        screen.tracer.onEvent = nil
        host.rootView = screen
        host.window.keyboard.policy = .always
        host.window.keyboard.languages = ["en", "ar", "de"]
        host.layout()
        let name = try #require(screen.fields["name"])
        #expect(name.textAlignment == .natural, "UIKit's default")
        #expect(name.becomeFirstResponder())
        host.settle()
        let keyboard = try #require(host.window.keyboard.keyboardView)
        func tap(_ label: String) throws {
            let entry = try #require(keyboard.keyFrames.first { $0.key.label == label }, "no key \(label)")
            host.input.tap(at: keyboard.convert(Point(x: entry.frame.midX, y: entry.frame.midY), to: nil))
            host.settle()
        }
        try tap("EN")
        for letter in ["م", "ر", "ح", "ب", "ا"] { try tap(letter) }
        try tap("مسافة")
        try tap("123")
        for digit in ["١", "٢", "٣"] { try tap(digit) }
        #expect(name.text == "مرحبا ١٢٣")
        let text = "مرحبا ١٢٣" as NSString
        func rect(_ part: String) throws -> Rect {
            let range = text.range(of: part)
            let start = try #require(name.position(from: name.beginningOfDocument, offset: range.location))
            let end = try #require(name.position(from: start, offset: range.length))
            return name.firstRect(for: try #require(name.textRange(from: start, to: end)))
        }
        func expectRightToLeft(_ when: String) throws {
            let textArea = name.textRect(forBounds: name.bounds)  // the clear button shows while editing
            let word = try rect("مرحبا"), digits = try rect("١٢٣")
            #expect(word.minX >= digits.maxX - 0.5, "\(when): the word is right of the number (\(word), \(digits))")
            #expect(abs(word.maxX - textArea.maxX) <= 3, "\(when): the text ends at the field's right (\(word.maxX) of \(textArea.maxX))")
        }
        try expectRightToLeft("typed in Arabic")
        let row = name.convert(name.textRect(forBounds: name.bounds), to: nil)
        let before = inkColumns(try host.render(), in: row, scale: 1)
        #expect(Double(before.max() ?? 0) > row.maxX - 8, "ink at the field's right: \(before.max() ?? -1) of \(row.maxX)")
        try tap("أبج")
        try tap("AR")
        #expect(host.window.keyboard.currentLanguage == "de")
        try expectRightToLeft("the keyboard German")
        #expect(inkColumns(try host.render(), in: row, scale: 1) == before, "the same drawing whatever the keyboard")
        #expect(name.resignFirstResponder())
        host.settle()
        try expectRightToLeft("not editing")
    }
}
