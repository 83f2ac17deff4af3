// SPDX-License-Identifier: Apache-2.0
import Caret

/// The form's last section: the dark appearance turned on and off by a switch (the window's
/// `overrideUserInterfaceStyle`), an alert that asks for a name, as UIKit apps ask for one, and
/// the language: the keyboard's and that of Caret's own words (edit menu, return key, spoken
/// mode), chosen from an action sheet of the keyboard's languages.
extension FormScreen {
    func addAppearanceSection() {
        form.addArrangedSubview(section("Appearance and alerts"))
        let dark = Label(text: "Dark appearance", font: .systemFont(ofSize: 17))
        appearanceSwitch.accessibilityLabel = dark.text
        appearanceSwitch.addAction(Action { [weak self] _ in self?.setDarkAppearance(self?.appearanceSwitch.isOn ?? false) }, for: .valueChanged)
        let name = makeButton("Name the form…", style: .tinted) { [weak self] in self?.askForName() }
        let language = makeButton("Language…", style: .tinted) { [weak self] in self?.chooseLanguage() }
        let row = StackView(arrangedSubviews: [dark, appearanceSwitch, name, language], axis: .horizontal, spacing: 12)
        row.alignment = .center
        row.addArrangedSubview(View())  // flexible space after the buttons
        buttonRows.append(row)  // stacked at the largest text sizes, as the other rows
        form.addArrangedSubview(row)
    }

    /// Dark if the window is light, light if it is dark.
    public func switchAppearance() {
        setDarkAppearance(window?.traitCollection.userInterfaceStyle != .dark)
    }

    /// The window dark or light, the switch showing which.
    func setDarkAppearance(_ dark: Bool) {
        guard let window else { return }
        window.overrideUserInterfaceStyle = dark ? .dark : .light
        appearanceSwitch.setOn(dark, animated: true)
        statusLabel.text = dark ? "Dark appearance" : "Light appearance"
    }

    /// An alert with a text field; Save puts the name in the title bar.
    public func askForName() {
        guard let presenter = window?.rootViewController else { return }
        let alert = AlertController(
            title: "Name this form", message: "The name shows in the title bar.", preferredStyle: .alert)
        alert.addTextField { [weak self] field in
            field.placeholder = "Name"
            field.text = self?.titleLabel.text
            field.clearButtonMode = .whileEditing
        }
        alert.addAction(AlertAction(title: "Cancel", style: .cancel))
        let save = AlertAction(title: "Save", style: .default) { [weak self, weak alert] _ in
            guard let self, let name = alert?.textFields?.first?.text, !name.isEmpty else { return }
            self.titleLabel.text = name
            self.setNeedsLayout()
            self.statusLabel.text = "Named “\(name)”"
        }
        alert.addAction(save)
        alert.preferredAction = save
        presenter.present(alert, animated: true)
    }

    /// An action sheet of the keyboard's languages, each by its own name; the one chosen is the
    /// keyboard's and that of Caret's words in this window.
    public func chooseLanguage() {
        guard let window, let presenter = window.rootViewController else { return }
        let sheet = AlertController(title: "Language", message: nil, preferredStyle: .actionSheet)
        for mode in window.keyboard.inputModes {
            sheet.addAction(AlertAction(title: mode.displayName, style: .default) { [weak self] _ in self?.useLanguage(mode.identifier) })
        }
        sheet.addAction(AlertAction(title: "Cancel", style: .cancel))
        // Beside its button in a wide window, as on an iPad; a sheet at the bottom in a narrow one.
        sheet.popoverPresentationController?.sourceView = buttons["Language…"]
        presenter.present(sheet, animated: true)
    }

    /// Makes a keyboard language the keyboard's and the window's (Caret's words follow it).
    public func useLanguage(_ identifier: String) {
        guard let window, let mode = window.keyboard.inputModes.first(where: { $0.identifier == identifier }) else { return }
        window.keyboard.showLanguage(identifier)
        window.preferredLanguages = mode.primaryLanguage.map { [$0] } ?? []
        statusLabel.text = "Language: \(mode.displayName)"
    }

    /// A section's heading, in capitals, read as written.
    func section(_ title: String) -> Label {
        let label = Label(text: title.uppercased(), font: .boldSystemFont(ofSize: 13))
        label.textColor = .secondaryLabel
        label.accessibilityLabel = title  // spoken as written, not spelt out in capitals
        label.accessibilityTraits = [.staticText, .header]
        return label
    }
}
