// SPDX-License-Identifier: Apache-2.0
import CaretDemoKit
import CaretTesting
import Foundation
import Testing

@_spi(Testing) @testable import Caret

/// The demo's own words (Examples/DemoKit/Strings, docs/behaviour/localisation.md): a table for
/// every language Caret has one for, and the demo in the language a guest starts in, its other
/// screens, its counted words and its direction included. What is expected is read from the
/// tables, never from the demo.
@Suite(.serialized) @MainActor
struct DemoWordsTests {
    private static let folder = WordTables.repository.appendingPathComponent("Examples/DemoKit/Strings")

    private static func text(_ language: String, _ key: String, _ arguments: [String: String] = [:]) throws -> String {
        var text = try #require(try WordTables.table(folder, language)[key] as? String)
        for (name, value) in arguments { text = text.replacingOccurrences(of: "{\(name)}", with: value) }
        return text
    }

    /// A window with the keyboard's languages, showing the demo's form started in `language`.
    private func started(in language: String?, languages: [String] = ["en", "de", "ja", "ar", "ru"]) throws -> (HeadlessWindow, FormScreen) {
        let host = try makeHost(width: 800, height: 600)
        host.window.keyboard.languages = languages
        try host.window.keyboard.loadLayouts()
        host.window.keyboard.policy = .never
        let words = ExampleWords.demo(preferring: language.map { [$0] } ?? [])
        let controller = FormViewController(words: words)
        host.window.rootViewController = controller
        FormScreen.start(host.window, in: words, chosen: language)
        host.settle()
        return (host, controller.form)
    }

    @Test func everyTableHasEveryKeyWithItsPlaceholdersAndPluralForms() throws {
        let problems = try WordTables.problems(in: Self.folder)
        #expect(problems.isEmpty, "\(problems.prefix(20))")
    }

    /// `--language de`: the form, its buttons, the title bar's language and the screens it leads
    /// to are German, the keyboard is German, and so are Caret's own words in the window.
    @Test func aGuestWhoStartsInGermanReadsTheDemoInGerman() throws {
        let (host, form) = try started(in: "de")
        #expect(form.fields["email"]?.placeholder == (try Self.text("de", "field.email")))
        #expect(form.buttons["Save"]?.title(for: .normal) == (try Self.text("de", "button.save")))
        #expect(form.notes.accessibilityLabel == (try Self.text("de", "notes.name")))
        #expect(form.languageButton.title(for: .normal) == "Deutsch")
        #expect(form.languageButton.accessibilityLabel == (try Self.text("de", "language.title")))
        #expect(host.window.keyboard.currentLanguage == "de")
        #expect(host.window.preferredLanguages == ["de-DE"])
        #expect(Localization.language(of: host.window) == "de")
        form.showKiosk()
        host.settle()
        #expect(form.kioskController?.title == (try Self.text("de", "kiosk.title")))
        #expect(form.kiosk?.backButton.title(for: .normal) == (try Self.text("de", "back")))
        #expect(form.kiosk?.fields["code"]?.placeholder == (try Self.text("de", "kiosk.code")))
    }

    /// No language chosen on an English system: the form is English and the keyboard starts on
    /// its own first language, whichever that is.
    @Test func withNoChoiceTheDemoIsInTheSystemsLanguage() throws {
        let (host, form) = try started(in: nil, languages: ["de", "fr", "en"])
        #expect(form.fields["email"]?.placeholder == (try Self.text("en", "field.email")))
        #expect(host.window.keyboard.currentLanguage == "de" && host.window.preferredLanguages.isEmpty)
    }

    /// "Tapped “Save” (2 …)" in Russian: the count's CLDR plural form from the table (few for 2,
    /// many for 5), the title in Russian.
    @Test func theTapCountTakesRussiansPluralForms() throws {
        let (host, form) = try started(in: "ru")
        let save = try #require(form.buttons["Save"])
        let forms = try #require(try WordTables.table(Self.folder, "ru")["status.tapped"] as? [String: String])
        let title = try Self.text("ru", "button.save")
        for (taps, category) in [(1, "one"), (2, "few"), (5, "many")] {
            form.scrollView.scrollRectToVisible(save.convert(save.bounds, to: form.scrollView), animated: false)
            host.settle()
            for _ in form.tapCount..<taps {
                host.input.tap(save)
                host.settle()
            }
            #expect(form.tapCount == taps)
            let expected = forms[category]?.replacingOccurrences(of: "{title}", with: title).replacingOccurrences(of: "{count}", with: "\(taps)")
            #expect(form.statusLabel.text == expected, "\(taps) taps")
        }
    }

    /// Arabic: the form reads right to left: its title bar's language button on the left, the
    /// logo on the right, the fields' text at their right edge.
    @Test func theDemoInArabicIsMirrored() throws {
        let (host, form) = try started(in: "ar")
        #expect(form.fields["name"]?.placeholder == (try Self.text("ar", "field.name")))
        let width = host.window.bounds.width
        #expect(form.languageButton.convert(form.languageButton.bounds, to: nil).maxX < width / 2)
        let logo = try #require(form.titleBar.subviews.first { $0 is ImageView })
        #expect(logo.convert(logo.bounds, to: nil).minX > width / 2)
        #expect(form.fields["name"]?.effectiveUserInterfaceLayoutDirection == .rightToLeft)
    }
}
