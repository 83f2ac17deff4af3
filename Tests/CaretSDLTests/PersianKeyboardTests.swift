// SPDX-License-Identifier: Apache-2.0
@_spi(Testing) import Caret
import CaretSDLTesting
import CaretTesting
import Foundation
import Testing

/// The Persian keyboard by taps (Assets/Keyboards/README.md, docs/behaviour/world-input.md): a
/// zero-width non-joiner key writes می‌خواهم, and the bar offers everyday words.
@Suite(.serialized) @MainActor
struct PersianKeyboardTests {
    private func make(width: Double = 640) throws -> (HeadlessWindow, TextField, KeyboardView) {
        try keyboardWindow(languages: ["fa"], size: Size(width: width, height: 400))
    }

    private func tap(_ host: HeadlessWindow, _ keyboard: KeyboardView, _ label: String) throws {
        try tapKey(host, keyboard, label)
    }

    @Test func theHalfSpaceKeyWritesAWordWithAZeroWidthNonJoinerAndTheBarCompletesIt() throws {
        let (host, field, keyboard) = try make()
        for letter in ["م", "ی"] { try tap(host, keyboard, letter) }
        try tap(host, keyboard, "نیم‌فاصله")
        for letter in ["خ", "و", "ا", "ه"] { try tap(host, keyboard, letter) }
        #expect(field.text == "می\u{200C}خواه", "the key types U+200C: \(Array((field.text ?? "").unicodeScalars))")
        let words = keyboard.barItems.map(\.word)
        #expect(words.contains("می\u{200C}خواهم"), "the bar completes the whole word: \(words)")
        let index = try #require(words.firstIndex(of: "می\u{200C}خواهم"))
        let cell = keyboard.suggestionFrames[index]
        host.input.tap(at: keyboard.convert(Point(x: cell.midX, y: cell.midY), to: nil))
        host.settle()
        #expect(field.text?.hasPrefix("می\u{200C}خواهم") == true, "\(field.text ?? "")")
    }

    @Test func everydayWordsAreOffered() throws {
        let (host, field, keyboard) = try make()
        for letter in ["س", "ل", "ا"] { try tap(host, keyboard, letter) }
        #expect(keyboard.suggestions.contains("سلام"), "\(keyboard.suggestions)")
        field.text = ""
        host.settle()
        for letter in ["م", "م", "ن"] { try tap(host, keyboard, letter) }
        #expect(keyboard.suggestions.contains("ممنون"), "\(keyboard.suggestions)")
    }

    @Test func theHalfSpaceKeysLabelFitsItAtPhoneAndTabletWidths() throws {
        for width in [360.0, 640, 1024] {
            let (host, _, keyboard) = try make(width: width)
            let entry = try #require(keyboard.keyFrames.first { $0.key.action == .text("\u{200C}") })
            let (run, _) = keyboard.labelRun(of: entry.key, width: entry.frame.width)
            let ink = try #require(host.backend.fontProvider.inkBounds(of: run))
            #expect(Double(ink.width) <= entry.frame.width - 2, "at \(width): \(ink.width) in a key \(entry.frame.width) wide")
        }
    }
}
