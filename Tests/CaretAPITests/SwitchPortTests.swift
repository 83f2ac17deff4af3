// SPDX-License-Identifier: Apache-2.0
import Caret
import CaretTesting
import Testing

// A settings screen's dark-mode switch, as UIKit apps write it (renamed only).
@MainActor
final class AppearanceSettingsViewController: ViewController {
    let darkModeSwitch = Switch()
    var changes: [Bool] = []

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground
        darkModeSwitch.translatesAutoresizingMaskIntoConstraints = false
        darkModeSwitch.isOn = traitCollection.userInterfaceStyle == .dark
        darkModeSwitch.addTarget(self, action: AppearanceSettingsViewController.switchChanged(_:), for: .valueChanged)
        view.addSubview(darkModeSwitch)
        NSLayoutConstraint.activate([
            darkModeSwitch.trailingAnchor.constraint(equalTo: view.trailingAnchor, constant: -16),
            darkModeSwitch.topAnchor.constraint(equalTo: view.topAnchor, constant: 40),
        ])
    }

    func switchChanged(_ sender: Switch) {
        changes.append(sender.isOn)
        overrideUserInterfaceStyle = sender.isOn ? .dark : .light
    }
}

@Suite @MainActor
struct SwitchPortTests {
    private func screen(_ language: String = "en") throws -> (HeadlessWindow, AppearanceSettingsViewController) {
        let host = try HeadlessWindow(size: Size(width: 320, height: 240), fonts: .fixedAdvance(ratio: 0.5))
        host.window.keyboard.policy = .never
        host.window.preferredLanguages = [language]
        let settings = AppearanceSettingsViewController()
        host.window.rootViewController = settings
        host.settle()
        return (host, settings)
    }

    @Test func itIsUIKitsSizeAndATapTurnsItOnSendingValueChangedOnce() throws {
        let (host, settings) = try screen()
        let toggle = settings.darkModeSwitch
        #expect(toggle.frame.size == Size(width: 51, height: 31), "UIKit's fixed size, from Auto Layout")
        #expect(Double(toggle.frame.maxX) == 320 - 16)
        #expect(!toggle.isOn)
        host.input.tap(toggle)
        host.settle()
        #expect(toggle.isOn)
        #expect(settings.changes == [true])
        #expect(settings.traitCollection.userInterfaceStyle == .dark, "the handler ran with the new value")
        host.input.tap(toggle)
        host.settle()
        #expect(!toggle.isOn)
        #expect(settings.changes == [true, false])
    }

    @Test func settingItInCodeSendsNoAction() throws {
        let (host, settings) = try screen()
        settings.darkModeSwitch.isOn = true
        settings.darkModeSwitch.setOn(false, animated: true)
        settings.darkModeSwitch.setOn(true, animated: true)
        host.settle()
        #expect(settings.darkModeSwitch.isOn)
        #expect(settings.changes.isEmpty)
    }

    @Test func theThumbDraggedAcrossDecidesAndADragBackChangesNothing() throws {
        let (host, settings) = try screen()
        let toggle = settings.darkModeSwitch
        let left = toggle.convert(Point(x: 10, y: 15), to: host.window)
        let right = toggle.convert(Point(x: 45, y: 15), to: host.window)
        host.input.drag(from: left, to: right)
        host.settle()
        #expect(toggle.isOn, "dragged to the trailing end: on")
        #expect(settings.changes == [true])
        // Dragged towards off and back again before lifting: still on, nothing sent.
        host.input.drag(along: [right, left, right])
        host.settle()
        #expect(toggle.isOn)
        #expect(settings.changes == [true])
        // Dragged off and lifted beyond the switch: off (a drag ends where the thumb is).
        host.input.drag(from: right, to: Point(x: left.x - 60, y: left.y))
        host.settle()
        #expect(!toggle.isOn)
        #expect(settings.changes == [true, false])
    }

    @Test func screenReadersHearAToggleWithItsStateInTheWindowsLanguageAndCanTurnIt() throws {
        let (host, settings) = try screen("de")
        let toggle = settings.darkModeSwitch
        #expect(toggle.isAccessibilityElement)
        #expect(toggle.accessibilityTraits.contains(.toggleButton))
        #expect(!toggle.accessibilityTraits.contains(.selected))
        #expect(toggle.accessibilityValue == "aus")
        #expect(toggle.accessibilityActivate())
        host.settle()
        #expect(toggle.isOn)
        #expect(toggle.accessibilityValue == "an")
        #expect(toggle.accessibilityTraits.contains(.selected))
        #expect(settings.changes == [true], "activated as a tap: the action is sent")
    }

    @Test func anAnimatedChangeSlidesTheThumb() throws {
        let (host, settings) = try screen()
        let toggle = settings.darkModeSwitch
        let thumb = try #require(toggle.subviews.last)
        let start = thumb.frame.minX
        toggle.setOn(true, animated: true)
        let end = thumb.frame.minX
        #expect(end > start)
        host.advance(by: 0.1)
        let shown = thumb.presentationFrame.minX
        #expect(shown > start && shown < end, "half way: \(shown) between \(start) and \(end)")
    }

    @Test func theAppsAlphaIsKeptThroughTogglesAndDisabling() throws {
        let (host, settings) = try screen()
        let toggle = settings.darkModeSwitch
        toggle.alpha = 0.3  // an app's own fade
        host.input.tap(toggle)
        toggle.isEnabled = false
        host.settle()
        #expect(Double(toggle.alpha) == 0.3)
        #expect(toggle.isOn)
    }

    @Test func spaceTogglesItWithKeyboardFocusAndADisabledSwitchStays() throws {
        let (host, settings) = try screen()
        let toggle = settings.darkModeSwitch
        #expect(toggle.becomeFirstResponder())
        host.input.key(.keyboardSpacebar, characters: " ")
        host.settle()
        #expect(toggle.isOn)
        #expect(settings.changes == [true])
        toggle.isEnabled = false
        host.input.tap(toggle)
        host.settle()
        #expect(toggle.isOn)
        #expect(settings.changes == [true])
    }
}
