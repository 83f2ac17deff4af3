// SPDX-License-Identifier: Apache-2.0
import Caret
import Foundation

/// The kiosk's "Accessibility" screen (docs/kiosk.md): a guest turns on spoken mode, switch
/// access, larger text, high contrast or no time limit, by touch, keys or a switch. Each choice
/// lasts until the kiosk starts over for the next guest.
@MainActor
public final class AccessibilityChoiceViewController: ViewController {
    /// A setting the guest can turn on and off.
    public enum Choice: String, CaseIterable, Sendable {
        /// Touching speaks; a double tap activates.
        case spokenMode = "Spoken mode"
        /// One switch (Space) scans and selects.
        case switchAccess = "Switch access"
        /// Text and keys larger, a step a press up to the largest accessibility size, then back.
        case largerText = "Larger text"
        /// White on black with thick borders.
        case highContrast = "High contrast"
        /// Touches count once held a moment, quick repeats are ignored, Delete repeats slowly and
        /// only by characters, the space bar is never a trackpad.
        case touchAccommodations = "Touch accommodations"
        /// The kiosk waits for the guest: no reset after a quiet time.
        case noTimeLimit = "No time limit"
        /// Each key pressed on the screen clicks (delete and return each their own sound).
        case keySounds = "Key sounds"
    }

    /// Runs when the guest is done.
    public var onDone: (() -> Void)?
    /// Tells whether a choice is on now.
    public var isOn: ((Choice) -> Bool)?
    /// Turns a choice on or off.
    public var onToggle: ((Choice, Bool) -> Void)?
    /// A choice's state in words where it is more than on or off (Larger text: "larger"); nil: on or off.
    public var stateName: ((Choice) -> String?)?
    /// The text sizes Larger text steps through, each press the next, then back to the operator's.
    public static let textSizes: [(ContentSizeCategory, String)] = [
        (.accessibilityLarge, "size.large"), (.accessibilityExtraLarge, "size.larger"), (.accessibilityExtraExtraLarge, "size.veryLarge"),
        (.accessibilityExtraExtraExtraLarge, "size.largest"),
    ]
    /// The kiosk's words, in the guest's language.
    public var words = KioskWords(preferring: []) {
        didSet { if isViewLoaded { applyWords() } }
    }
    /// One button per choice, in `Choice.allCases` order.
    public private(set) var choiceButtons: [Choice: Button] = [:]
    /// Back to the start screen.
    public let doneButton = Button(title: KioskWords(preferring: [])("done"), style: .filled)

    public override func loadView() {
        title = words("access.title")
        let screen = KioskPage(title: words("access.title"), message: words("access.message"))
        for choice in Choice.allCases {
            let button = Button(title: name(of: choice), style: .tinted)
            button.addAction(Action { [weak self] _ in self?.toggle(choice) }, for: .primaryActionTriggered)
            choiceButtons[choice] = button
            screen.addContent(button)
        }
        doneButton.addAction(Action { [weak self] _ in self?.onDone?() }, for: .primaryActionTriggered)
        screen.addContent(doneButton)
        screen.onLayout = { [weak self] page, area in
            guard let self else { return page.messageBottom }
            var y = page.messageBottom + 24
            for choice in Choice.allCases {
                guard let button = self.choiceButtons[choice] else { continue }
                let height = max(56, button.intrinsicContentSize.height)
                button.frame = Rect(x: area.minX, y: y, width: area.width, height: height)
                y += height + 12
            }
            self.doneButton.frame = Rect(x: area.minX, y: y + 12, width: area.width, height: max(64, self.doneButton.intrinsicContentSize.height))
            return self.doneButton.frame.maxY
        }
        view = screen
        applyWords()
    }

    private func applyWords() {
        title = words("access.title")
        (view as? KioskPage)?.setTitle(words("access.title"))
        (view as? KioskPage)?.setMessage(words("access.message"))
        doneButton.setTitle(words("done"), for: .normal)
        refresh()
    }

    /// A choice's name in the guest's language.
    public func name(of choice: Choice) -> String {
        let keys: [Choice: String] = [
            .spokenMode: "access.spokenMode", .switchAccess: "access.switchAccess", .largerText: "access.largerText",
            .highContrast: "access.highContrast", .touchAccommodations: "access.touchAccommodations", .noTimeLimit: "access.noTimeLimit",
            .keySounds: "access.keySounds",
        ]
        return words(keys[choice] ?? "")
    }

    public override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        refresh()
    }

    private func toggle(_ choice: Choice) {
        onToggle?(choice, !(isOn?(choice) ?? false))
        refresh()
    }

    /// Shows each choice's state: selected and "on" or "off" to assistive technology.
    public func refresh() {
        for (choice, button) in choiceButtons {
            let on = isOn?(choice) ?? false
            button.isSelected = on
            // Seen and heard: the state is in the title too, not only in a tint.
            let state = words((on ? stateName?(choice) : nil) ?? (on ? "access.on" : "access.off"))
            let capitalised = state.prefix(1).uppercased() + state.dropFirst()
            button.setTitle(words("access.state", ["choice": name(of: choice), "state": capitalised]), for: .normal)
            button.accessibilityLabel = name(of: choice)
            button.accessibilityValue = state
            // A toggle's state on the bus too (AT-SPI's checked: Orca says "pressed"): traits set
            // by the app replace the button's own, its selected state among them.
            button.accessibilityTraits = on ? [.button, .toggleButton, .selected] : [.button, .toggleButton]
        }
    }
}
