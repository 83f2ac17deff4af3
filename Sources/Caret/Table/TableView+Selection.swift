// SPDX-License-Identifier: Apache-2.0
import Foundation

/// Selecting rows, in code and by touch: a finger on a row highlights it, lifting it there
/// (without having dragged the table) selects it through the delegate; a tap on a row's info
/// button tells the delegate instead.
extension TableView {
    /// The first selected row.
    public var indexPathForSelectedRow: IndexPath? { selectedRows.min() }

    /// The selected rows, in order (nil when none is).
    public var indexPathsForSelectedRows: [IndexPath]? { selectedRows.isEmpty ? nil : selectedRows.sorted() }

    /// Selects a row (nil: none) without telling the delegate, and scrolls to it as said.
    public func selectRow(at indexPath: IndexPath?, animated: Bool, scrollPosition: ScrollPosition) {
        guard let indexPath else {
            for path in selectedRows { setRow(path, selected: false) }
            return
        }
        reloadIfNeeded()
        guard geometry.contains(indexPath) else { return }
        if !allowsMultipleSelection { for path in selectedRows where path != indexPath { setRow(path, selected: false) } }
        setRow(indexPath, selected: true)
        if scrollPosition != .none || !bounds.intersects(rectForRow(at: indexPath)) {
            scrollToRow(at: indexPath, at: scrollPosition, animated: animated)
        }
    }

    /// Deselects a row without telling the delegate.
    public func deselectRow(at indexPath: IndexPath, animated: Bool) { setRow(indexPath, selected: false) }

    private func setRow(_ path: IndexPath, selected: Bool) {
        if selected {
            if !selectedRows.contains(path) { selectedRows.append(path) }
        } else {
            selectedRows.removeAll { $0 == path }
        }
        visibleCells_[path]?.setSelected(selected, animated: false)
    }

    /// The user's selection of a row, as UIKit sends it: `willSelect` may redirect or refuse; in
    /// single selection the row selected before is deselected first.
    func userSelect(_ tapped: IndexPath) {
        let delegate = tableDelegate
        if allowsMultipleSelection, selectedRows.contains(tapped) {
            guard let path = delegate.map({ $0.tableView(self, willDeselectRowAt: tapped) }) ?? tapped else { return }
            setRow(path, selected: false)
            delegate?.tableView(self, didDeselectRowAt: path)
            return
        }
        guard let path = delegate.map({ $0.tableView(self, willSelectRowAt: tapped) }) ?? tapped, geometry.contains(path) else { return }
        if !allowsMultipleSelection {
            for old in selectedRows where old != path {
                guard let deselected = delegate.map({ $0.tableView(self, willDeselectRowAt: old) }) ?? old else { continue }
                setRow(deselected, selected: false)
                delegate?.tableView(self, didDeselectRowAt: deselected)
            }
        }
        setRow(path, selected: true)
        delegate?.tableView(self, didSelectRowAt: path)
    }
}

/// A finger on a row (after the scroll view saw it): the row under it highlights, and lifted
/// there without having dragged the table, it selects the row through the delegate (or a tap on
/// its info button tells the delegate instead).
@MainActor
final class RowTouch {
    weak var table: TableView?
    /// The row under the finger, while it may still be a tap.
    private(set) var row: IndexPath?

    /// A finger landed: the row under it highlights.
    func began(_ touches: Set<Touch>) {
        row = nil
        guard let table, let touch = touches.first, !table.isDragging, let path = table.indexPathForRow(at: touch.location(in: table))
        else { return }
        // The info button takes its tap in editing mode too, when rows cannot be selected.
        let onInfo = table.visibleCells_[path].map { cell in cell.detailButtonRect?.contains(touch.location(in: cell)) ?? false } ?? false
        guard table.editor.tapSelects || onInfo else { return }
        row = path
        if table.editor.tapSelects, table.tableDelegate?.tableView(table, shouldHighlightRowAt: path) ?? true {
            table.visibleCells_[path]?.setHighlighted(true, animated: false)
        }
    }

    /// The finger lifted; `dragged` says whether it had scrolled the table.
    func ended(_ touches: Set<Touch>, dragged: Bool) {
        guard let table, let path = row else { return }
        end()
        guard !dragged, let touch = touches.first, table.indexPathForRow(at: touch.location(in: table)) == path else { return }
        if let cell = table.visibleCells_[path], let button = cell.detailButtonRect, button.contains(touch.location(in: cell)) {
            table.tableDelegate?.tableView(table, accessoryButtonTappedForRowWith: path)
            return
        }
        guard table.editor.tapSelects, table.tableDelegate?.tableView(table, shouldHighlightRowAt: path) ?? true else { return }
        table.userSelect(path)
    }

    /// The touch stopped being a tap on a row (a drag began, or it was cancelled).
    func end() {
        if let path = row { table?.visibleCells_[path]?.setHighlighted(false, animated: false) }
        row = nil
    }
}
