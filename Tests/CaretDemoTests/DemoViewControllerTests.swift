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
}
