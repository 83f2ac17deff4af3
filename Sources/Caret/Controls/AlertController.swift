// SPDX-License-Identifier: Apache-2.0
import Foundation

/// An action of an alert or action sheet: a button with a title, a style and a handler run after
/// the alert is dismissed (UIKit's `UIAlertAction`).
@preconcurrency @MainActor
public final class AlertAction {
    /// How the action's button looks and where it goes.
    public enum Style: Int, Hashable, Sendable {
        /// An ordinary action.
        case `default`
        /// Leaves without doing anything: at most one per alert, last in an action sheet; Escape picks it.
        case cancel
        /// Changes or deletes data: drawn red.
        case destructive
    }

    /// The button's title.
    public let title: String?
    /// The action's style.
    public let style: Style
    /// Whether the button can be tapped.
    public var isEnabled = true { didSet { button?.isEnabled = isEnabled } }
    let handler: ((AlertAction) -> Void)?
    weak var button: Button?

    /// An action with a title, a style and what it does.
    public init(title: String?, style: Style, handler: ((AlertAction) -> Void)? = nil) {
        self.title = title
        self.style = style
        self.handler = handler
    }
}

/// An alert or action sheet presented from a view controller (UIKit's `UIAlertController`): a
/// title, a message, text fields for an alert, and actions. An alert is centred in the space the
/// keyboard leaves; a sheet rises from the bottom. Tapping an action dismisses it, then runs the
/// action's handler; Return (in its last text field) runs the preferred action, Escape the cancel
/// action.
@preconcurrency @MainActor
open class AlertController: ViewController {
    /// Centred alert or bottom sheet.
    public enum Style: Int, Hashable, Sendable {
        /// A sheet of actions rising from the bottom.
        case actionSheet
        /// A dialog centred in the window.
        case alert
    }

    /// The text under the title (the card lays itself out again when it changes).
    public var message: String? { didSet { card.show(title: title, message: message) } }
    /// The alert's title (the card lays itself out again when it changes).
    open override var title: String? { didSet { card.show(title: title, message: message) } }
    /// Whether it is an alert or an action sheet.
    public let preferredStyle: Style
    /// The actions, in the order added.
    public private(set) var actions: [AlertAction] = []
    /// The action Return runs, drawn bold.
    public var preferredAction: AlertAction? { didSet { card.setNeedsLayout() } }
    /// The alert's text fields, in the order added (nil when it has none).
    public var textFields: [TextField]? { card.fields.isEmpty ? nil : card.fields }

    let card = AlertCard()
    /// Where an action sheet points when it shows as a popover.
    private let popover: PopoverPresentationController?

    /// Where an action sheet points in a window of regular width (nil for an alert).
    open override var popoverPresentationController: PopoverPresentationController? { popover }

    /// Alerts are not archived.
    public required init?(coder: NSCoder) { nil }

    /// An alert or action sheet with a title and a message.
    public init(title: String?, message: String?, preferredStyle: Style) {
        self.preferredStyle = preferredStyle
        self.message = message
        popover = preferredStyle == .actionSheet ? PopoverPresentationController() : nil
        super.init()
        self.title = title
        modalPresentationStyle = .overFullScreen  // the presenter stays on screen beneath it
        card.isSheet = preferredStyle == .actionSheet
        card.preferredController = self
        card.show(title: title, message: message)
    }

    /// Adds an action (a second cancel action is a programming error, as in UIKit).
    public func addAction(_ action: AlertAction) {
        precondition(action.style != .cancel || !actions.contains { $0.style == .cancel }, "an alert has at most one cancel action")
        actions.append(action)
        card.addButton(for: action) { [weak self] in self?.choose(action) }
    }

    /// Adds a text field (alerts only) and lets `configurationHandler` set it up.
    public func addTextField(configurationHandler: ((TextField) -> Void)? = nil) {
        precondition(preferredStyle == .alert, "text fields can be added only to an alert")
        let field = card.addField()
        field.escapePressed = { [weak self] in self?.cancelFromKeyboard() }
        field.addAction(Action { [weak self, weak field] _ in if let field { self?.returnPressed(in: field) } }, for: .editingDidEndOnExit)
        configurationHandler?(field)
    }

    open override func loadView() {
        view = AlertBackdrop(card: card, isSheet: preferredStyle == .actionSheet, popover: popover) { [weak self] in self?.cancelByTapOutside() }
    }

    open override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        // The first text field takes the keyboard at once, as in UIKit; with none, the alert
        // itself takes the keys (Escape, Tab), nothing behind it.
        if let field = card.fields.first { _ = field.becomeFirstResponder() } else { _ = view.becomeFirstResponder() }
    }

    /// Escape runs the cancel action; Return, with no text field, the preferred action.
    open override func pressesBegan(_ presses: Set<Press>, with event: InputEvent?) {
        let codes = presses.map(\.key.keyCode)
        if codes.contains(.keyboardEscape), actions.contains(where: { $0.style == .cancel }) {
            cancelFromKeyboard()
        } else if codes.contains(.keyboardReturnOrEnter), let action = preferredAction, action.isEnabled {
            choose(action)
        } else {
            super.pressesBegan(presses, with: event)
        }
    }

    /// Escape, from the alert or one of its fields.
    private func cancelFromKeyboard() {
        if let cancel = actions.first(where: { $0.style == .cancel }) { choose(cancel) }
    }

    /// Return in a text field: the next field, or from the last one the preferred action (or the
    /// only action that is not a cancel).
    private func returnPressed(in field: TextField) {
        if let index = card.fields.firstIndex(where: { $0 === field }), index + 1 < card.fields.count {
            _ = card.fields[index + 1].becomeFirstResponder()
            return
        }
        let others = actions.filter { $0.style != .cancel }
        if let action = preferredAction ?? (others.count == 1 ? others[0] : nil), action.isEnabled { choose(action) }
    }

    /// A tap outside an action sheet cancels it (an alert waits for its buttons); a popover goes
    /// even without a cancel action, as in UIKit.
    private func cancelByTapOutside() {
        guard preferredStyle == .actionSheet else { return }
        if let cancel = actions.first(where: { $0.style == .cancel }) {
            choose(cancel)
        } else if (viewIfLoaded as? AlertBackdrop)?.isPopover == true {
            presentingViewController?.dismiss(animated: true)
        }
    }

    private func choose(_ action: AlertAction) {
        guard action.isEnabled else { return }
        let run: () -> Void = { action.handler?(action) }
        if let presenter = presentingViewController {
            presenter.dismiss(animated: true, completion: run)
        } else {
            run()
        }
    }
}
