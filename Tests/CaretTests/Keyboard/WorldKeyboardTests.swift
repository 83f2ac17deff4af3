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

    /// Taps every text key of the plane shown (with shift before each when `shifted`).
    private func typeEveryKey(_ rig: KeyboardRig, shifted: Bool) -> String {
        var expected = ""
        rig.host.layout()
        if shifted && rig.point(.shift) == nil { return "" }  // no capitals (Arabic, Hebrew)
        let count = rig.keyboard.keyFrames.count
        for index in 0..<count {
            if shifted { rig.tap(.shift) }
            rig.host.layout()
            let entry = rig.keyboard.keyFrames[index]
            guard case .text = entry.key.action else {
                if shifted { rig.tap(.shift) }  // shift off again
                continue
            }
            expected += entry.key.label
            rig.host.input.tap(at: rig.keyboard.convert(Point(x: entry.frame.midX, y: entry.frame.midY), to: nil), hold: 0.05)
            rig.host.advance(by: 0.4)
        }
        return expected
    }

    /// Long-presses every key with alternates on the plane shown and slides to each alternate.
    private func typeEveryAlternate(_ rig: KeyboardRig) -> String {
        var expected = ""
        rig.host.layout()
        for entry in rig.keyboard.keyFrames where entry.key.alternates.count > 1 {
            for (i, alternate) in entry.key.alternates.enumerated() {
                let point = rig.keyboard.convert(Point(x: entry.frame.midX, y: entry.frame.midY), to: nil)
                rig.down(1, at: point)
                rig.host.advance(by: 0.6)
                guard let popup = rig.keyboard.popup, popup.labels == entry.key.alternates else {
                    Issue.record("no alternates over \(entry.key.label)")
                    rig.up(1, at: point)
                    continue
                }
                let cell = (popup.bounds.width - 8) / Double(popup.labels.count)
                let target = popup.convert(Point(x: 4 + cell * (Double(i) + 0.5), y: popup.bounds.height / 2), to: nil)
                #expect(target.x >= 0 && target.x <= rig.host.window.bounds.width, "alternate \(alternate) off screen")
                rig.host.window.send(.touch(id: 1, phase: .moved, location: target))
                rig.up(1, at: target)
                rig.host.advance(by: 0.4)
                expected += alternate
            }
        }
        return expected
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
            var expected = ""
            expected += typeEveryKey(rig, shifted: false)
            expected += typeEveryKey(rig, shifted: true)
            expected += typeEveryAlternate(rig)
            rig.tap(.more)
            #expect(rig.keyboard.model.plane == "numbers", "\(identifier)")
            expected += typeEveryKey(rig, shifted: false)
            expected += typeEveryAlternate(rig)
            rig.tap(.symbols)
            #expect(rig.keyboard.model.plane == "symbols", "\(identifier)")
            expected += typeEveryKey(rig, shifted: false)
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
