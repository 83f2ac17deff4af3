// SPDX-License-Identifier: Apache-2.0
import Foundation

/// An action shown beside a row when it is swiped (UIKit's `UIContextualAction`).
@preconcurrency @MainActor
public final class ContextualAction {
    /// How an action looks (UIKit's `UIContextualAction.Style`).
    public enum Style: Int, Sendable, Hashable {
        /// A grey button.
        case normal
        /// A red button, for actions that remove.
        case destructive
    }

    /// What runs when the action is chosen: the action, the view it was chosen in, and a completion
    /// to call with whether it was done (the row's actions close when it is called).
    public typealias Handler = @MainActor (ContextualAction, View, @escaping (Bool) -> Void) -> Void

    /// How the action looks.
    public let style: Style
    /// The button's title.
    public var title: String?
    /// The button's colour (red for destructive actions, grey otherwise, unless set).
    public var backgroundColor: Color!
    /// An image shown above the title.
    public var image: Image?
    /// What runs when the action is chosen.
    public let handler: Handler

    /// An action of a style with a title and what it does.
    public init(style: Style, title: String?, handler: @escaping Handler) {
        self.style = style
        self.title = title
        self.handler = handler
        backgroundColor = style == .destructive ? .systemRed : .systemGray
    }
}

/// The actions a swiped row shows on one side (UIKit's `UISwipeActionsConfiguration`).
@preconcurrency @MainActor
public final class SwipeActionsConfiguration {
    /// The actions, the first nearest the row's edge.
    public let actions: [ContextualAction]
    /// Whether swiping the row across most of its width runs the first action.
    public var performsFirstActionWithFullSwipe = true

    /// A configuration of actions.
    public init(actions: [ContextualAction]) { self.actions = actions }
}

/// An action shown beside a swiped row in the older form (UIKit's `UITableViewRowAction`), given
/// by the delegate's `tableView(_:editActionsForRowAt:)`. The row stays open after its handler
/// runs, as in UIKit: the handler deletes the row or ends editing to close it.
@preconcurrency @MainActor
public final class TableViewRowAction {
    /// How an action looks (UIKit's `UITableViewRowAction.Style`).
    public enum Style: Int, Sendable, Hashable {
        /// A red button.
        case `default`
        /// A red button, for actions that remove.
        case destructive
        /// A grey button.
        case normal
    }

    /// How the action looks.
    public let style: Style
    /// The button's title.
    public var title: String?
    /// The button's colour (red for the default and destructive styles, grey otherwise, unless set).
    public var backgroundColor: Color!
    /// What runs when the action is chosen, with the row's index path.
    let handler: @MainActor (TableViewRowAction, IndexPath) -> Void

    /// An action of a style with a title and what it does.
    public init(style: Style, title: String?, handler: @escaping @MainActor (TableViewRowAction, IndexPath) -> Void) {
        self.style = style
        self.title = title
        self.handler = handler
        backgroundColor = style == .normal ? .systemGray : .systemRed
    }

    /// The same action as a swiped row shows it, handing the handler the row's index path when
    /// it is chosen (`path`: rows inserted or deleted above an open row move it).
    func contextualAction(at path: @escaping @MainActor () -> IndexPath?) -> ContextualAction {
        let action = ContextualAction(style: style == .normal ? .normal : .destructive, title: title) { [self] _, _, _ in
            if let path = path() { handler(self, path) }
        }
        action.backgroundColor = backgroundColor
        return action
    }
}
