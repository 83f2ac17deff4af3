// SPDX-License-Identifier: Apache-2.0
import Foundation

/// The buttons of a swiped row's actions, squeezed in proportion while the row is only partly
/// open, and the first action stretched across when the row is pulled further.
@MainActor
final class SwipeActionsView: View {
    let buttons: [Button]
    /// Whether the buttons are at the row's right edge (the first one rightmost).
    let atRight: Bool

    init(actions: [ContextualAction], atRight: Bool, choose: @escaping @MainActor (ContextualAction, Button) -> Void) {
        self.atRight = atRight
        var buttons: [Button] = []
        for action in actions {
            let button = Button(type: .custom)
            button.setTitle(action.title, for: .normal)
            if let image = action.image { button.setImage(image, for: .normal) }
            button.setTitleColor(.white, for: .normal)
            button.backgroundColor = action.backgroundColor
            button.accessibilityLabel = action.title
            button.addAction(Action { [weak button] _ in if let button { choose(action, button) } }, for: .touchUpInside)
            buttons.append(button)
        }
        self.buttons = buttons
        super.init(frame: .zero)
        clipsToBounds = true
        for button in buttons { addSubview(button) }
    }

    required init?(coder: NSCoder) { nil }

    /// Each button's width for its title (measured with the window's fonts once in the row), at least 74 points.
    var naturalWidths: [Double] { buttons.map { max(74, Double($0.sizeThatFits(Size(width: 400, height: 44)).width)) } }

    /// The width of all the buttons at their natural sizes.
    var openWidth: Double { naturalWidths.reduce(0, +) }

    override func layoutSubviews() {
        super.layoutSubviews()
        let naturalWidths = naturalWidths
        let width = bounds.width, open = naturalWidths.reduce(0, +)
        let scale = width < open ? width / open : 1
        let extra = max(0, width - open)
        var edge = atRight ? width : 0
        for (index, button) in buttons.enumerated() {
            let w = naturalWidths[index] * scale + (index == 0 ? extra : 0)
            edge += atRight ? -w : 0
            button.frame = Rect(x: edge, y: 0, width: w, height: bounds.height)
            edge += atRight ? 0 : w
        }
    }
}

/// A row swiped open to show its actions (docs/behaviour/porting.md, tables): a finger moving
/// mostly sideways on a row whose delegate gives actions for that side pulls the row across;
/// lifted past half the buttons' width it stays open, else it closes; pulled across most of the
/// row it runs the first action (unless the configuration says not). A tap on a button runs its
/// action; a touch elsewhere in the table, scrolling, or the action's completion closes the row.
@MainActor
final class RowSwipe {
    weak var table: TableView?
    private(set) var path: IndexPath?
    private(set) weak var cell: TableViewCell?
    private var actionsView: SwipeActionsView?
    private var configuration: SwipeActionsConfiguration?
    /// How far the row is pulled, positive to the right.
    private var offset = 0.0
    private var startOffset = 0.0
    private(set) var isTracking = false
    /// Whether the finger pulling the row has moved it.
    private var moved = false

    /// Whether a row is open (or being pulled).
    var isOpen: Bool { cell != nil }

    /// A finger went down: on another row than the open one it closes it and is not a tap
    /// (returns true); on the open row it may pull it again (one that moves up or down is the
    /// table's to scroll: the table claims it from the row, and the cancel closes the row).
    func touchBegan(at location: Point) -> Bool {
        guard let table, let cell, isOpen else { return false }
        if let actionsView, actionsView.bounds.contains(actionsView.convert(location, from: table)) { return false }
        if table.indexPathForRow(at: location) == path, cell.superview === table {
            // The open row again: pulled, it moves on from where it is; tapped, it closes.
            startOffset = offset
            isTracking = true
            moved = false
            return true
        }
        close(animated: true)
        return true
    }

