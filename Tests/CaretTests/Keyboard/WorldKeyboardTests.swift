import Caret
import CaretTesting
import Foundation
import Testing

/// Every bundled language whose keys type (the composing ones are tested with their engines in
/// CaretComposeTests): every key of every plane, shifted and not, and every long-press alternate,
/// tapped as a person would, typing exactly its label.
@Suite(.serialized) @MainActor
struct WorldKeyboardTests {
    private func rig() throws -> KeyboardRig {
        try KeyboardRig(size: Size(width: 800, height: 480)) { field in
            field.autocapitalizationType = .none
            field.autocorrectionType = .no
        }
    }

    @Test func everyKeyAndAlternateOfEveryLanguageTypesItsLabel() throws {
        let layouts = try KeyboardLayouts.bundled()
        let typing = layouts.languages.values.filter { $0.composition == nil }.map(\.identifier).sorted()
        #expect(typing.count >= 41)
        for identifier in typing {
            let rig = try rig()
            defer { withExtendedLifetime(rig.host) {} }
            rig.host.window.keyboard.languages = [identifier]
            rig.host.settle()
            #expect(rig.host.window.keyboard.currentLanguage == identifier)
            let (expected, unreachable) = KeyboardDriver(rig.host).typeEveryKeyOfEveryPlane()
            #expect(unreachable.isEmpty, "\(identifier): \(unreachable)")
            #expect(rig.field.text == expected, "\(identifier)")
            #expect(rig.host.window.keyboard.problems.isEmpty, "\(identifier): \(rig.host.window.keyboard.problems)")
        }
    }

    @Test func shiftFollowsEachLanguagesOwnCapitals() throws {
        let layouts = try KeyboardLayouts.bundled()
        func shifted(_ language: String, _ key: String) throws -> String {
            var model = KeyboardModel(layouts: layouts, languages: [language])
            model.autocapitalizationType = .none
            model.configure(type: .default, contextBeforeCaret: "")
            _ = model.press(.shift)
            guard case let .insert(text)? = model.press(.text(key)) else { return "" }
            return text
        }
        #expect(try shifted("tr", "i") == "İ")  // Turkish dotted capital
        #expect(try shifted("tr", "ı") == "I")
        #expect(try shifted("de", "ß") == "ß")  // no one-letter capital
        #expect(try shifted("ka", "ქ") == "ქ")  // Georgian is typed without capitals
        #expect(try shifted("ka", "წ") == "ჭ")  // its shifted keys are other letters
        #expect(try shifted("hi", "क") == "ख")  // InScript's second layer
        #expect(try shifted("th", "ภ") == "๓")  // Kedmanee's
        #expect(try shifted("el", "σ") == "Σ")
        #expect(try shifted("ru", "ж") == "Ж")
    }

    @Test func eachLanguageHasItsDecimalSeparatorAndNativeName() throws {
        let layouts = try KeyboardLayouts.bundled()
        let expected: [String: String] = ["en": ".", "de": ",", "fr": ",", "ru": ",", "ar": "٫", "fa": "٫", "hi": ".", "ja": ".", "pt-BR": ","]
        for (identifier, separator) in expected {
            var model = KeyboardModel(layouts: layouts, languages: [identifier])
            model.configure(type: .decimalPad, contextBeforeCaret: "")
            #expect(model.press(.decimal) == .insert(separator), "\(identifier)")
        }
        // The app's number format wins over the language.
        var model = KeyboardModel(layouts: layouts, languages: ["de"])
        model.decimalSeparator = "."
        model.configure(type: .decimalPad, contextBeforeCaret: "")
        #expect(model.press(.decimal) == .insert("."))
        #expect(layouts.languages["ko"]?.name == "한국어" && layouts.languages["el"]?.name == "Ελληνικά")
        for language in layouts.languages.values {
            #expect(language.locale != nil && language.decimalSeparator != nil, "\(language.identifier)")
            #expect((language.rightToLeft ?? false) == ["ar", "fa", "he"].contains(language.identifier))
        }
    }

    @Test func aLanguageWhoseEngineIsMissingIsLeftOutWithAClearError() throws {
        let rig = try rig()
        defer { withExtendedLifetime(rig.host) {} }
        // The headless backend has no composition engines: Korean cannot be offered.
        rig.host.window.keyboard.languages = ["ko", "en", "de"]
        #expect(rig.keyboard.model.languages == ["en", "de"])
        let problem = try #require(rig.host.window.keyboard.problems.first)
        #expect("\(problem)".contains("ko is left out"))
    }
}
