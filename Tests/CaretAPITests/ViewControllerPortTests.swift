// SPDX-License-Identifier: Apache-2.0
import Caret
import CaretTesting
import Foundation
import Testing

// View controllers as UIKit code writes them, renamed only (issue 13, item 4; SPEC §11).

/// Records its life, step by step.
@MainActor
class RecordingViewController: ViewController {
    let name: String
    let log: Log
    init(_ name: String, log: Log) {
        self.name = name
        self.log = log
        super.init()
    }
    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }  // UIKit's line, unchanged
    final class Log { var entries: [String] = [] }

    override func loadView() {
        log.entries.append("\(name) loadView")
        super.loadView()
    }
    override func viewDidLoad() { log.entries.append("\(name) viewDidLoad") }
    override func viewWillAppear(_ animated: Bool) { log.entries.append("\(name) viewWillAppear") }
    override func viewDidAppear(_ animated: Bool) { log.entries.append("\(name) viewDidAppear") }
    override func viewWillDisappear(_ animated: Bool) { log.entries.append("\(name) viewWillDisappear") }
    override func viewDidDisappear(_ animated: Bool) { log.entries.append("\(name) viewDidDisappear") }
    override func viewWillLayoutSubviews() { log.entries.append("\(name) viewWillLayoutSubviews") }
    override func viewDidLayoutSubviews() { log.entries.append("\(name) viewDidLayoutSubviews") }
}

/// A sign-in screen as a UIKit app writes it: fields made in viewDidLoad, laid out in
/// viewDidLayoutSubviews, Return handled by the controller as the fields' delegate.
@MainActor
final class SignInViewController: ViewController, TextFieldDelegate {
    let emailField = TextField()
    let passwordField = TextField()
    var signIns = 0
    var refreshes = 0

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Sign in"
        emailField.placeholder = "Email"
        emailField.keyboardType = .emailAddress
        emailField.returnKeyType = .next
        emailField.delegate = self
        passwordField.isSecureTextEntry = true
        passwordField.returnKeyType = .go
        passwordField.delegate = self
        view.addSubview(emailField)
        view.addSubview(passwordField)
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        emailField.frame = Rect(x: 20, y: 40, width: view.bounds.width - 40, height: 40)
        passwordField.frame = Rect(x: 20, y: 90, width: view.bounds.width - 40, height: 40)
    }

    func textFieldShouldReturn(_ textField: TextField) -> Bool {
        if textField === emailField {
            passwordField.becomeFirstResponder()
        } else {
            textField.resignFirstResponder()
            signIns += 1
        }
        return true
    }

    /// Keys no field used reach the controller, as in UIKit's responder chain (F5: refresh).
    override func pressesBegan(_ presses: Set<Press>, with event: InputEvent?) {
        if presses.contains(where: { $0.key.keyCode == KeyboardHIDUsage(rawValue: 0x3E) }) {
            refreshes += 1
        } else {
            super.pressesBegan(presses, with: event)
        }
    }
}

@Suite(.serialized) @MainActor
struct ViewControllerPortTests {
    private func host() throws -> HeadlessWindow {
        try HeadlessWindow(size: Size(width: 400, height: 480), fonts: .fixedAdvance(ratio: 0.5))
    }

    @Test func theRootControllerLoadsAppearsAndLaysOutInUIKitsOrder() throws {
        let host = try host()
        let log = RecordingViewController.Log()
        let first = RecordingViewController("A", log: log)
        #expect(!first.isViewLoaded)
        host.window.rootViewController = first
        host.layout()
        #expect(
            log.entries == [
                "A loadView", "A viewDidLoad", "A viewWillAppear", "A viewDidAppear", "A viewWillLayoutSubviews",
                "A viewDidLayoutSubviews",
            ])
        #expect(host.window.rootViewController === first && first.view.frame == host.window.bounds)
        log.entries.removeAll()
        let second = RecordingViewController("B", log: log)
        host.window.rootViewController = second
        #expect(
            log.entries == [
                "B loadView", "B viewDidLoad", "A viewWillDisappear", "B viewWillAppear", "A viewDidDisappear", "B viewDidAppear",
            ])
        #expect(first.view.window == nil && second.view.window === host.window)
    }

    @Test func aSignInControllerPortsAndKeysItsFieldsDoNotUseReachIt() throws {
        let host = try host()
        let controller = SignInViewController()
        host.window.rootViewController = controller
        host.layout()
        #expect(controller.title == "Sign in" && controller.emailField.frame.width == 360)
        controller.emailField.becomeFirstResponder()
        host.input.type("jane@example.com")
        host.input.key(.keyboardReturnOrEnter)
        #expect(controller.passwordField.isFirstResponder)
        host.input.type("secret")
        host.input.key(.keyboardReturnOrEnter)
        #expect(controller.signIns == 1 && host.window.firstResponder == nil)
        controller.emailField.becomeFirstResponder()
        host.input.key(KeyboardHIDUsage(rawValue: 0x3E))  // the field has no use for F5: up the chain
        #expect(controller.refreshes == 1)
    }

    @Test func presentingAndDismissingAFullScreenController() throws {
        let host = try host()
        let log = RecordingViewController.Log()
        let root = RecordingViewController("Root", log: log)
        host.window.rootViewController = root
        log.entries.removeAll()
        let sheet = SignInViewController()
        var presented = false
        root.present(sheet, animated: true) { presented = true }
        host.layout()
        #expect(presented && root.presentedViewController === sheet && sheet.presentingViewController === root)
        #expect(sheet.view.window === host.window && sheet.view.frame == host.window.bounds)
        #expect(log.entries.filter { !$0.contains("Layout") } == ["Root viewWillDisappear", "Root viewDidDisappear"])
        // A field in the presented controller keeps clear of the keyboard like any other.
        host.window.keyboard.policy = .always
        sheet.passwordField.becomeFirstResponder()
        host.settle()
        #expect(KeyboardAvoidanceAudit.isClear(sheet.passwordField, in: host.window))
        log.entries.removeAll()
        var dismissed = false
        sheet.dismiss(animated: true) { dismissed = true }  // from the presented one, as UIKit allows
        host.settle()
        #expect(dismissed && root.presentedViewController == nil && sheet.view.window == nil)
        #expect(log.entries.filter { !$0.contains("Layout") } == ["Root viewWillAppear", "Root viewDidAppear"])
        #expect(!host.window.keyboard.isVisible)
    }

    @Test func childControllersGetTheirParentsAppearance() throws {
        let host = try host()
        let log = RecordingViewController.Log()
        let parent = RecordingViewController("P", log: log)
        let child = RecordingViewController("C", log: log)
        parent.addChild(child)
        parent.view.addSubview(child.view)
        child.didMove(toParent: parent)
        #expect(parent.children.first === child && child.parent === parent)
        log.entries.removeAll()
        host.window.rootViewController = parent
        #expect(log.entries == ["P viewWillAppear", "C viewWillAppear", "P viewDidAppear", "C viewDidAppear"])
        child.willMove(toParent: nil)
        child.view.removeFromSuperview()
        child.removeFromParent()
        #expect(parent.children.isEmpty && child.parent == nil)
    }

    @Test func aViewsNextResponderIsItsController() throws {
        let controller = SignInViewController()
        #expect(controller.view.next === controller)
        let host = try host()
        host.window.rootViewController = controller
        #expect(controller.next === controller.view.superview)
    }
}