    /// A finger moved; returns whether the swipe took it.
    func touchMoved(_ touch: Touch) -> Bool {
        guard let table else { return false }
        let dx = touch.location(in: nil).x - touch.startLocationInWindow.x
        let dy = touch.location(in: nil).y - touch.startLocationInWindow.y
        if !isTracking {
            // Past the slop as the scroll view measures it (straight-line), mostly sideways.
            guard !table.isDragging, (dx * dx + dy * dy).squareRoot() > ScrollView.dragSlop, abs(dx) > abs(dy) else { return false }
            let start = table.convert(touch.startLocationInWindow, from: nil)
            guard let path = table.indexPathForRow(at: start), let cell = table.cellForRow(at: path) else { return false }
            let atRight = dx < 0
            guard open(path, cell: cell, atRight: atRight) else { return false }
            startOffset = 0
            isTracking = true
        }
        guard moved || (dx * dx + dy * dy).squareRoot() > ScrollView.dragSlop else { return true }
        moved = true
        pull(to: startOffset + dx)
        return true
    }

    /// The finger lifted; returns whether the swipe had it.
    func touchEnded() -> Bool {
        guard isTracking, let table, let configuration, let actionsView else {
            isTracking = false
            return false
        }
        isTracking = false
        let pulled = abs(offset)
        if !moved {
            close(animated: true)
        } else if configuration.performsFirstActionWithFullSwipe, pulled > table.bounds.width * 0.6, let first = configuration.actions.first {
            choose(first, in: actionsView.buttons[0])
        } else if pulled > actionsView.openWidth / 2 {
            settle(at: (offset < 0 ? -1 : 1) * actionsView.openWidth)
        } else {
            close(animated: true)
        }
        return true
    }

    /// Shows the actions of the side the row is pulled towards, if the delegate gives any.
    private func open(_ path: IndexPath, cell: TableViewCell, atRight: Bool) -> Bool {
        guard let table else { return false }
        if isOpen { close(animated: false) }
        // Trailing actions sit at the trailing edge: the right one left to right, the left one right to left.
        let trailing = atRight == (cell.effectiveUserInterfaceLayoutDirection == .leftToRight)
        guard !table.isEditing, let configuration = configuration(for: path, trailing: trailing) else { return false }
        show(configuration, at: path, cell: cell, atRight: atRight)
        return true
    }

    /// The actions a row shows at its trailing or leading edge: the delegate's, or, at the
    /// trailing edge, its row actions or Delete for a row the data source lets delete (TableEditor).
    private func configuration(for path: IndexPath, trailing: Bool) -> SwipeActionsConfiguration? {
        guard let table else { return nil }
        let delegate = table.tableDelegate
        let configuration =
            trailing
            ? delegate?.tableView(table, trailingSwipeActionsConfigurationForRowAt: path) ?? rowActions(for: path)
                ?? table.editor.deleteConfiguration(for: path)
            : delegate?.tableView(table, leadingSwipeActionsConfigurationForRowAt: path)
        guard let configuration, !configuration.actions.isEmpty else { return nil }
        return configuration
    }

    /// The delegate's row actions in the older form (`editActionsForRowAt`), as a configuration
    /// that a full swipe does not run; a handler gets the open row's path when it runs (rows
    /// inserted or deleted above it move it), else the row's path now.
    private func rowActions(for path: IndexPath) -> SwipeActionsConfiguration? {
        guard let table, let actions = table.tableDelegate?.tableView(table, editActionsForRowAt: path), !actions.isEmpty else { return nil }
        let configuration = SwipeActionsConfiguration(actions: actions.map { $0.contextualAction { [weak self] in self?.path ?? path } })
        configuration.performsFirstActionWithFullSwipe = false
        return configuration
    }

    /// A row in editing mode whose delete control was tapped shows its Delete button, open.
    func showDeleteConfirmation(at path: IndexPath, cell: TableViewCell) {
        guard let configuration = configuration(for: path, trailing: true) else { return }
        if isOpen { close(animated: false) }
        show(configuration, at: path, cell: cell, atRight: cell.effectiveUserInterfaceLayoutDirection == .leftToRight)
        guard let actionsView else { return }
        settle(at: (actionsView.atRight ? -1 : 1) * actionsView.openWidth)
    }

