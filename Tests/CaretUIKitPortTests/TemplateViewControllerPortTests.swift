// SPDX-License-Identifier: Apache-2.0
import CaretTesting
import CaretUIKit
import Testing

// Xcode's template class, named `ViewController` and keeping UIKit's names throughout: only the
// import changed (`import UIKit` → `import CaretUIKit`).
class ViewController: UIViewController, UITextFieldDelegate {
    let nameField = UITextField()
    let greetingLabel = UILabel()

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = UIColor.systemBackground
        nameField.placeholder = "Your name"
        nameField.borderStyle = .roundedRect
        nameField.returnKeyType = .done
        nameField.delegate = self
        greetingLabel.font = UIFont.systemFont(ofSize: 20, weight: .semibold)
        for subview in [nameField, greetingLabel] as [UIView] {
            subview.translatesAutoresizingMaskIntoConstraints = false
            view.addSubview(subview)
        }
        NSLayoutConstraint.activate([
            nameField.topAnchor.constraint(equalTo: view.safeAreaLayoutGuide.topAnchor, constant: 40),
            nameField.leadingAnchor.constraint(equalTo: view.leadingAnchor, constant: 20),
            nameField.trailingAnchor.constraint(equalTo: view.trailingAnchor, constant: -20),
            greetingLabel.topAnchor.constraint(equalTo: nameField.bottomAnchor, constant: 20),
            greetingLabel.leadingAnchor.constraint(equalTo: nameField.leadingAnchor),
        ])
    }

    func textFieldShouldReturn(_ textField: UITextField) -> Bool {
        greetingLabel.text = "Hello, \(textField.text ?? "")!"
        textField.resignFirstResponder()
        return true
    }
}

@Suite @MainActor
struct TemplateViewControllerPortTests {
    @Test func xcodesTemplateClassNamedViewControllerRunsWithUIKitsNames() throws {
        let host = try HeadlessWindow(size: Size(width: 390, height: 600), fonts: .fixedAdvance(ratio: 0.5))
        host.window.keyboard.policy = .never
        let screen = ViewController()
        host.window.rootViewController = screen
        host.settle()
        #expect(screen.nameField.frame.minX == 20 && screen.nameField.frame.width == 350)
        host.input.tap(screen.nameField)
        host.input.type("Ada")
        host.input.key(.keyboardReturnOrEnter)
        host.settle()
        #expect(screen.greetingLabel.text == "Hello, Ada!")
        #expect(!screen.nameField.isFirstResponder)
        // The names are Caret's types, not copies: a UIKit-named value is the Caret one.
        let asCaret: Caret.ViewController = screen
        #expect(asCaret.view === screen.view)
        #expect(UIApplication.self == CaretSDL.Application.self)
    }
}
