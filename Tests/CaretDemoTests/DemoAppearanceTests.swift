// SPDX-License-Identifier: Apache-2.0
@_spi(Testing) import Caret
import CaretDemoKit
import CaretTesting
import Foundation
import Testing

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

    @Test func theAppearanceButtonTurnsTheWholeDemoDarkAndBack() throws {
        let (host, form) = try demo()
        let button = try #require(form.buttons["Switch appearance"])
        scrollTo(button, in: form, host)
        host.input.tap(button)
        host.settle()
        #expect(host.window.traitCollection.userInterfaceStyle == .dark)
        #expect(form.traitCollection.userInterfaceStyle == .dark && form.statusLabel.text == "Dark appearance")
        host.input.tap(button)
        host.settle()
        #expect(form.traitCollection.userInterfaceStyle == .light && form.statusLabel.text == "Light appearance")
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
}
