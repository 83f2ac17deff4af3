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

    // MARK: Touches

    /// A finger landed (after the scroll view saw it): the row under it highlights.
    func rowTouchBegan(_ touches: Set<Touch>) {
        touchedRow = nil
        guard allowsSelection || allowsMultipleSelection, let touch = touches.first, !isDragging else { return }
        guard let path = indexPathForRow(at: touch.location(in: self)) else { return }
        touchedRow = path
        if tableDelegate?.tableView(self, shouldHighlightRowAt: path) ?? true { visibleCells_[path]?.setHighlighted(true, animated: false) }
    }

    /// The finger lifted; `dragged` says whether it had scrolled the table.
    func rowTouchEnded(_ touches: Set<Touch>, dragged: Bool) {
        guard let path = touchedRow else { return }
        endTouchOnRow()
        guard !dragged, let touch = touches.first, indexPathForRow(at: touch.location(in: self)) == path else { return }
        if let cell = visibleCells_[path], let button = cell.detailButtonRect, button.contains(touch.location(in: cell)) {
            tableDelegate?.tableView(self, accessoryButtonTappedForRowWith: path)
            return
        }
        guard tableDelegate?.tableView(self, shouldHighlightRowAt: path) ?? true else { return }
        userSelect(path)
    }

    /// The touch stopped being a tap on a row (a drag began, or it was cancelled).
    func endTouchOnRow() {
        if let path = touchedRow { visibleCells_[path]?.setHighlighted(false, animated: false) }
        touchedRow = nil
    }
}
