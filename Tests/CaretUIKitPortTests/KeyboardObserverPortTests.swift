// SPDX-License-Identifier: Apache-2.0
import CaretTesting
import CaretUIKit
import Foundation
import Testing

// The keyboard-avoiding form every UIKit app has, as written for UIKit: only the import and the
// selectors changed (`#selector(keyboardWillShow(_:))` → `FormViewController.keyboardWillShow`,
// `@objc` gone).
class FormViewController: UIViewController {
    let scrollView = UIScrollView()
    let field = UITextField()
    var hides = 0

    override func viewDidLoad() {
        super.viewDidLoad()
        scrollView.frame = view.bounds
        view.addSubview(scrollView)
        field.frame = CGRect(x: 20, y: 500, width: 300, height: 40)
        field.borderStyle = .roundedRect
        scrollView.addSubview(field)
        NotificationCenter.default.addObserver(
            self, selector: FormViewController.keyboardWillShow, name: UIResponder.keyboardWillShowNotification, object: nil)
        NotificationCenter.default.addObserver(
            self, selector: FormViewController.keyboardWillHide, name: UIResponder.keyboardWillHideNotification, object: nil)
    }

    deinit {
        NotificationCenter.default.removeObserver(self)
    }

    func keyboardWillShow(_ notification: Notification) {
        guard let value = notification.userInfo?[UIResponder.keyboardFrameEndUserInfoKey] as? NSValue else { return }
        let frame = view.convert(value.cgRectValue, from: nil)
        let overlap = max(0, view.bounds.maxY - frame.minY)
        scrollView.contentInset.bottom = overlap
        scrollView.verticalScrollIndicatorInsets.bottom = overlap
    }

    func keyboardWillHide() {
        hides += 1
        scrollView.contentInset = .zero
        scrollView.verticalScrollIndicatorInsets = .zero
    }
}

@Suite @MainActor
struct KeyboardObserverPortTests {
    @Test func aFormObservingTheKeyboardBySelectorsInsetsItsScrollView() throws {
        let host = try HeadlessWindow(size: Size(width: 390, height: 600), fonts: .fixedAdvance(ratio: 0.5))
        host.window.keyboard.policy = .always
        weak var gone: FormViewController?
        do {
            let form = FormViewController()
            gone = form
            host.window.rootViewController = form
            host.settle()
            host.input.tap(form.field)
            host.settle()
            let keyboardTop = Double(host.window.keyboard.frame.minY)
            #expect(keyboardTop < 600)
            // What the keyboard covers of the window (the view fills it), as the notification said.
            #expect(Double(form.scrollView.contentInset.bottom) == 600 - keyboardTop)
            #expect(Double(form.scrollView.verticalScrollIndicatorInsets.bottom) == 600 - keyboardTop)
            _ = host.window.endEditing(true)
            host.settle()
            #expect(form.hides == 1 && form.scrollView.contentInset.bottom == 0)
            host.window.rootViewController = nil
        }
        host.settle()
        // Once the screen has gone (its deinit removed it), a notification calls nothing.
        #expect(gone == nil)
        NotificationCenter.default.post(name: UIResponder.keyboardWillHideNotification, object: nil)
    }
}
