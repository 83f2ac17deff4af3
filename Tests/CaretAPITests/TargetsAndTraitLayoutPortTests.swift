// SPDX-License-Identifier: Apache-2.0
import Caret
import CaretTesting
import Testing

// Three idioms public UIKit code has, renamed only: a view that picks its shadow in
// layoutSubviews from the traits, a reused switch cell that clears its targets before adding
// its own, and a Done item whose target is nil (the responder chain finds the form).

@MainActor
final class ShadowCardView: View {
    override func layoutSubviews() {
        super.layoutSubviews()
        layer.cornerRadius = 10
        layer.shadowOpacity = 0.5
        layer.shadowRadius = 5
        if traitCollection.userInterfaceStyle == .dark {
            layer.shadowColor = .white
        } else {
            layer.shadowColor = .black
        }
    }
}

@MainActor
final class NotificationSettingsViewController: ViewController {
    let alertsSwitch = Switch()
    var log: [String] = []

    func configure(row: Int) {
        alertsSwitch.removeTarget(nil, action: nil, for: .valueChanged)
        alertsSwitch.addTarget(
            self, action: row == 0 ? NotificationSettingsViewController.soundChanged(_:) : NotificationSettingsViewController.badgeChanged(_:),
            for: .valueChanged)
    }

    func soundChanged(_ sender: Switch) { log.append("sound \(sender.isOn)") }
    func badgeChanged(_ sender: Switch) { log.append("badge \(sender.isOn)") }
    func touched() { log.append("touched") }
}

@MainActor
final class BirthdayFormViewController: ViewController {
    let birthdayField = TextField()
    var doneCount = 0

    override func viewDidLoad() {
        super.viewDidLoad()
        birthdayField.frame = Rect(x: 20, y: 80, width: 280, height: 36)
        birthdayField.borderStyle = .roundedRect
        let toolbar = Toolbar()
        toolbar.sizeToFit()
        let done = BarButtonItem(barButtonSystemItem: .done, target: nil, action: BirthdayFormViewController.doneTapped)
        toolbar.items = [.flexibleSpace(), done]
        birthdayField.inputAccessoryView = toolbar
        view.addSubview(birthdayField)
    }

    func doneTapped() {
        doneCount += 1
        view.endEditing(true)
    }
}

@Suite @MainActor
struct TargetsAndTraitLayoutPortTests {
    @Test func aViewPickingItsShadowInLayoutSubviewsFollowsTheAppearance() throws {
        let host = try HeadlessWindow(size: Size(width: 320, height: 480), fonts: .fixedAdvance(ratio: 0.5))
        let screen = ViewController()
        let card = ShadowCardView(frame: Rect(x: 20, y: 20, width: 200, height: 100))
        screen.view.addSubview(card)
        host.window.rootViewController = screen
        host.settle()
        #expect(card.layer.shadowColor == .black)
        host.window.overrideUserInterfaceStyle = .dark
        host.settle()
        #expect(card.layer.shadowColor == .white, "laid out again when the window turned dark")
        host.window.overrideUserInterfaceStyle = .light
        host.settle()
        #expect(card.layer.shadowColor == .black)
    }

    @Test func removingAllTargetsBeforeReuseLeavesOnlyTheNewOne() throws {
        let host = try HeadlessWindow(size: Size(width: 320, height: 480), fonts: .fixedAdvance(ratio: 0.5))
        let settings = NotificationSettingsViewController()
        host.window.rootViewController = settings
        settings.alertsSwitch.frame = Rect(x: 20, y: 20, width: 51, height: 31)
        settings.view.addSubview(settings.alertsSwitch)
        var kept = 0
        settings.alertsSwitch.addAction(Action { _ in kept += 1 }, for: .valueChanged)  // not a target: stays
        settings.configure(row: 0)
        settings.configure(row: 1)  // the cell reused for another row
        host.settle()
        host.input.tap(settings.alertsSwitch)
        host.settle()
        #expect(settings.log == ["badge true"], "only the row it shows now")
        #expect(kept == 1)
        settings.alertsSwitch.removeTarget(settings, action: NotificationSettingsViewController.badgeChanged(_:), for: .valueChanged)
        host.input.tap(settings.alertsSwitch)
        host.settle()
        #expect(settings.log == ["badge true"])
        #expect(kept == 2)
    }

    @Test func removingATargetForSomeEventsKeepsItForTheOthers() throws {
        let host = try HeadlessWindow(size: Size(width: 320, height: 480), fonts: .fixedAdvance(ratio: 0.5))
        let settings = NotificationSettingsViewController()
        host.window.rootViewController = settings
        let button = Button(type: .system)
        button.frame = Rect(x: 20, y: 100, width: 100, height: 44)
        settings.view.addSubview(button)
        host.settle()
        button.addTarget(settings, action: NotificationSettingsViewController.touched, for: [.touchDown, .touchUpInside])
        button.removeTarget(settings, action: nil, for: .touchDown)
        host.input.tap(button)
        host.settle()
        #expect(settings.log == ["touched"], "still sent for touchUpInside, no longer for touchDown")
    }

    @Test func aDoneItemWithANilTargetReachesTheFormThroughTheResponderChain() throws {
        let host = try HeadlessWindow(size: Size(width: 320, height: 480), fonts: .fixedAdvance(ratio: 0.5))
        host.window.keyboard.policy = .never
        let form = BirthdayFormViewController()
        host.window.rootViewController = form
        host.settle()
        host.input.tap(form.birthdayField)
        host.settle()
        #expect(form.birthdayField.isFirstResponder)
        let toolbar = try #require(form.birthdayField.inputAccessoryView as? Toolbar)
        let done = try #require(toolbar.subviews.compactMap { $0 as? Button }.first)
        host.input.tap(done)
        host.settle()
        #expect(form.doneCount == 1)
        #expect(!form.birthdayField.isFirstResponder)
    }
}
