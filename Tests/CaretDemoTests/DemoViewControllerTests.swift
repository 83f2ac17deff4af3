// SPDX-License-Identifier: Apache-2.0
@_spi(Testing) import Caret
import CaretDemoKit
import CaretTesting
import Foundation
import Testing

/// The demo's screens are view controllers (issue 13, item 4): switching screens sets the window's
/// root view controller, and each controller hears its appearance callbacks in UIKit's order.
@Suite(.serialized) @MainActor
struct DemoViewControllerTests {
    @Test func theFormKioskAndNotesScreensAreRootViewControllersWithAppearanceCallbacks() throws {
        let host = try makeHost(width: 800, height: 600)
        let formController = FormViewController()
        host.window.rootViewController = formController
        host.layout()
        let form = formController.form
        #expect(host.window.rootViewController === formController)
        #expect(host.window.keyboardAvoidance.policy == .scroll)

        form.showKiosk()
        let kiosk = try #require(form.kioskController)
        #expect(host.window.rootViewController === kiosk)
        #expect(kiosk.title == "Check-in")
        #expect(host.window.keyboardAvoidance.policy == .pan)  // the kiosk page has no scroll view
        #expect(form.window == nil && kiosk.screen.window === host.window)

        kiosk.screen.backButton.sendActions(for: .primaryActionTriggered)
        #expect(host.window.rootViewController === formController)
        #expect(host.window.keyboardAvoidance.policy == .scroll)  // given back when the kiosk left

        form.showNotes()
        #expect(host.window.rootViewController === form.notesController)
        #expect(form.notesController.title == "Notes")
        #expect(form.notesController.screen === form.notesScreen)  // the restorable screen made with the form
        form.notesScreen.backButton.sendActions(for: .primaryActionTriggered)
        #expect(host.window.rootViewController === formController)
    }

    @Test func aFormWithoutAControllerStillSwitchesScreens() throws {
        let host = try makeHost(width: 800, height: 600)
        let form = FormScreen(locale: Locale(identifier: "en_US"))
        host.rootView = form
        host.layout()
        form.showKiosk()
        #expect(host.window.rootViewController === form.kioskController)
        form.kiosk?.backButton.sendActions(for: .primaryActionTriggered)
        #expect(host.rootView === form)
        #expect(host.window.rootViewController == nil)
        #expect(host.window.keyboardAvoidance.policy == .scroll)
    }

    @Test func theArabicSignUpIsAMirroredControllerWhoseKeyboardStartsInArabic() throws {
        let host = try makeHost(width: 700, height: 760)
        let formController = FormViewController()
        host.window.rootViewController = formController
        host.window.keyboard.policy = .always
        host.layout()
        let form = formController.form
        form.showArabicSignUp()
        host.layout()
        let controller = try #require(form.arabicController)
        #expect(host.window.rootViewController === controller)
        #expect(host.window.keyboard.languages.first == "ar")
        let screen = controller.screen
        let name = try #require(screen.fields["name"])
        #expect(name.effectiveUserInterfaceLayoutDirection == .rightToLeft)
        #expect(name.becomeFirstResponder())
        host.settle()
        #expect(host.window.keyboard.currentLanguage == "ar")
        #expect(name.caretRect(for: name.beginningOfDocument).minX > name.bounds.midX)  // an empty mirrored field: right
        #expect(KeyboardAvoidanceAudit.marginProblems(of: name, in: host.window) == [])
        name.insertText("أحمد")
        screen.signUpButton.sendActions(for: .primaryActionTriggered)
        #expect(screen.statusLabel.text?.contains("أحمد") == true)
        screen.backButton.sendActions(for: .primaryActionTriggered)
        #expect(host.window.rootViewController === formController)
        #expect(host.window.keyboard.languages.first == "en")
    }
}
