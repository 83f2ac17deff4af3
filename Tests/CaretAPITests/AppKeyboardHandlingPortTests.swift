// SPDX-License-Identifier: Apache-2.0
import Caret
import CaretTesting
import Foundation
import Testing

// Apps that keep their fields above the keyboard themselves (issue 45, the avoidance decision):
// where the app's own layout shows the whole focused field, Caret's avoidance moves nothing, not
// even for its 12-point margin, as UIKit moves nothing. A field the app leaves under the keyboard
// is still avoided, with the margin.

/// A sign-in screen whose password row rides the keyboard: the Sign In button is pinned 8 points
/// above `keyboardLayoutGuide`, the password field sits beside it, the email field above.
@MainActor
final class RidingLoginViewController: ViewController {
    let emailField = TextField()
    let passwordField = TextField()
    let signInButton = Button(type: .system)

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground
        emailField.placeholder = "Email"
        emailField.borderStyle = .roundedRect
        passwordField.placeholder = "Password"
        passwordField.borderStyle = .roundedRect
        passwordField.isSecureTextEntry = true
        signInButton.setTitle("Sign In", for: .normal)
        for subview in [emailField, passwordField, signInButton] as [View] {
            subview.translatesAutoresizingMaskIntoConstraints = false
            view.addSubview(subview)
        }
        NSLayoutConstraint.activate([
            signInButton.trailingAnchor.constraint(equalTo: view.trailingAnchor, constant: -16),
            signInButton.bottomAnchor.constraint(equalTo: view.keyboardLayoutGuide.topAnchor, constant: -8),
            signInButton.widthAnchor.constraint(equalToConstant: 90),
            signInButton.heightAnchor.constraint(equalToConstant: 44),
            passwordField.leadingAnchor.constraint(equalTo: view.leadingAnchor, constant: 16),
            passwordField.trailingAnchor.constraint(equalTo: signInButton.leadingAnchor, constant: -8),
            passwordField.centerYAnchor.constraint(equalTo: signInButton.centerYAnchor),
            passwordField.heightAnchor.constraint(equalToConstant: 44),
            emailField.leadingAnchor.constraint(equalTo: passwordField.leadingAnchor),
            emailField.trailingAnchor.constraint(equalTo: signInButton.trailingAnchor),
            emailField.bottomAnchor.constraint(equalTo: passwordField.topAnchor, constant: -8),
            emailField.heightAnchor.constraint(equalToConstant: 44),
        ])
    }
}

/// The notification idiom: the form's bottom constraint follows the keyboard's height from
/// `keyboardWillShow`, leaving the last field 4 points above the keyboard.
@MainActor
final class NotifiedFormViewController: ViewController {
    let nameField = TextField()
    let cityField = TextField()
    var bottomConstraint: NSLayoutConstraint!
    private var observers: [NSObjectProtocol] = []

    override func viewDidLoad() {
        super.viewDidLoad()
        for field in [nameField, cityField] {
            field.borderStyle = .roundedRect
            field.translatesAutoresizingMaskIntoConstraints = false
            view.addSubview(field)
        }
        bottomConstraint = cityField.bottomAnchor.constraint(equalTo: view.bottomAnchor, constant: -20)
        NSLayoutConstraint.activate([
            nameField.leadingAnchor.constraint(equalTo: view.leadingAnchor, constant: 20),
            nameField.trailingAnchor.constraint(equalTo: view.trailingAnchor, constant: -20),
            nameField.heightAnchor.constraint(equalToConstant: 40),
            nameField.bottomAnchor.constraint(equalTo: cityField.topAnchor, constant: -10),
            cityField.leadingAnchor.constraint(equalTo: nameField.leadingAnchor),
            cityField.trailingAnchor.constraint(equalTo: nameField.trailingAnchor),
            cityField.heightAnchor.constraint(equalToConstant: 40),
            bottomConstraint,
        ])
        observers.append(
            NotificationCenter.default.addObserver(forName: Responder.keyboardWillShowNotification, object: nil, queue: nil) {
                [weak self] note in
                guard let frame = (note.userInfo?[Responder.keyboardFrameEndUserInfoKey] as? NSValue)?.cgRectValue,
                    let duration = note.userInfo?[Responder.keyboardAnimationDurationUserInfoKey] as? Double
                else { return }
                MainActor.assumeIsolated { self?.keyboardWillShow(height: frame.height, duration: duration) }
            })
    }

