// SPDX-License-Identifier: Apache-2.0
import Caret
import CaretTesting
import Foundation
import Testing

// The getting-started article's form (Sources/Caret/Caret.docc/GettingStarted.md), word for
// word: it compiles against the public API and does what the article says. The article's code
// is checked against this file by `articlesFormIsThisFile`.

@MainActor
final class SignUp: ViewController, TextFieldDelegate {
    let name = TextField()
    let email = TextField()

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemGroupedBackground
        name.placeholder = "Name"
        email.placeholder = "Email"
        email.keyboardType = .emailAddress
        for field in [name, email] {
            field.borderStyle = .roundedRect
            field.delegate = self
        }
        name.returnKeyType = .next
        email.returnKeyType = .done
        let stack = StackView(arrangedSubviews: [name, email])
        stack.axis = .vertical
        stack.spacing = 12
        stack.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(stack)
        NSLayoutConstraint.activate([
            stack.leadingAnchor.constraint(equalTo: view.layoutMarginsGuide.leadingAnchor),
            stack.trailingAnchor.constraint(equalTo: view.layoutMarginsGuide.trailingAnchor),
            stack.bottomAnchor.constraint(equalTo: view.keyboardLayoutGuide.topAnchor, constant: -16),
        ])
    }

    func textFieldShouldReturn(_ textField: TextField) -> Bool {
        if textField === name { email.becomeFirstResponder() } else { textField.resignFirstResponder() }
        return true
    }
}

@Suite @MainActor
struct GettingStartedTests {
    /// The stack sits on the keyboard layout guide: the focused field stays above the keyboard,
    /// and Return moves from the name to the email field, then ends editing.
    @Test func theArticlesFormStaysClearOfTheKeyboardAndMovesOnReturn() throws {
        let host = try HeadlessWindow(size: Size(width: 400, height: 600), fonts: .fixedAdvance(ratio: 0.5))
        let form = SignUp()
        host.window.rootViewController = form
        host.window.keyboard.policy = .always
        host.settle()
        #expect(form.name.becomeFirstResponder())
        host.settle()
        let keyboardTop = host.window.keyboard.frame.minY
        #expect(host.window.keyboard.isVisible && keyboardTop < 600)
        let email = form.email.convert(form.email.bounds, to: nil)
        #expect(email.maxY == keyboardTop - 16, "the stack's bottom is 16 pt above the keyboard")
        #expect(form.name.convert(form.name.bounds, to: nil).maxY + 12 == email.minY)
        host.input.key(.keyboardReturnOrEnter)
        #expect(form.email.isFirstResponder)
        host.input.key(.keyboardReturnOrEnter)
        #expect(!form.email.isFirstResponder && !form.name.isFirstResponder)
    }

    /// The article shows exactly the code tested here.
    @Test func articlesFormIsThisFile() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let article = try String(contentsOf: root.appendingPathComponent("Sources/Caret/Caret.docc/GettingStarted.md"), encoding: .utf8)
        let test = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        let start = try #require(test.range(of: "final class SignUp"))
        let end = try #require(test.range(of: "\n}\n", range: start.upperBound..<test.endIndex))
        #expect(article.contains(String(test[start.lowerBound..<end.upperBound])))
    }
}
