// SPDX-License-Identifier: Apache-2.0
import Foundation

/// Rows under full keyboard access (docs/behaviour/focus-and-editing.md): a row a tap would select
/// takes focus, so Tab reaches it and the focus ring shows it; Space or Return selects it as a tap
/// does; the up and down arrows move focus to the row above or below, scrolling it into view
/// (rows off screen have no cell until then); Tab and Shift+Tab move on as from any control.
extension TableViewCell {
    /// Whether this row is one a tap would select.
    var rowTakesFocus: Bool {
        guard let table = superview as? TableView, let path = table.indexPath(for: self) else { return false }
        return table.userCanSelectRow(at: path)
    }

    /// Handles a focused row's keys; false for keys it leaves to the responder chain.
    func handleRowKey(_ press: Press) -> Bool {
        guard let table = superview as? TableView, let path = table.indexPath(for: self) else { return false }
        let flags = press.key.modifierFlags
        guard flags.isDisjoint(with: [.control, .alternate, .command]) else { return false }
        switch press.key.keyCode {
        case .keyboardTab:
            return window?.focus.moveFocus(from: self, backwards: flags.contains(.shift)) ?? false
        case .keyboardSpacebar, .keyboardReturnOrEnter, .keypadEnter:
            if !press.isRepeat { _ = activateRow() }
            return true
        case .keyboardDownArrow, .keyboardUpArrow:
            return table.focusRow(after: path, backwards: press.key.keyCode == .keyboardUpArrow)
        default:
            return false
        }
    }
}

extension TableView {
    /// Moves keyboard focus to the nearest row after (or before) a row that a tap would select,
    /// through the sections; false at the end.
    func focusRow(after path: IndexPath, backwards: Bool) -> Bool {
        reloadIfNeeded()
        var section = path.section, row = path.row
        while true {
            row += backwards ? -1 : 1
            while row < 0 || row >= numberOfRows(inSection: section) {
                section += backwards ? -1 : 1
                guard (0..<numberOfSections).contains(section) else { return false }
                row = backwards ? numberOfRows(inSection: section) - 1 : 0
            }
            let next = IndexPath(row: row, section: section)
            guard userCanSelectRow(at: next) else { continue }
            scrollToRow(at: next, at: .none, animated: false)
            layoutIfNeeded()
            return cellForRow(at: next)?.becomeFirstResponder() ?? false
        }
    }
}

extension TableView {
    /// The row focus goes to when it comes into the table from outside: the last row that had it,
    /// when the table remembers it (`remembersLastFocusedIndexPath`) and a tap could still select
    /// it, scrolled into view; nil for the usual order.
    func rememberedFocusCell() -> TableViewCell? {
        reloadIfNeeded()
        guard remembersLastFocusedIndexPath, let path = lastFocusedIndexPath, (0..<numberOfSections).contains(path.section),
            (0..<numberOfRows(inSection: path.section)).contains(path.row), userCanSelectRow(at: path)
        else { return nil }
        scrollToRow(at: path, at: .none, animated: false)
        layoutIfNeeded()
        return cellForRow(at: path)
    }
}
