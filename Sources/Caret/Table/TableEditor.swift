// SPDX-License-Identifier: Apache-2.0
import Foundation

extension TableViewCell {
    /// How a row is edited (UIKit's `UITableViewCell.EditingStyle`).
    public enum EditingStyle: Int, Sendable, Hashable {
        /// Not at all.
        case none
        /// A red control that asks to delete the row.
        case delete
        /// A green control that inserts a row.
        case insert
    }
}

extension TableViewCell {
    /// Whether the row is in editing mode (its table's).
    public var isEditing: Bool {
        get { editing.isEditing }
        set { setEditing(newValue, animated: false) }
    }

    /// The control the row shows in editing mode (set by the table from its delegate).
    public var editingStyle: EditingStyle { editing.style }

    /// Whether the content moves aside for the editing control.
    public var shouldIndentWhileEditing: Bool {
        get { editing.cellIndents }
        set {
            editing.cellIndents = newValue
            setNeedsLayout()
        }
    }

    /// The accessory shown in editing mode in place of `accessoryType`.
    public var editingAccessoryType: AccessoryType {
        get { editing.accessoryType }
        set {
            editing.accessoryType = newValue
            setNeedsLayout()
        }
    }

    /// Shows or hides the editing control and moves the content for it (`setEditing(_:animated:)`).
    func applyEditing(_ editing: Bool, animated: Bool) {
        self.editing.isEditing = editing
        let style = editing ? self.editing.style : .none
        if let control = self.editing.control, control.style != style {
            self.editing.control = nil
            slideOut(control, animated: animated)
        }
        if style != .none, self.editing.control == nil {
            let language = Localization.language(for: superview ?? self)
            let label = style == .delete ? EditWord.delete.text(language) : BarItemWord.add.text(language)
            let control = EditingControl(style: style, label: label) { [weak self] in
                guard let self, let table = self.superview as? TableView else { return }
                table.editor.controlTapped(in: self)
            }
            self.editing.control = control
            addSubview(control)
            slideOut(control, animated: false)
        }
        // The accessory view gives way in editing mode (one the app hid stays hidden after).
        if editing, let accessoryView, !accessoryView.isHidden, !self.editing.hidAccessoryView {
            accessoryView.isHidden = true
            self.editing.hidAccessoryView = true
        } else if !editing, self.editing.hidAccessoryView {
            accessoryView?.isHidden = false
            self.editing.hidAccessoryView = false
        }
        // The cell lays out again (a subclass's `layoutSubviews` too, as UIKit's `setEditing` does).
        setNeedsLayout()
        if animated, window != nil {
            View.animate(withDuration: 0.3, curve: .easeInOut) { self.layoutIfNeeded() }
        } else {
            layoutIfNeeded()
        }
        setNeedsDisplay()
    }

    /// Puts a control out past the leading edge: a new one to slide in from, an old one removed once there.
    private func slideOut(_ control: EditingControl, animated: Bool) {
        let frame = editingControlFrame(shown: false)
        guard animated, window != nil else {
            control.frame = frame
            if control !== editing.control { control.removeFromSuperview() }
            return
        }
        View.animate(withDuration: 0.3, curve: .easeInOut, animations: { control.frame = frame }, completion: { _ in control.removeFromSuperview() })
    }
}

/// A table's editing mode and the deleting of rows (docs/behaviour/porting.md, tables). In editing
/// mode each row the data source lets edit shows its editing style's control at its leading edge
/// and its content moves aside: a tap on a delete control shows the row's Delete button, a tap on
/// that, or on an insert control, hands the row to the data source's `commit`. Out of editing
/// mode, a row the data source lets edit is swiped towards its leading edge to show Delete.
@MainActor
final class TableEditor {
    weak var table: TableView?
    /// Whether the table is in editing mode.
    private(set) var isEditing = false
    /// Whether a tap selects a row in editing mode.
    var allowsSelectionDuringEditing = false

    /// Whether a tap on a row would select it now.
    var tapSelects: Bool {
        guard let table else { return false }
        return (table.allowsSelection || table.allowsMultipleSelection) && (!isEditing || allowsSelectionDuringEditing)
    }

    /// Enters or leaves editing mode: each shown row shows or hides its control.
    func setEditing(_ editing: Bool, animated: Bool) {
        guard let table else { return }
        // A row swiped open is being edited to UIKit: ending editing closes it.
        guard editing != isEditing else { return editing ? () : table.swipe.close(animated: animated) }
        table.reorder.cancelled()
        isEditing = editing
        table.swipe.close(animated: animated)
        for (path, cell) in table.visibleCells_ { prepare(cell, at: path, animated: animated) }
        table.setNeedsLayout()  // the separators follow the text
    }

