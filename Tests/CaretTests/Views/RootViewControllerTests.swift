// SPDX-License-Identifier: Apache-2.0

import Caret
import CaretTesting
import Foundation
import Testing

/// The window keeps its root view controller alive, as UIKit's does: a form set as
/// `window.rootViewController = CheckInForm()` with no other reference is still there, and so is
/// the delegate it is to its fields.
@Suite(.serialized) @MainActor
struct RootViewControllerTests {
    final class PINForm: ViewController, TextFieldDelegate {
        let pin = TextField(frame: Rect(x: 20, y: 20, width: 200, height: 40))

        override func viewDidLoad() {
            super.viewDidLoad()
            pin.delegate = self
            view.addSubview(pin)
        }

        func textField(_ textField: TextField, shouldChangeCharactersIn range: NSRange, replacementString string: String) -> Bool {
            string.allSatisfy { $0.isASCII && $0.isNumber }
        }
    }

    /// Sets a new form as the window's root view controller and holds it here only weakly.
    static func setForm(on host: HeadlessWindow) -> () -> PINForm? {
        let form = PINForm()
        host.window.rootViewController = form
        return { [weak form] in form }
    }

    @Test func theWindowKeepsARootViewControllerNothingElseHolds() throws {
        let host = try makeHost()
        let held = Self.setForm(on: host)
        #expect(held() != nil, "the form was freed as soon as the app let go of it")
        #expect(host.window.rootViewController === held())
        // Its delegate still answers: the letters are refused, the digits go in.
        let pin = try #require(held()?.pin)
        pin.becomeFirstResponder()
        for text in ["1", "a", "2", "b"] { host.input.type(text) }
        #expect(pin.text == "12")
    }

    @Test func anotherRootLetsTheOldControllerGo() throws {
        let host = try makeHost()
        let first = Self.setForm(on: host)
        host.window.rootViewController = PINForm()
        #expect(first() == nil, "a replaced root view controller is let go")
        weak let second = host.window.rootViewController
        host.window.rootView = View()
        #expect(second == nil, "a root view of the app's own lets the controller go")
        #expect(host.window.rootViewController == nil)
    }
}
