// SPDX-License-Identifier: Apache-2.0
import Caret
import Foundation

/// "Tap to check in", with the kiosk's languages offered by their native names: the one a guest
/// taps is the keyboard's language for the check-in.
@MainActor
public final class StartViewController: ViewController {
    /// Runs when the guest starts.
    public var onStart: (() -> Void)?
    /// Runs with a language's identifier when the guest picks it.
    public var onLanguage: ((String) -> Void)?
    /// The start button.
    public let startButton = Button(title: KioskWords(preferring: [])("start.checkIn"), style: .filled)
    /// Runs when the guest asks for the accessibility choices.
    public var onAccessibility: (() -> Void)?
    /// Opens the accessibility choices: spoken mode, switch access, larger text, high contrast, time.
    public let accessibilityButton = Button(title: KioskWords(preferring: [])("start.accessibility"), style: .tinted)
    /// One button per language (none when the kiosk offers one).
    public private(set) var languageButtons: [Button] = []
    /// The languages offered, in order.
    public var languages: [TextInputMode] = [] {
        didSet { if isViewLoaded { makeLanguageButtons() } }
    }
    /// The kiosk's words, in the guest's language.
    public var words = KioskWords(preferring: []) {
        didSet { if isViewLoaded { applyWords() } }
    }
    /// The language picked (highlighted).
    public var selectedLanguage: String? {
        didSet { updateSelection() }
    }

    public override func loadView() {
        let screen = KioskPage(title: words("start.title"), message: words("start.message"))
        startButton.wrapsTitle = true  // a name wider than the screen, with larger text, wraps
        accessibilityButton.wrapsTitle = true
        startButton.addAction(Action { [weak self] _ in self?.onStart?() }, for: .primaryActionTriggered)
        accessibilityButton.addAction(Action { [weak self] _ in self?.onAccessibility?() }, for: .primaryActionTriggered)
        screen.addContent(startButton)
        screen.addContent(accessibilityButton)
        screen.onLayout = { [weak self] page, area in
            guard let self else { return page.messageBottom }
            // Each as tall as its title needs at this width (a long one wraps with larger text).
            @MainActor func height(_ button: Button, _ width: Double, atLeast minimum: Double) -> Double {
                max(minimum, button.sizeWrappingTitle(toWidth: width).height)
            }
            let startHeight = height(self.startButton, area.width, atLeast: 64)
            self.startButton.frame = Rect(x: area.minX, y: page.messageBottom + 40, width: area.width, height: startHeight)
            let accessibilityHeight = height(self.accessibilityButton, area.width, atLeast: 56)
            self.accessibilityButton.frame = Rect(x: area.minX, y: self.startButton.frame.maxY + 16, width: area.width, height: accessibilityHeight)
            // The languages in rows of up to four under the button, fewer when a name needs the
            // room; in one column a name wider than the screen wraps.
            let gap = 12.0
            let widest = self.languageButtons.map(\.intrinsicContentSize.width).max() ?? 0
            var columns = max(1, min(4, self.languageButtons.count))
            func columnWidth(_ columns: Int) -> Double { ((area.width - gap * Double(columns - 1)) / Double(columns)).rounded(.down) }
            while columns > 1, columnWidth(columns) < widest { columns -= 1 }
            let width = columnWidth(columns)
            let height = self.languageButtons.map { height($0, width, atLeast: 56) }.max() ?? 56
            var bottom = self.accessibilityButton.frame.maxY
            for (i, button) in self.languageButtons.enumerated() {
                let x = area.minX + Double(i % columns) * (width + gap)
                let y = self.accessibilityButton.frame.maxY + 32 + Double(i / columns) * (height + gap)
                button.frame = Rect(x: x.rounded(), y: y, width: width, height: height)
                bottom = button.frame.maxY
            }
            return bottom
        }
        view = screen
        applyWords()
        makeLanguageButtons()
    }

    private func applyWords() {
        (view as? KioskPage)?.setTitle(words("start.title"))
        (view as? KioskPage)?.setMessage(words("start.message"))
        startButton.setTitle(words("start.checkIn"), for: .normal)
        accessibilityButton.setTitle(words("start.accessibility"), for: .normal)
        accessibilityButton.accessibilityHint = words("start.accessibilityHint")
        view.setNeedsLayout()
    }

    private func makeLanguageButtons() {
        for button in languageButtons { button.removeFromSuperview() }
        languageButtons =
            languages.count < 2
            ? []
            : languages.map { mode in
                let button = Button(title: mode.displayName, style: .tinted)
                button.wrapsTitle = true
                button.addAction(
                    Action { [weak self] _ in
                        self?.selectedLanguage = mode.identifier
                        self?.onLanguage?(mode.identifier)
                    }, for: .primaryActionTriggered)
                (view as? KioskPage)?.addContent(button)
                return button
            }
        updateSelection()
        view.setNeedsLayout()
    }

    private func updateSelection() {
        for (button, mode) in zip(languageButtons, languages) { button.isSelected = mode.identifier == selectedLanguage }
    }
}
