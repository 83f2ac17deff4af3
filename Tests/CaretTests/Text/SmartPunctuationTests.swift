// SPDX-License-Identifier: Apache-2.0
@_spi(Testing) import Caret
import CaretTesting
import Foundation
import Testing

/// Dictionaries that know a few words and record every word they are asked about.
@MainActor
final class RecordingDictionaries: SpellingDictionaries {
    var asked: [String] = []
    let known: Set<String> = ["the", "a", "and", "world", "hello"]
    var availableLanguages: [String] { ["en_US"] }
    func isCorrect(_ word: String, language: String) -> Bool? {
        asked.append(word)
        return known.contains(word.lowercased())
    }
    func guesses(for word: String, language: String) -> [String] { [] }
}

/// Smart quotes, dashes and insert/delete (SPEC §13), and what checking may never see.
@Suite @MainActor
struct SmartPunctuationTests {
    private func make(_ language: String, configure: (TextField) -> Void = { _ in }) throws -> (HeadlessWindow, TextField) {
        let host = try makeHost(width: 800, height: 480)
        let root = View()
        host.rootView = root
        let field = TextField(frame: Rect(x: 10, y: 10, width: 600, height: 40))
        field.accessibilityLanguage = language
        configure(field)
        root.addSubview(field)
        host.layout()
        field.becomeFirstResponder()
        return (host, field)
    }

    private func typed(_ text: String, into field: TextField) -> String {
        for character in text { field.insertText(String(character)) }
        return field.text ?? ""
    }

    @Test func quotesAreTheLanguagesOwn() throws {
        #expect(typed("\"Hi,\" she said. 'Don't.'", into: try make("en").1) == "“Hi,” she said. ‘Don’t.’")
        #expect(typed("Er sagte \"ja\" und 'nein'", into: try make("de").1) == "Er sagte „ja“ und ‚nein‘")
        #expect(typed("Il dit \"oui\" et l'ami", into: try make("fr").1) == "Il dit «\u{00A0}oui\u{00A0}» et l’ami")
    }

    @Test func twoHyphensMakeADashButThreeDoNot() throws {
        let (_, field) = try make("en")
        #expect(typed("a--b", into: field) == "a—b")
        field.text = ""
        field.smartDashesType = .no
        #expect(typed("a--b", into: field) == "a--b")
    }

    @Test func theDelegateIsOfferedTheSmartCharacter() throws {
        let (_, field) = try make("en")
        let delegate = RecordingDelegate()
        field.delegate = delegate
        _ = typed("\"", into: field)
        #expect(delegate.log.contains { $0.contains("\"“\"") })
    }

    @Test(arguments: [0, 1, 2])
    func offForSecureEmailAndURLText(_ kind: Int) throws {
        let (_, field) = try make("en") {
            switch kind {
            case 0: $0.isSecureTextEntry = true
            case 1: $0.keyboardType = .emailAddress
            default: $0.keyboardType = .URL
            }
        }
        field.clearsOnBeginEditing = false
        #expect(typed("\"a\"--'b'", into: field) == "\"a\"--'b'")
    }

    @Test func pastedAndDeletedWordsKeepOneSpaceBetweenThem() throws {
        let (host, field) = try make("en")
        field.text = "hello world"
        host.window.backend.clipboard.string = "big"
        field.selectedRange = NSRange(location: 5, length: 0)
        field.editor.paste()
        #expect(field.text == "hello big world")
        field.selectedRange = NSRange(location: 6, length: 3)  // "big"
        field.editor.deleteBackward()
        #expect(field.text == "hello world")
        field.selectedRange = NSRange(location: 6, length: 5)  // "world", at the end
        field.editor.cut()
        #expect(field.text == "hello" && host.window.backend.clipboard.string == "world")
        field.smartInsertDeleteType = .no
        field.selectedRange = NSRange(location: 5, length: 0)
        field.editor.paste()
        #expect(field.text == "helloworld")
    }

    @Test func secureTextNeverReachesTheChecker() throws {
        let recorder = RecordingDictionaries()
        let host = try HeadlessWindow(size: Size(width: 800, height: 480), fonts: .fixedAdvance(ratio: 0.5), spelling: recorder)
        let root = View()
        host.rootView = root
        let secure = TextField(frame: Rect(x: 10, y: 10, width: 300, height: 40))
        secure.isSecureTextEntry = true
        secure.autocorrectionType = .yes
        secure.spellCheckingType = .yes
        secure.autocapitalizationType = .none
        let plain = TextField(frame: Rect(x: 10, y: 60, width: 300, height: 40))
        plain.autocapitalizationType = .none
        plain.autocorrectionType = .no  // (it would make "wrold" "world")
        root.addSubview(secure)
        root.addSubview(plain)
        host.window.keyboard.policy = .always
        host.layout()
        secure.becomeFirstResponder()
        host.settle()
        let keys = KeyboardDriver(host)
        #expect(keys.type(labels: "wrold"))
        _ = keys.tap(.space)
        #expect(keys.type(labels: "hunter"))
        host.settle()
        host.drawFrame()
        host.advance(by: 0.5)
        #expect(secure.text == "wrold hunter" && recorder.asked.isEmpty)
        // The same typing in a plain field is checked: the recorder hears it.
        plain.becomeFirstResponder()
        host.settle()
        #expect(keys.type(labels: "wrold"))
        _ = keys.tap(.space)
        host.settle()
        host.drawFrame()
        host.advance(by: 0.5)
        #expect(recorder.asked.contains("wrold") && plain.editor.spelling.misspelledRanges == [0..<5])
        #expect(!recorder.asked.contains("hunter"))
    }
}
