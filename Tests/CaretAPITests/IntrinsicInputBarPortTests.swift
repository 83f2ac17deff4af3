// SPDX-License-Identifier: Apache-2.0
import Caret
import CaretTesting
import Testing

// An input bar as a public chat sample writes it, renamed only: made with `UIView()` (a zero
// frame), a flexible height, and its height given by `intrinsicContentSize`; the view controller
// returns it from `inputAccessoryView`. UIKit shows it 44 points high at the bottom, and on the
// keyboard while its field is edited.

@MainActor
final class IntrinsicMessageInputBar: View {
    let textField = TextField()

    override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = .secondarySystemBackground
        autoresizingMask = .flexibleHeight
        textField.placeholder = "Message"
        textField.translatesAutoresizingMaskIntoConstraints = false
        addSubview(textField)
        NSLayoutConstraint.activate([
            textField.leadingAnchor.constraint(equalTo: leadingAnchor, constant: 8),
            textField.trailingAnchor.constraint(equalTo: trailingAnchor, constant: -8),
            textField.centerYAnchor.constraint(equalTo: centerYAnchor),
        ])
    }

    required init?(coder aDecoder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    override var intrinsicContentSize: CGSize { CGSize(width: bounds.width, height: 44) }
}

@MainActor
final class IntrinsicBarMessageViewController: ViewController {
    let messageInputBar = IntrinsicMessageInputBar()

    override var inputAccessoryView: View? { messageInputBar }
    override var canBecomeFirstResponder: Bool { true }

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        becomeFirstResponder()
    }
}

@Suite @MainActor
struct IntrinsicInputBarPortTests {
    @Test func aZeroFrameBarTakesItsIntrinsicHeightAtTheBottomAndOnTheKeyboard() throws {
        let size = Size(width: 400, height: 600)
        let host = try HeadlessWindow(size: size, fonts: .fixedAdvance(ratio: 0.5))
        let controller = IntrinsicBarMessageViewController()
        host.window.rootViewController = controller
        host.settle()
        let bar = controller.messageInputBar
        #expect(bar.convert(bar.bounds, to: nil) == CGRect(x: 0, y: size.height - 44, width: size.width, height: 44))
        host.input.tap(bar.textField)
        host.settle()
        #expect(bar.textField.isFirstResponder)
        let keys = try #require(host.window.keyboard.keyboardView)
        let onKeys = bar.convert(bar.bounds, to: nil)
        #expect(onKeys.height == 44 && onKeys.maxY == keys.convert(keys.bounds, to: nil).minY, "\(onKeys)")
        host.input.type("On my way")
        #expect(bar.textField.text == "On my way")
    }
}
