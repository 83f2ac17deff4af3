/// One command of the edit menu (UIKit's `UIAction` in a `UIMenu`).
@MainActor
public struct EditMenuAction {
    /// Standard commands, and custom ones a delegate adds.
    public enum Identifier: Hashable, Sendable {
        /// Cut the selection.
        case cut
        /// Copy the selection.
        case copy
        /// Paste the clipboard.
        case paste
        /// Delete the selection.
        case delete
        /// Select the word at the caret.
        case select
        /// Select all text.
        case selectAll
        /// Toggle bold (text views that allow editing attributes).
        case bold
        /// Toggle italic.
        case italic
        /// Toggle underline.
        case underline
        /// An app's own command.
        case custom(String)
    }

    /// What the command is.
    public var identifier: Identifier
    /// The label on the menu.
    public var title: String
    /// What it does.
    public var handler: @MainActor () -> Void

    /// Creates a command.
    public init(identifier: Identifier, title: String, handler: @escaping @MainActor () -> Void) {
        self.identifier = identifier
        self.title = title
        self.handler = handler
    }
}

/// The menu shown above a selection: a dark pill of commands (UIKit's `UIEditMenuInteraction`
/// presentation). It sits above the target rectangle, or below it when there is no room, and
/// stays inside the window.
@MainActor
public final class EditMenuView: View {
    /// The commands shown, in order.
    public let actions: [EditMenuAction]
    /// The buttons, one per command.
    public private(set) var buttons: [Button] = []
    /// Called after a command runs.
    var onAction: ((EditMenuAction) -> Void)?

    static let height: Double = 40

    /// Creates a menu of commands.
    public init(actions: [EditMenuAction]) {
        self.actions = actions
        super.init(frame: .zero)
        backgroundColor = Color(white: 0.15, alpha: 0.95)
        cornerRadius = 10
        var x = 4.0
        for (i, action) in actions.enumerated() {
            let button = Button(type: .custom)
            button.setTitle(action.title, for: .normal)
            button.setTitleColor(.white, for: .normal)
            button.titleFont = .systemFont(ofSize: 15)
            button.contentEdgeInsets = EdgeInsets(top: 4, left: 12, bottom: 4, right: 12)
            button.addAction(Action { [weak self] _ in self?.onAction?(action) }, for: .primaryActionTriggered)
            let width = button.intrinsicContentSize.width
            button.frame = Rect(x: x, y: 0, width: width, height: Self.height)
            addSubview(button)
            buttons.append(button)
            x += width
            if i < actions.count - 1 {
                let separator = View(frame: Rect(x: x, y: 8, width: 1, height: Self.height - 16))
                separator.backgroundColor = Color(white: 1, alpha: 0.25)
                addSubview(separator)
                x += 1
            }
        }
        frame = Rect(x: 0, y: 0, width: x + 4, height: Self.height)
    }

    /// Places the menu above `target` (window coordinates), or below it, inside `bounds`.
    public func place(above target: Rect, in bounds: Rect) {
        let gap = 8.0
        var y = target.minY - gap - Self.height
        if y < bounds.minY + 4 { y = target.maxY + gap }
        y = min(max(bounds.minY + 4, y), bounds.maxY - Self.height - 4)
        let x = min(max(bounds.minX + 4, target.midX - frame.width / 2), bounds.maxX - frame.width - 4)
        frame.origin = Point(x: x.rounded(), y: y.rounded())
    }
}
