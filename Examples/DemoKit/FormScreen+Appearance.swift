// SPDX-License-Identifier: Apache-2.0
import Caret

/// The form's last section: the dark appearance turned on and off by a switch (the window's
/// `overrideUserInterfaceStyle`) and an alert that asks for a name, as UIKit apps ask for one.
extension FormScreen {
    func addAppearanceSection() {
        form.addArrangedSubview(section(words("section.appearance")))
        let dark = Label(text: words("status.dark"), font: .systemFont(ofSize: 17))
        appearanceSwitch.accessibilityLabel = dark.text
        appearanceSwitch.addAction(Action { [weak self] _ in self?.setDarkAppearance(self?.appearanceSwitch.isOn ?? false) }, for: .valueChanged)
        let name = makeButton("button.nameForm", style: .tinted) { [weak self] in self?.askForName() }
        let row = StackView(arrangedSubviews: [dark, appearanceSwitch, name], axis: .horizontal, spacing: 12)
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
        statusLabel.text = words(dark ? "status.dark" : "status.light")
    }

    /// An alert with a text field; Save puts the name in the title bar.
    public func askForName() {
        guard let presenter = window?.rootViewController else { return }
        let alert = AlertController(
            title: words("alert.nameTitle"), message: words("alert.nameMessage"), preferredStyle: .alert)
        alert.addTextField { [weak self] field in
            field.placeholder = self?.words("alert.namePlaceholder")
            field.text = self?.titleLabel.text
            field.clearButtonMode = .whileEditing
        }
        alert.addAction(AlertAction(title: words("button.cancel"), style: .cancel))
        let save = AlertAction(title: words("button.save"), style: .default) { [weak self, weak alert] _ in
            guard let self, let name = alert?.textFields?.first?.text, !name.isEmpty else { return }
            self.titleLabel.text = name
            self.setNeedsLayout()
            self.statusLabel.text = self.words("status.named", ["name": name])
        }
        alert.addAction(save)
        alert.preferredAction = save
        presenter.present(alert, animated: true)
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