    func keyboardWillShow(height: CGFloat, duration: Double) {
        bottomConstraint.constant = -(height + 4)
        View.animate(withDuration: duration) { self.view.layoutIfNeeded() }
    }
}

/// A screen that does nothing about the keyboard: its last field sits where the keyboard comes.
@MainActor
final class PlainFormViewController: ViewController {
    let field = TextField()

    override func viewDidLoad() {
        super.viewDidLoad()
        field.borderStyle = .roundedRect
        field.frame = CGRect(x: 20, y: 520, width: 360, height: 40)
        view.addSubview(field)
    }
}

@Suite @MainActor
struct AppKeyboardHandlingPortTests {
    private func host(_ controller: ViewController) throws -> HeadlessWindow {
        let host = try HeadlessWindow(size: Size(width: 400, height: 600), fonts: .fixedAdvance(ratio: 0.5))
        host.window.rootViewController = controller
        host.window.keyboard.policy = .always
        host.settle()
        return host
    }

    @Test func aPasswordRowRidingTheKeyboardGuideIsLeftWhereTheAppPutIt() throws {
        let login = RidingLoginViewController()
        let host = try host(login)
        #expect(login.passwordField.becomeFirstResponder())
        host.settle()
        let top = Double(host.window.keyboard.frame.minY)
        #expect(host.window.keyboard.isVisible && top < 600)
        // The app's layout: button 8 points above the keyboard, the field beside it, 8 points too
        // (inside Caret's 12-point margin, wholly in view): nothing pans.
        #expect(login.view.frame == CGRect(x: 0, y: 0, width: 400, height: 600))
        let password = login.passwordField.convert(login.passwordField.bounds, to: nil)
        #expect(Double(password.maxY) == top - 8)
        #expect(Double(login.signInButton.convert(login.signInButton.bounds, to: nil).maxY) == top - 8)
        #expect(Double(login.emailField.convert(login.emailField.bounds, to: nil).maxY) == top - 8 - 44 - 8)
        // Moving to the email field moves nothing either.
        #expect(login.emailField.becomeFirstResponder())
        host.settle()
        #expect(login.view.frame.minY == 0)
        #expect(KeyboardAvoidanceAudit.isClear(login.passwordField, in: host.window))
    }

    @Test func aBottomConstraintSetFromKeyboardWillShowIsNotMovedAgain() throws {
        let form = NotifiedFormViewController()
        let host = try host(form)
        #expect(form.cityField.becomeFirstResponder())
        host.settle()
        let keyboard = host.window.keyboard.frame
        #expect(host.window.keyboard.isVisible)
        #expect(Double(form.bottomConstraint.constant) == -Double(keyboard.height) - 4)
        // The app left the city field 4 points above the keyboard: UIKit moves nothing, nor does Caret.
        #expect(form.view.frame.minY == 0)
        #expect(Double(form.cityField.convert(form.cityField.bounds, to: nil).maxY) == Double(keyboard.minY) - 4)
    }

    @Test func aFieldTheAppLeavesUnderTheKeyboardIsStillAvoidedWithItsMargin() throws {
        let plain = PlainFormViewController()
        let host = try host(plain)
        #expect(plain.field.becomeFirstResponder())
        host.settle()
        let top = Double(host.window.keyboard.frame.minY)
        #expect(host.window.keyboard.isVisible && top < 560, "the keyboard covers the field where the app put it")
        #expect(Double(plain.field.convert(plain.field.bounds, to: nil).maxY) == top - 12)
        #expect(Double(plain.view.frame.minY) == top - 12 - 560)
        _ = host.window.endEditing(true)
        host.settle()
        #expect(plain.view.frame.minY == 0)
    }
}
