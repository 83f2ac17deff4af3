// SPDX-License-Identifier: Apache-2.0
import Caret
import Foundation

/// The ways from the form to the table screens: the form in a table (pickers as input views)
/// and the chat (an input bar on the keyboard layout guide).
extension FormScreen {
    /// Shows the form in a table.
    public func showTableForm() {
        let controller = TableFormViewController(words: words)
        controller.screen.backButton.addAction(Action { [weak self] _ in self?.showForm() }, for: .primaryActionTriggered)
        tableFormController = controller
        show(controller)
    }

    /// Shows the chat screen.
    public func showChat() {
        let controller = ChatViewController(words: words)
        controller.screen.backButton.addAction(Action { [weak self] _ in self?.showForm() }, for: .primaryActionTriggered)
        chatController = controller
        show(controller)
    }

    /// The form in a table, once shown.
    public var tableForm: TableFormScreen? { tableFormController?.screen }
    /// The chat screen, once shown.
    public var chat: ChatScreen? { chatController?.screen }
}

/// The form-in-a-table screen's controller.
@MainActor
public final class TableFormViewController: ViewController {
    /// The demo makes its controllers in code: nil from an archive.
    public required init?(coder: NSCoder) { nil }
    private let words: ExampleWords
    /// A controller that makes its screen, in `words`' language, when first shown.
    public init(words: ExampleWords = .demo(preferring: [])) {
        self.words = words
        super.init()
    }
    /// The screen.
    public var screen: TableFormScreen { view as! TableFormScreen }
    public override func loadView() { view = TableFormScreen(words: words) }
    public override func viewDidLoad() {
        super.viewDidLoad()
        title = words("table.title")
    }
}

/// The chat screen's controller.
@MainActor
public final class ChatViewController: ViewController {
    /// The demo makes its controllers in code: nil from an archive.
    public required init?(coder: NSCoder) { nil }
    private let words: ExampleWords
    /// A controller that makes its screen, in `words`' language, when first shown.
    public init(words: ExampleWords = .demo(preferring: [])) {
        self.words = words
        super.init()
    }
    /// The screen.
    public var screen: ChatScreen { view as! ChatScreen }
    public override func loadView() { view = ChatScreen(words: words) }
    public override func viewDidLoad() {
        super.viewDidLoad()
        title = words("chat.title")
    }
}
