// SPDX-License-Identifier: Apache-2.0
@_spi(Backend) @_spi(Testing) import Caret
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
            field.smartQuotesType = .no  // every key types its own label
        }
    }

    @Test func everyKeyAndAlternateOfEveryLanguageTypesItsLabel() throws {
        let layouts = try KeyboardLayouts.bundled()
        // The writing pads have no letter keys (HandwritingPadTests writes on them).
        let typing = layouts.languages.values.filter { $0.composition == nil && $0.handwriting == nil }.map(\.identifier).sorted()
        // Every language file loads (none dropped unnoticed); all 43 that do not compose are typed here.
        let folder = URL(fileURLWithPath: #filePath).appendingPathComponent("../../../../Assets/Keyboards/languages").standardized
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }
        #expect(layouts.languages.count == files.count && files.count >= 49)
        #expect(typing.count >= 43)
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

    @Test func automaticCapitalsLeaveCaselessScriptsAlone() throws {
        // A Korean field at a sentence's start types ㅂ, not the double ㅃ shift would give.
        let layouts = try KeyboardLayouts.bundled()
        for language in ["ko", "hi", "th", "ka", "ja", "zh-zhuyin"] {
            var model = KeyboardModel(layouts: layouts, languages: [language])
            model.autocapitalizationType = .sentences
            model.configure(type: .default, contextBeforeCaret: "")
            #expect(model.shift == .off, "\(language)")
        }
        var greek = KeyboardModel(layouts: layouts, languages: ["el"])
        greek.configure(type: .default, contextBeforeCaret: "")
        #expect(greek.shift == .once)  // a cased script still starts a sentence with a capital
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

    @Test func anASCIIKeyboardShowsLatinLettersForScriptsThatAreNotLatin() throws {
        let layouts = try KeyboardLayouts.bundled()
        func letters(_ language: String) -> [String] {
            var model = KeyboardModel(layouts: layouts, languages: [language])
            model.configure(type: .asciiCapable, contextBeforeCaret: "")
            return model.rows.joined().compactMap { if case let .text(text) = $0.action { text } else { nil } }
        }
        for language in ["el", "ru", "ko", "th", "hi", "ar", "ka"] {
            #expect(letters(language).prefix(3) == ["q", "w", "e"], "\(language)")
        }
        #expect(letters("de").contains("z") && !letters("de").contains("ü"))  // Latin stays, without its accents
        #expect(letters("fr").first == "a")  // AZERTY stays AZERTY
    }

    @Test func aLanguageWhoseEngineIsMissingIsLeftOutWithAClearError() throws {
        let rig = try rig()
        defer { withExtendedLifetime(rig.host) {} }
        // The headless backend has no composition engines: Korean cannot be offered.
        rig.host.window.keyboard.languages = ["ko", "en", "de"]
        #expect(rig.keyboard.model.languages == ["en", "de"])
        let problem = try #require(rig.host.window.keyboard.problems.first)
        #expect("\(problem)".hasPrefix("Korean (ko) needs the composition engine"))
    }
}

/// The globe key: a tap shows the next language, a long press lists them by native name.
@Suite(.serialized) @MainActor
struct LanguagePickerTests {
    @Test func aLongPressOnTheGlobeListsTheLanguagesAndTheLiftChoosesOne() throws {
        let rig = try KeyboardRig { $0.autocapitalizationType = .none }
        defer { withExtendedLifetime(rig.host) {} }
        rig.host.window.keyboard.languages = ["en", "de", "el", "hi"]
        var posted: [String?] = []
        let token = NotificationCenter.default.addObserver(
            forName: TextInputMode.currentInputModeDidChangeNotification, object: nil, queue: nil
        ) { note in
            let language = (note.object as? TextInputMode)?.primaryLanguage
            MainActor.assumeIsolated { posted.append(language) }
        }
        defer { NotificationCenter.default.removeObserver(token) }
        let globe = try #require(rig.point(.globe))
        rig.down(1, at: globe)
        rig.host.advance(by: 0.6)
        let list = try #require(rig.keyboard.popups.languageList)
        #expect(list.names == ["English (US)", "Deutsch", "Ελληνικά", "हिन्दी"])
        #expect(list.current == 0)
        let row = list.convert(Point(x: 40, y: 4 + list.rowHeight * 2.5), to: nil)
        rig.host.window.send(.touch(id: 1, phase: .moved, location: row))
        #expect(list.highlighted == 2)
        rig.up(1, at: row)
        #expect(rig.keyboard.popups.languageList == nil)
        #expect(rig.host.window.keyboard.currentLanguage == "el")
        #expect(posted == ["el-GR"])
        rig.tapText("λ")
        #expect(rig.field.text == "λ")
        // A quick tap goes on to the next language.
        rig.tap(.globe)
        #expect(rig.host.window.keyboard.currentLanguage == "hi")
        #expect(posted == ["el-GR", "hi-IN"])
        #expect(rig.field.textInputMode?.primaryLanguage == "hi-IN")
        #expect(TextInputMode.activeInputModes.map(\.primaryLanguage) == ["en-US", "de-DE", "el-GR", "hi-IN"])
    }

    /// Fourteen languages do not fit above the keys: the list scrolls while the finger rests at
    /// its top edge, and the last language (French) can be chosen (issue 44: it could not).
    @Test func aLongListScrollsAndItsLastLanguageCanBeChosen() throws {
        let rig = try KeyboardRig { $0.autocapitalizationType = .none }
        defer { withExtendedLifetime(rig.host) {} }
        let languages = ["en", "de", "el", "hi", "es", "it", "pt-BR", "ru", "uk", "pl", "nl", "sv", "tr", "fr"]
        rig.host.window.keyboard.languages = languages
        #expect(rig.keyboard.model.languages == languages)
        let globe = try #require(rig.point(.globe))
        rig.down(1, at: globe)
        rig.host.advance(by: 0.6)
        let list = try #require(rig.keyboard.popups.languageList)
        #expect(list.maximumOffset > 0, "the list fits: \(list.frame)")
        let french = try #require(languages.firstIndex(of: "fr"))
        // The rows the list shows at first, by where they are: French is not among them.
        let shown = (0..<languages.count).filter { 4 + Double($0) * list.rowHeight + list.rowHeight <= list.bounds.height }
        #expect(!shown.contains(french))
        // The finger rests at the bottom edge: the rows scroll until French shows.
        let bottom = list.convert(Point(x: 40, y: list.bounds.height - 2), to: nil)
        rig.host.window.send(.touch(id: 1, phase: .moved, location: bottom))
        rig.host.advance(by: 3)
        #expect(list.offset == list.maximumOffset)
        let row = list.convert(Point(x: 40, y: 4 + (Double(french) + 0.5) * list.rowHeight - list.offset), to: nil)
        rig.host.window.send(.touch(id: 1, phase: .moved, location: row))
        #expect(list.highlighted == french)
        rig.up(1, at: row)
        #expect(rig.host.window.keyboard.currentLanguage == "fr")
        // And back up at the top edge.
        rig.down(1, at: globe)
        rig.host.advance(by: 0.6)
        let again = try #require(rig.keyboard.popups.languageList)
        #expect(again.offset == again.maximumOffset, "the list opens at the language shown")
        rig.host.window.send(.touch(id: 1, phase: .moved, location: again.convert(Point(x: 40, y: 2), to: nil)))
        rig.host.advance(by: 3)
        #expect(again.offset == 0)
        rig.up(1, at: globe)
    }

    @Test func liftingOutsideTheListKeepsTheLanguage() throws {
        let rig = try KeyboardRig()
        defer { withExtendedLifetime(rig.host) {} }
        rig.host.window.keyboard.languages = ["en", "fr"]
        let globe = try #require(rig.point(.globe))
        rig.down(1, at: globe)
        rig.host.advance(by: 0.6)
        #expect(rig.keyboard.popups.languageList != nil)
        rig.up(1, at: globe)
        #expect(rig.keyboard.popups.languageList == nil && rig.host.window.keyboard.currentLanguage == "en")
    }

    @Test func aResponderWithAContextIdentifierGetsItsLanguageBack() throws {
        final class NamedField: TextField {
            var context: String?
            override var textInputContextIdentifier: String? { context }
        }
        let host = try makeHost(width: 800, height: 480)
        let root = View()
        host.rootView = root
        let chat = NamedField(frame: Rect(x: 10, y: 10, width: 300, height: 40))
        chat.context = "chat-with-anna"
        let plain = TextField(frame: Rect(x: 10, y: 60, width: 300, height: 40))
        root.addSubview(chat)
        root.addSubview(plain)
        host.window.keyboard.policy = .always
        host.window.keyboard.languages = ["en", "de", "fr"]
        chat.becomeFirstResponder()
        host.settle()
        host.window.keyboard.showLanguage("fr")
        plain.becomeFirstResponder()
        host.settle()
        host.window.keyboard.showLanguage("de")
        chat.becomeFirstResponder()
        host.settle()
        #expect(host.window.keyboard.currentLanguage == "fr")
        #expect(chat.textInputMode?.primaryLanguage == "fr-FR")
        #expect(plain.textInputMode == nil)  // not first responder
        plain.becomeFirstResponder()
        host.settle()
        #expect(host.window.keyboard.currentLanguage == "fr")  // no identifier: it follows the keyboard
    }
}

/// The suggestion bar completes words in the keyboard's current language.
@Suite(.serialized) @MainActor
struct LanguageSuggestionTests {
    @Test func theBarCompletesWordsInTheLanguageShown() throws {
        let rig = try KeyboardRig { $0.autocapitalizationType = .none }
        defer { withExtendedLifetime(rig.host) {} }
        rig.host.window.keyboard.languages = ["en", "de", "pt-BR", "ru", "sr"]
        let driver = KeyboardDriver(rig.host)
        func suggestions(after typed: String, in language: String) -> [String] {
            rig.host.window.keyboard.showLanguage(language)
            rig.host.settle()
            rig.field.text = ""
            driver.type(labels: typed)
            return rig.keyboard.suggestions
        }
        #expect(suggestions(after: "zusa", in: "de").first == "zusammen")
        #expect(suggestions(after: "obrig", in: "pt-BR").first == "obrigado")  // pt-BR uses the pt list
        #expect(suggestions(after: "здрав", in: "ru").first == "здравствуйте")
        #expect(suggestions(after: "хва", in: "sr").first == "хвала")  // Serbian in Cyrillic
        #expect(suggestions(after: "zusa", in: "en").allSatisfy { !$0.hasPrefix("zusammen") })
        // Picking one goes through the change path as before.
        _ = suggestions(after: "zusa", in: "de")
        rig.keyboard.pickSuggestion("zusammen")
        #expect(rig.field.text == "zusammen ")
    }

    @Test func aBrokenWordListCostsItsLanguageItsSuggestionsOnly() throws {
        let rig = try KeyboardRig { $0.autocapitalizationType = .none }
        defer { withExtendedLifetime(rig.host) {} }
        let folder = NSTemporaryDirectory() + "caret-words-\(getpid())"
        try FileManager.default.createDirectory(atPath: folder + "/Words", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }  // the list is read (and cached) below
        let list = folder + "/Words/caret-test-broken.txt"
        try Data("gut\nbad word\n".utf8).write(to: URL(fileURLWithPath: list))
        Assets.addSearchPath(folder)  // only this test's list has this name
        var layouts = try KeyboardLayouts.bundled()
        layouts.languages["de"]?.words = "caret-test-broken"
        rig.host.window.keyboard.setLayouts(layouts)
        rig.host.window.keyboard.languages = ["de"]
        rig.host.settle()
        let problem = try #require(rig.host.window.keyboard.problems.first)
        #expect("\(problem)".contains("caret-test-broken.txt") && "\(problem)".contains("line 2"))
        let driver = KeyboardDriver(rig.host)
        driver.type(labels: "gu")
        #expect(rig.field.text == "gu" && rig.keyboard.suggestions.isEmpty)  // the keys still type
    }

    /// Japanese and Chinese engines give the bar its candidates; a composing language whose
    /// file names a list (Korean, the transliterations) has its words completed.
    @Test func composingLanguagesHaveAWordListOnlyWhenTheirFileNamesOne() throws {
        let layouts = try KeyboardLayouts.bundled()
        for identifier in ["ja", "zh-pinyin"] {
            let language = try #require(layouts.languages[identifier])
            #expect(KeyboardController.wordListNames(for: language).isEmpty)
        }
        for (identifier, list) in [("ko", "ko"), ("vi-telex", "vi"), ("hi-itrans", "hi")] {
            let language = try #require(layouts.languages[identifier])
            #expect(KeyboardController.wordListNames(for: language) == [list])
        }
        let pt = try #require(layouts.languages["pt-PT"])
        #expect(KeyboardController.wordListNames(for: pt) == ["pt-PT", "pt"])
    }
}
