// SPDX-License-Identifier: Apache-2.0
import CaretTesting
import Foundation
import Testing

@_spi(Backend) @_spi(Testing) @testable import Caret

/// Caret's own words in the guest's language (docs/behaviour/localisation.md).
@Suite(.serialized) @MainActor
struct LocalizationTests {
    /// The repository's `Assets` folder, read here apart from Caret's loader.
    private static let assets = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Assets")

    private static func json(_ relative: String) throws -> [String: Any] {
        let data = try Data(contentsOf: assets.appendingPathComponent(relative))
        return try #require(JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    private static func placeholders(_ text: String) -> [String] {
        let pattern = try! NSRegularExpression(pattern: "\\{(\\w+)\\}")
        return pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)).map { (text as NSString).substring(with: $0.range(at: 1)) }
            .sorted()
    }

    @Test func englishHoldsEveryKeyTheCodeAsksForAndNoOther() throws {
        let english = try Self.json("Strings/en.json")
        #expect(
            Set(english.keys) == Set(allWordKeys),
            "in the code only: \(Set(allWordKeys).subtracting(english.keys)); in the table only: \(Set(english.keys).subtracting(allWordKeys))")
        #expect(allWordKeys.count == Set(allWordKeys).count, "a key declared twice")
    }

    /// Every keyboard language has a table; every table has every key, the same placeholders as
    /// English, and each plural form its language takes for whole numbers.
    @Test func everyKeyboardLanguageHasEveryString() throws {
        let english = try Self.json("Strings/en.json")
        let folder = Self.assets.appendingPathComponent("Keyboards/languages")
        var missing: [String] = []
        for file in try FileManager.default.contentsOfDirectory(atPath: folder.path) where file.hasSuffix(".json") && !file.hasPrefix("hw-") {
            let layout = try Self.json("Keyboards/languages/\(file)")
            let tag = (layout["locale"] as? String) ?? String(file.dropLast(5))
            let table = Localization.resolve([tag])
            if table == "en" && !tag.hasPrefix("en") { missing.append("\(file) (\(tag))") }
        }
        #expect(missing.isEmpty, "keyboard languages without a table: \(missing)")
        let tables = try FileManager.default.contentsOfDirectory(atPath: Self.assets.appendingPathComponent("Strings").path)
            .filter { $0.hasSuffix(".json") && $0 != "plurals.json" }
        #expect(tables.count >= 50)
        var problems: [String] = []
        for file in tables {
            let language = String(file.dropLast(5))
            let table = try Self.json("Strings/\(file)")
            let rules = Localization.pluralRules(language)
            let categories = Set((0...1000).map { rules?.category(for: $0) ?? "other" } + ["other"])
            for (key, source) in english {
                switch (source, table[key]) {
                case let (text as String, translated as String):
                    if Self.placeholders(text) != Self.placeholders(translated) { problems.append("\(language) \(key): placeholders") }
                    if translated.trimmingCharacters(in: .whitespaces).isEmpty { problems.append("\(language) \(key): empty") }
                case let (forms as [String: String], translated as [String: String]):
                    let lacking = categories.subtracting(translated.keys)
                    if !lacking.isEmpty { problems.append("\(language) \(key): no \(lacking.sorted())") }
                    let named = Set(Self.placeholders(forms["other"] ?? ""))
                    if Set(Self.placeholders(translated["other"] ?? "")) != named { problems.append("\(language) \(key): placeholders") }
                default:
                    problems.append("\(language) \(key): missing or of another kind")
                }
            }
        }
        #expect(problems.isEmpty, "\(problems.prefix(20))")
    }

    @Test func russianAndArabicCountAsTheirGrammarDoes() {
        let russian = [1, 2, 5, 11, 21, 22, 25, 112].map { RoleWord.characters.text("ru", count: $0) }
        #expect(russian == ["1 символ", "2 символа", "5 символов", "11 символов", "21 символ", "22 символа", "25 символов", "112 символов"])
        // Arabic: zero, one, two, few (3–10), many (11–99), other (100…), in Arabic-Indic digits.
        let arabic = [0, 1, 2, 3, 11, 100].map { RoleWord.characters.text("ar", count: $0) }
        let forms = [0, 1, 2, 3, 11, 100].map { Localization.pluralRules("ar")?.category(for: $0) }
        #expect(forms == ["zero", "one", "two", "few", "many", "other"])
        #expect(Set(arabic).count == 6, "six forms: \(arabic)")
        // Counts are written in the language's own digits, as CLDR numbers it (Persian: ۳).
        #expect(RoleWord.characters.text("fa", count: 3).contains("۳"), "\(RoleWord.characters.text("fa", count: 3))")
    }

    @Test func aGermanKeyboardsReturnKeyReadsFertigForDone() throws {
        let field = TextField(frame: Rect(x: 20, y: 20, width: 500, height: 40))
        field.returnKeyType = .done
        let host = try makeKeyboardHost(width: 800, height: 480, field)
        host.window.preferredLanguages = ["en"]
        host.window.keyboard.languages = ["de"]
        #expect(field.becomeFirstResponder())
        host.settle()
        let keys = try #require(host.window.keyboard.keyboardView)
        let returnKey = keys.model.rows.joined().first { $0.action == .return }
        #expect(returnKey?.label == "Fertig", "\(String(describing: returnKey?.label))")
        host.window.keyboard.languages = ["en"]
        host.settle()
        #expect(keys.model.rows.joined().first { $0.action == .return }?.label == "Done")
    }

    /// A code field on an Arabic keyboard shows Latin letters; its space and return keys still
    /// speak the guest's language.
    @Test func latinLettersStandingInForArabicKeepArabicWordsOnTheirKeys() throws {
        let arabic = try Self.json("Strings/ar.json")
        let field = TextField(frame: Rect(x: 20, y: 20, width: 500, height: 40))
        field.keyboardType = .asciiCapable
        field.returnKeyType = .next
        let host = try makeKeyboardHost(width: 800, height: 480, field)
        host.window.keyboard.languages = ["ar"]
        #expect(field.becomeFirstResponder())
        host.settle()
        let keys = try #require(host.window.keyboard.keyboardView).model.rows.joined()
        #expect(keys.contains { $0.label == "q" || $0.label == "Q" }, "Latin letters")
        #expect(keys.first { $0.action == .space }?.label == arabic["key.space"] as? String)
        #expect(keys.first { $0.action == .return }?.label == arabic["return.next"] as? String)
    }

    /// A field of Japanese text, all selected and editing, in a window preferring Japanese
    /// (the field 20 points narrower than the window).
    private func japaneseFieldWithAllSelected(windowWidth: Double) throws -> (HeadlessWindow, TextField) {
        let field = TextField(frame: Rect(x: 10, y: 20, width: windowWidth - 20, height: 40))
        field.text = "こんにちは"
        let host = try makeKeyboardHost(width: windowWidth, height: 480, field)
        host.window.preferredLanguages = ["ja-JP"]
        #expect(field.becomeFirstResponder())
        host.settle()
        field.selectAll(nil)
        return (host, field)
    }

    @Test func theEditMenuIsInTheWindowsLanguage() throws {
        let japanese = try Self.json("Strings/ja.json")
        let (host, field) = try japaneseFieldWithAllSelected(windowWidth: 800)
        defer { withExtendedLifetime(host) {} }
        let titles = field.editor.interaction.suggestedEditActions().map(\.title)
        let expected = ["edit.cut", "edit.copy", "edit.delete", "edit.selectAll"].map { japanese[$0] as? String }
        #expect(titles.filter { expected.contains($0) }.count == 4, "\(titles) against \(expected)")
        #expect(!titles.contains("Cut") && !titles.contains("Select All"))
    }

    /// A menu too wide for a narrow window pages behind ‹ and ›: screen readers and spoken mode
    /// hear the arrows by name, in the window's language.
    @Test func theEditMenusPagingArrowsAreNamedInTheWindowsLanguage() throws {
        let japanese = try Self.json("Strings/ja.json")
        let (host, field) = try japaneseFieldWithAllSelected(windowWidth: 220)
        defer { withExtendedLifetime(host) {} }
        field.editor.interaction.showEditMenu()
        let menu = try #require(field.editor.interaction.editMenu)
        #expect(menu.pageCount > 1, "the menu pages in a window 220 points wide")
        #expect(menu.buttons.first?.accessibilityLabel == japanese["edit.previousPage"] as? String)
        #expect(menu.buttons.last?.accessibilityLabel == japanese["edit.nextPage"] as? String)
        menu.buttons.last?.sendActions(for: .primaryActionTriggered)  // the next page names its arrows too
        #expect(menu.page == 1 && menu.buttons.last?.accessibilityLabel == japanese["edit.nextPage"] as? String)
    }

    @Test func spokenModeSpeaksItsOwnWordsInTheGuestsLanguage() throws {
        let field = TextField(frame: Rect(x: 20, y: 20, width: 500, height: 40))
        field.accessibilityLabel = "Name"
        let host = try makeKeyboardHost(width: 800, height: 480, field)
        host.window.preferredLanguages = ["de"]
        host.window.keyboard.languages = ["de"]
        #expect(field.becomeFirstResponder())
        host.settle()
        let speaker = RecordingSpeaker()
        let spoken = SpokenMode(synthesizer: speaker)
        host.window.spokenMode = spoken
        host.settle()
        speaker.clear()
        spoken.change(.louder)
        #expect(speaker.utterances.last?.language == "de")
        #expect(speaker.texts.last?.contains("100") == true && speaker.texts.last?.contains("volume") == false, "\(speaker.texts)")
        speaker.clear()
        spoken.speak(field)
        #expect(speaker.texts.last?.hasPrefix("Name, Textfeld") == true, "\(speaker.texts)")
        speaker.clear()
        host.window.accessibilityShortcut.endSpokenMode()
        #expect(speaker.utterances.last?.language == "de" && speaker.texts.last == "Sprachausgabe aus", "\(speaker.utterances)")
    }

    @Test func theIdleWarningCountsDownInTheWindowsLanguage() throws {
        let host = try makeKeyboardHost(width: 800, height: 480)
        host.window.preferredLanguages = ["ru"]
        host.window.kiosk.idleTimeout = 60
        host.window.kiosk.idleWarningDuration = 21
        host.advance(by: 39.5)  // the warning shows 21 s before the timeout: 20.5 s left, said as 21
        host.settle()
        let texts = host.window.topLayer.subviews.flatMap(\.subviews).compactMap { ($0 as? Label)?.text }
        #expect(texts.contains { $0.contains("21 секунду") }, "\(texts)")
        #expect(!texts.contains { $0.contains("seconds") })
    }

    @Test func theEnvironmentNamesTheLanguageAsGettextReadsIt() {
        #expect(Localization.resolve(Localization.environmentLanguages(["LANG": "de_DE.UTF-8"])) == "de")
        #expect(Localization.resolve(Localization.environmentLanguages(["LANGUAGE": "fr:de", "LANG": "de_DE.UTF-8"])) == "fr")
        #expect(Localization.resolve(Localization.environmentLanguages(["LC_ALL": "pt_PT.UTF-8", "LANG": "de_DE.UTF-8"])) == "pt-PT")
        #expect(Localization.environmentLanguages(["LANGUAGE": "fr", "LANG": "C.UTF-8"]).isEmpty, "the C locale names none, as gettext")
        #expect(Localization.resolve(["zh-TW"]) == "zh-Hant" && Localization.resolve(["zh_CN"]) == "zh-Hans")
        #expect(Localization.resolve(["no"]) == "nb" && Localization.resolve(["xx"]) == "en")
    }
}
