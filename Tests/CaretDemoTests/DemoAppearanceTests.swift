// SPDX-License-Identifier: Apache-2.0
import CaretDemoKit
import CaretTesting
import Foundation
import Testing

@_spi(Testing) @testable import Caret

/// The demo's last section, used as a person would: scrolled to, its buttons tapped at their
/// pixels, the alert's field typed into with the keys.
@Suite(.serialized) @MainActor
struct DemoAppearanceTests {
    private func demo() throws -> (HeadlessWindow, FormScreen) {
        let host = try makeHost(width: 800, height: 600)
        let controller = FormViewController()
        host.window.rootViewController = controller
        host.window.keyboard.policy = .never
        host.settle()
        return (host, controller.form)
    }

    private func scrollTo(_ button: Button, in form: FormScreen, _ host: HeadlessWindow) {
        form.scrollView.scrollRectToVisible(button.convert(button.bounds, to: form.scrollView), animated: false)
        host.settle()
    }

    @Test func theAppearanceSwitchTurnsTheWholeDemoDarkAndBack() throws {
        let (host, form) = try demo()
        let toggle = form.appearanceSwitch
        form.scrollView.scrollRectToVisible(toggle.convert(toggle.bounds, to: form.scrollView), animated: false)
        host.settle()
        #expect(!toggle.isOn && toggle.accessibilityLabel == "Dark appearance")
        host.input.tap(toggle)
        host.settle()
        #expect(toggle.isOn)
        #expect(host.window.traitCollection.userInterfaceStyle == .dark)
        #expect(form.traitCollection.userInterfaceStyle == .dark && form.statusLabel.text == "Dark appearance")
        host.input.tap(toggle)
        host.settle()
        #expect(!toggle.isOn)
        #expect(form.traitCollection.userInterfaceStyle == .light && form.statusLabel.text == "Light appearance")
        form.switchAppearance()
        host.settle()
        #expect(toggle.isOn, "the switch shows the appearance however it was changed")
    }

    @Test func theNameAlertAsksForTextAndSaveNamesTheForm() throws {
        let (host, form) = try demo()
        let button = try #require(form.buttons["Name the form…"])
        scrollTo(button, in: form, host)
        host.input.tap(button)
        host.settle()
        let alert = try #require(host.window.rootViewController?.presentedViewController as? AlertController)
        let field = try #require(alert.textFields?.first)
        #expect(field.isFirstResponder && field.text == "Caret")
        for _ in 0..<5 { host.input.key(.keyboardDeleteOrBackspace) }
        host.input.type("Front desk")
        host.input.key(.keyboardReturnOrEnter)  // the preferred action, Save
        host.settle()
        #expect(form.titleLabel.text == "Front desk" && form.statusLabel.text == "Named “Front desk”")
        #expect(host.window.rootViewController?.presentedViewController == nil)
    }

    /// The title bar's language button: an action sheet of the keyboard's languages by their own
    /// names; German chosen at its pixels makes the keyboard German, Caret's own words German (the
    /// edit menu's Paste, from Caret's German table) and the form made again in the demo's German
    /// words, with what was typed and the name given carried over.
    @Test func theLanguageButtonOffersTheKeyboardsLanguagesAndTheChoiceIsEveryWordsLanguage() throws {
        let (host, form) = try demo()
        host.window.keyboard.languages = ["en", "de", "ja"]
        try host.window.keyboard.loadLayouts()
        form.fields["email"]?.text = "ada@example.com"
        form.notes.text = "Erste Zeile"
        form.titleLabel.text = "Empfang"
        form.singleLineEditor.text = "Eine Zeile"
        var heardByTheOldForm = 0
        form.onTrace = { _ in heardByTheOldForm += 1 }
        let button = form.languageButton
        #expect(button.title(for: .normal) == "English" && form.buttons["Language…"] === button)
        host.input.tap(button)
        host.settle()
        let sheet = try #require(host.window.rootViewController?.presentedViewController as? AlertController)
        #expect(sheet.preferredStyle == .actionSheet)
        #expect(sheet.actions.map(\.title) == host.window.keyboard.inputModes.map(\.displayName) + ["Cancel"])
        let german = try #require(host.window.keyboard.inputModes.first { $0.identifier == "de" })
        func buttons(in view: View) -> [Button] { view.subviews.flatMap { [$0 as? Button].compactMap { $0 } + buttons(in: $0) } }
        let choice = try #require(buttons(in: sheet.view).first { $0.title(for: .normal) == german.displayName })
        host.input.tap(choice)
        host.settle()
        #expect(host.window.rootViewController?.presentedViewController == nil)
        #expect(host.window.keyboard.currentLanguage == german.identifier)
        #expect(host.window.preferredLanguages == ["de-DE"])
        // Caret's words now come from the German table.
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let data = try Data(contentsOf: repository.appendingPathComponent("Assets/Strings/de.json"))
        let table = try #require(JSONSerialization.jsonObject(with: data) as? [String: Any])
        let language = Localization.language(preferring: host.window.preferredLanguages)
        #expect(language == "de")
        #expect(Localization.text("edit.paste", language: language) == table["edit.paste"] as? String)
        // The demo's words too: a new form in German, in the old one's place, what was typed kept.
        let demoData = try Data(contentsOf: repository.appendingPathComponent("Examples/DemoKit/Strings/de.json"))
        let words = try #require(JSONSerialization.jsonObject(with: demoData) as? [String: Any])
        let remade = try #require((host.window.rootViewController as? FormViewController)?.form)
        #expect(remade !== form && remade.window === host.window)
        #expect(remade.fields["email"]?.placeholder == words["field.email"] as? String)
        #expect(remade.fields["email"]?.text == "ada@example.com" && remade.notes.text == "Erste Zeile")
        #expect(remade.titleLabel.text == "Empfang" && remade.languageButton.title(for: .normal) == "Deutsch")
        #expect(remade.singleLineEditor.text == "Eine Zeile")
        // The form replaced reports nothing more (a trace read by scripts would hear it twice).
        heardByTheOldForm = 0
        NotificationCenter.default.post(name: Responder.keyboardWillShowNotification, object: nil)
        #expect(heardByTheOldForm == 0)
        let status = (words["status.language"] as? String)?.replacingOccurrences(of: "{language}", with: german.displayName)
        #expect(remade.statusLabel.text == status)
    }
}
