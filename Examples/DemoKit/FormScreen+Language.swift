// SPDX-License-Identifier: Apache-2.0
import Caret
import Foundation

/// The language, chosen at the start from the title bar: the demo's own words, the keyboard's
/// language and Caret's words in the window (edit menu, return key, spoken mode) all follow it
/// (docs/behaviour/localisation.md). The form is made again in the new language, carrying over
/// what was typed, as an app rebuilds its screens when its language changes.
extension FormScreen {
    /// The title bar's button: a globe and the language's own name ("Deutsch").
    func addLanguageButton() {
        languageButton.setImage(Image(systemName: "globe"), for: .normal)
        languageButton.setTitle(Self.ownName(of: words.language), for: .normal)
        languageButton.accessibilityLabel = words("language.title")
        languageButton.accessibilityValue = Self.ownName(of: words.language)
        languageButton.accessibilityIdentifier = "language"
        languageButton.addAction(Action { [weak self] _ in self?.chooseLanguage() }, for: .primaryActionTriggered)
        buttons["Language…"] = languageButton
        titleBar.addSubview(languageButton)
    }

    /// A language's name in itself, capitalised as a name standing alone ("Français", "日本語").
    static func ownName(of language: String) -> String {
        let locale = Locale(identifier: language)
        let name = locale.localizedString(forIdentifier: language) ?? language
        return name.prefix(1).uppercased(with: locale) + name.dropFirst()
    }

    /// The language a demo starts in (`--language`, else the system's): the keyboard shows its
    /// first layout for it, and a language chosen is Caret's words' in the window too (the
    /// system's is theirs already). With no choice and an English system the keyboard keeps its
    /// own first language (`--languages`' order).
    public static func start(_ window: Window, in words: ExampleWords, chosen: String?) {
        guard chosen != nil || words.language != "en" else { return }
        let modes = window.keyboard.inputModes
        let mode =
            modes.first { $0.identifier == chosen }
            ?? modes.first { ExampleWords.demo(preferring: [$0.primaryLanguage ?? ""]).language == words.language }
        if let mode, mode.identifier != window.keyboard.currentInputMode?.identifier { window.keyboard.showLanguage(mode.identifier) }
        if chosen != nil { window.preferredLanguages = [mode?.primaryLanguage ?? words.language] }
    }

    /// An action sheet of the keyboard's languages, each by its own name; the one chosen is the
    /// keyboard's, Caret's words' in this window and the demo's.
    public func chooseLanguage() {
        guard let window, let presenter = window.rootViewController else { return }
        let sheet = AlertController(title: words("language.title"), message: nil, preferredStyle: .actionSheet)
        for mode in window.keyboard.inputModes {
            sheet.addAction(AlertAction(title: mode.displayName, style: .default) { [weak self] _ in self?.useLanguage(mode.identifier) })
        }
        sheet.addAction(AlertAction(title: words("button.cancel"), style: .cancel))
        // Beside its button in a wide window, as on an iPad; a sheet at the bottom in a narrow one.
        sheet.popoverPresentationController?.sourceView = languageButton
        presenter.present(sheet, animated: true)
    }

    /// Makes a keyboard language the keyboard's and the window's, and shows the form again in the
    /// demo's words for it (English when the demo has no table for it).
    public func useLanguage(_ identifier: String) {
        guard let window, let mode = window.keyboard.inputModes.first(where: { $0.identifier == identifier }) else { return }
        window.keyboard.showLanguage(identifier)
        window.preferredLanguages = mode.primaryLanguage.map { [$0] } ?? []
        let shown = words.language == ExampleWords.demo(preferring: window.preferredLanguages).language ? self : remade()
        shown?.statusLabel.text = shown?.words("status.language", ["language": mode.displayName])
    }

    /// The form made again in the window's language in this one's place, or nil when it is not shown.
    private func remade() -> FormScreen? {
        guard let window else { return nil }
        _ = window.endEditing(true)
        let words = ExampleWords.demo(preferring: window.preferredLanguages)
        let form: FormScreen
        if let controller = next as? FormViewController {  // a view's next responder is its controller
            let replacement = controller.remade(in: words)
            window.rootViewController = replacement
            form = replacement.form
        } else {
            form = FormScreen(images: images, words: words, locale: locale, layout: layout)
            window.rootView = form
        }
        form.carryOver(from: self)
        return form
    }

    /// What a person typed or chose here, taken from the form this one replaces.
    private func carryOver(from old: FormScreen) {
        for (name, field) in old.fields { fields[name]?.text = field.text }
        notes.text = old.notes.text
        singleLineEditor.text = old.singleLineEditor.text
        multiLineEditor.text = old.multiLineEditor.text
        if old.titleLabel.text != "Caret" { titleLabel.text = old.titleLabel.text }
        notesScreen.textView.attributedText = old.notesScreen.textView.attributedText
        appearanceSwitch.isOn = old.appearanceSwitch.isOn
        tapCount = old.tapCount
        // The old form reports nothing more: its trace, taps and entries are the new one's now.
        old.tracer.stop()
        old.onTrace = nil
        old.onAction = nil
        old.onEntered = nil
    }
}