    private func show(_ configuration: SwipeActionsConfiguration, at path: IndexPath, cell: TableViewCell, atRight: Bool) {
        if let table { table.tableDelegate?.tableView(table, willBeginEditingRowAt: path) }
        let view = SwipeActionsView(actions: configuration.actions, atRight: atRight) { [weak self] action, button in
            self?.choose(action, in: button)
        }
        cell.addSubview(view)
        self.path = path
        self.cell = cell
        self.configuration = configuration
        actionsView = view
    }

    /// Pulls the row to an offset: the content follows, the buttons fill what it uncovers.
    private func pull(to target: Double) {
        guard let cell, let actionsView else { return }
        // Only towards the side whose actions are shown, with resistance past the row's width.
        offset = actionsView.atRight ? min(0, target) : max(0, target)
        let width = cell.bounds.width
        if abs(offset) > width { offset = (offset < 0 ? -1 : 1) * (width + (abs(offset) - width) * 0.2) }
        layOut()
    }

    private func layOut() {
        guard let cell, let actionsView else { return }
        cell.swipeOffset = offset
        let width = abs(offset)
        actionsView.frame = Rect(x: actionsView.atRight ? cell.bounds.width - width : 0, y: 0, width: width, height: cell.bounds.height)
        actionsView.layoutIfNeeded()
    }

    private func settle(at target: Double) {
        offset = target
        View.animate(withDuration: 0.25, curve: .easeOut) { self.layOut() }
    }

    /// Runs an action; its completion closes the row.
    private func choose(_ action: ContextualAction, in button: Button) {
        var done = false
        let row = cell
        action.handler(action, button) { [weak self] _ in
            guard !done, let self, self.cell === row else { return }
            done = true
            self.close(animated: true)
        }
    }

    /// Closes the open row.
    func close(animated: Bool) {
        guard let cell, let actionsView else { return }
        isTracking = false
        offset = 0
        self.cell = nil
        self.actionsView = nil
        configuration = nil
        if let table { table.tableDelegate?.tableView(table, didEndEditingRowAt: path) }
        path = nil
        guard animated, cell.window != nil else {
            cell.swipeOffset = 0
            actionsView.removeFromSuperview()
            return
        }
        View.animate(
            withDuration: 0.25, curve: .easeOut,
            animations: {
                cell.swipeOffset = 0
                actionsView.frame = Rect(x: actionsView.atRight ? cell.bounds.width : 0, y: 0, width: 0, height: cell.bounds.height)
                actionsView.layoutIfNeeded()
            },
            completion: { _ in actionsView.removeFromSuperview() })
    }

    /// The rows moved (an update): the open row follows, or closes if it went.
    func follow(_ newPath: (IndexPath) -> IndexPath?) {
        guard let old = path else { return }
        if let now = newPath(old) {
            path = now
        } else {
            path = nil  // the delegate hears that the row's editing ended with no row
            close(animated: false)
        }
    }

    /// A cell leaves the screen: if it is the open row, it closes.
    func forget(_ leaving: TableViewCell) {
        if leaving === cell { close(animated: false) }
        // One still closing goes at once: a reused cell shows no other row's buttons.
        for case let view as SwipeActionsView in leaving.subviews { view.removeFromSuperview() }
        View.performWithoutAnimation { leaving.swipeOffset = 0 }
    }

    /// The actions a screen reader offers for a row: its trailing actions, then its leading ones.
    func accessibilityActions(for cell: TableViewCell) -> [AccessibilityCustomAction] {
        guard let table, let path = table.indexPath(for: cell) else { return [] }
        let configurations = [configuration(for: path, trailing: true), configuration(for: path, trailing: false)]
        return configurations.compactMap { $0 }.flatMap(\.actions).map { action in
            AccessibilityCustomAction(name: action.title ?? "") { [weak cell] in
                guard let cell else { return false }
                action.handler(action, cell) { _ in }
                return true
            }
        }
    }
}