    /// Gives a cell shown for a row the table's editing mode and the row's editing style.
    func prepare(_ cell: TableViewCell, at path: IndexPath, animated: Bool = false) {
        guard let table else { return }
        let before = cell.editing
        // Out of editing mode nothing is asked (a table that never edits asks nothing per row).
        let editable = isEditing && canEdit(path)
        cell.editing.style = editable ? editingStyle(at: path) : .none
        cell.editing.indents = isEditing ? table.tableDelegate?.tableView(table, shouldIndentWhileEditingRowAt: path) ?? true : true
        cell.editing.showsReorder = isEditing && table.dataSource.map { $0.tableView(table, canMoveRowAt: path) } == true
        // A row that can be neither edited nor moved stays as it is, its accessory shown.
        let editing = editable || cell.editing.showsReorder
        let after = cell.editing
        guard
            editing != before.isEditing || after.style != before.style || after.indents != before.indents
                || after.showsReorder != before.showsReorder
        else { return }
        cell.setEditing(editing, animated: animated)
    }

    /// Whether the data source lets a row be edited.
    func canEdit(_ path: IndexPath) -> Bool {
        guard let table, let dataSource = table.dataSource else { return false }
        return dataSource.tableView(table, canEditRowAt: path)
    }

    /// A row's editing style as the delegate gives it (delete unless said).
    func editingStyle(at path: IndexPath) -> TableViewCell.EditingStyle {
        guard let table else { return .none }
        return table.tableDelegate?.tableView(table, editingStyleForRowAt: path) ?? .delete
    }

    /// The actions a row swiped towards its leading edge shows when the delegate gives none: Delete,
    /// for a row the data source lets delete, handing the row to `commit`.
    func deleteConfiguration(for path: IndexPath) -> SwipeActionsConfiguration? {
        guard let table, canEdit(path), editingStyle(at: path) == .delete else { return nil }
        let title =
            table.tableDelegate?.tableView(table, titleForDeleteConfirmationButtonForRowAt: path)
            ?? EditWord.delete.text(Localization.language(for: table))
        let action = ContextualAction(style: .destructive, title: title) { [weak self] _, view, done in
            self?.commit(.delete, rowOf: view)
            done(true)
        }
        return SwipeActionsConfiguration(actions: [action])
    }

    /// A row's editing control was tapped: delete shows its Delete button, insert commits at once.
    func controlTapped(in cell: TableViewCell) {
        guard let table, let path = table.indexPath(for: cell) else { return }
        switch cell.editing.style {
        case .delete: table.swipe.showDeleteConfirmation(at: path, cell: cell)
        case .insert: commit(.insert, rowOf: cell)
        case .none: break
        }
    }

    /// Hands the row a view is in (where it is now, after any updates) to the data source.
    private func commit(_ style: TableViewCell.EditingStyle, rowOf view: View) {
        guard let table, let dataSource = table.dataSource else { return }
        var cell: View? = view
        while let next = cell, !(next is TableViewCell) { cell = next.superview }
        guard let row = cell as? TableViewCell, let path = table.indexPath(for: row) else { return }
        dataSource.tableView(table, commit: style, forRowAt: path)
    }
}

/// A cell's editing state, set by its table.
struct CellEditing {
    /// Whether the table is in editing mode.
    var isEditing = false
    /// The row's control in editing mode.
    var style: TableViewCell.EditingStyle = .none
    /// Whether the delegate lets the content move aside for the control.
    var indents = true
    /// Whether the cell lets its content move aside for the control.
    var cellIndents = true
    /// The accessory shown in editing mode.
    var accessoryType: TableViewCell.AccessoryType = .none
    /// The control's view while shown.
    var control: EditingControl?
    /// Whether the row shows its reorder control in editing mode (the data source lets it move).
    var showsReorder = false
    /// Whether editing mode hid the accessory view (shown again when it ends).
    var hidAccessoryView = false

    /// The reorder control's width at the trailing edge.
    var reorderWidth: Double { isEditing && showsReorder ? RowReorder.controlWidth : 0 }

    /// How far the content moves towards the trailing edge for the control.
    var indent: Double { isEditing && indents && cellIndents && style != .none ? 38 : 0 }
}

/// The round control at the leading edge of a row in editing mode: a white bar on red to ask to
/// delete it, a white cross on green to insert one.
@MainActor
final class EditingControl: Control {
    let style: TableViewCell.EditingStyle
    private let label: String

    init(style: TableViewCell.EditingStyle, label: String, tapped: @escaping @MainActor () -> Void) {
        self.style = style
        self.label = label
        super.init(frame: .zero)
        addAction(Action { _ in tapped() }, for: .primaryActionTriggered)
    }

    required init?(coder: NSCoder) { nil }

    override func draw(_ rect: Rect, in context: GraphicsContext) {
        let circle = Rect(x: bounds.midX - 11, y: bounds.midY - 11, width: 22, height: 22)
        context.fillRoundedRect(circle, radius: 11, color: style == .delete ? .systemRed : .systemGreen)
        context.fill(Rect(x: circle.midX - 6, y: circle.midY - 1, width: 12, height: 2), color: .white)
        if style == .insert { context.fill(Rect(x: circle.midX - 1, y: circle.midY - 6, width: 2, height: 12), color: .white) }
    }

    override var accessibilityDefaults: AccessibilityDefaults { AccessibilityDefaults(isElement: true, label: label, traits: .button) }

    override func accessibilityActivate() -> Bool {
        sendActions(for: [.touchUpInside, .primaryActionTriggered])
        return true
    }
}
