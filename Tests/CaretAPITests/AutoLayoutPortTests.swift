// SPDX-License-Identifier: Apache-2.0
import Caret
import CaretTesting
import Foundation
import Testing

// Auto Layout as UIKit code writes it, renamed only (issue 29; SPEC §15): the public API alone.

/// A chat screen: messages above, a compose bar pinned to the keyboard layout guide (UIKit's
/// recommended way to keep a field clear of the keyboard), built in viewDidLoad.
@MainActor
final class ChatViewController: ViewController {
    let messages = View()
    let composeBar = View()
    let field = TextField()
    let sendButton = Button(type: .system)

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground
        for subview in [messages, composeBar] {
            subview.translatesAutoresizingMaskIntoConstraints = false
            view.addSubview(subview)
        }
        field.translatesAutoresizingMaskIntoConstraints = false
        field.borderStyle = .roundedRect
        field.placeholder = "Message"
        sendButton.translatesAutoresizingMaskIntoConstraints = false
        sendButton.setTitle("Send", for: .normal)
        composeBar.addSubview(field)
        composeBar.addSubview(sendButton)
        NSLayoutConstraint.activate([
            messages.topAnchor.constraint(equalTo: view.safeAreaLayoutGuide.topAnchor),
            messages.leadingAnchor.constraint(equalTo: view.leadingAnchor),
            messages.trailingAnchor.constraint(equalTo: view.trailingAnchor),
            messages.bottomAnchor.constraint(equalTo: composeBar.topAnchor),

            composeBar.leadingAnchor.constraint(equalTo: view.leadingAnchor),
            composeBar.trailingAnchor.constraint(equalTo: view.trailingAnchor),
            composeBar.bottomAnchor.constraint(equalTo: view.keyboardLayoutGuide.topAnchor),

            field.leadingAnchor.constraint(equalTo: composeBar.layoutMarginsGuide.leadingAnchor),
            field.topAnchor.constraint(equalTo: composeBar.topAnchor, constant: 8),
            field.bottomAnchor.constraint(equalTo: composeBar.bottomAnchor, constant: -8),
            field.heightAnchor.constraint(equalToConstant: 36),
            sendButton.leadingAnchor.constraint(equalTo: field.trailingAnchor, constant: 8),
            sendButton.trailingAnchor.constraint(equalTo: composeBar.layoutMarginsGuide.trailingAnchor),
            sendButton.centerYAnchor.constraint(equalTo: field.centerYAnchor),
        ])
        sendButton.setContentHuggingPriority(.required, for: .horizontal)
    }
}

@Suite @MainActor
struct AutoLayoutPortTests {
    @Test func aChatScreenKeepsItsComposeBarOnTheKeyboard() throws {
        let host = try HeadlessWindow(size: Size(width: 400, height: 600), fonts: .fixedAdvance(ratio: 0.5))
        let chat = ChatViewController()
        host.window.rootViewController = chat
        host.window.keyboard.policy = .always
        host.settle()
        #expect(chat.composeBar.frame == CGRect(x: 0, y: 548, width: 400, height: 52))
        #expect(chat.messages.frame == CGRect(x: 0, y: 0, width: 400, height: 548))
        let buttonWidth = chat.sendButton.intrinsicContentSize.width
        #expect(chat.sendButton.frame.width == buttonWidth, "the button hugs its title")
        #expect(chat.field.frame == CGRect(x: 8, y: 8, width: 400 - 16 - 8 - buttonWidth, height: 36))
        #expect(chat.field.becomeFirstResponder())
        host.settle()
        let keyboardTop = host.window.keyboard.frame.minY
        #expect(host.window.keyboard.isVisible)
        #expect(chat.composeBar.convert(chat.composeBar.bounds, to: nil).maxY == keyboardTop)
        #expect(chat.messages.frame.height == keyboardTop - 52, "the messages shrink above the bar")
        #expect(!chat.field.hasAmbiguousLayout && !chat.composeBar.hasAmbiguousLayout)
    }
}
