// SPDX-License-Identifier: Apache-2.0
import CCaretAccessibility
import Caret
import Foundation

/// A table view's rows as AT-SPI's table interface counts them: every section's rows in order,
/// one column; only the rows on screen have cells to reach.
extension ATSPIBridge {
    func tableRows(_ id: Int64) -> Int {
        guard let table = node(id) as? TableView else { return 0 }
        return (0..<table.numberOfSections).reduce(0) { $0 + table.numberOfRows(inSection: $1) }
    }

    /// The index path of a row counted through the sections.
    private func indexPath(of row: Int, in table: TableView) -> IndexPath? {
        var rest = row
        for section in 0..<table.numberOfSections {
            let count = table.numberOfRows(inSection: section)
            if rest < count { return IndexPath(row: rest, section: section) }
            rest -= count
        }
        return nil
    }

    func tableCell(_ id: Int64, row: Int) -> Int64 {
        guard row >= 0, let table = node(id) as? TableView, let path = indexPath(of: row, in: table),
            let cell = table.cellForRow(at: path), !cell.isHidden
        else { return -1 }
        return self.id(of: cell)
    }

    func tableRow(_ id: Int64, of cellID: Int64) -> Int {
        guard let table = node(id) as? TableView, let cell = node(cellID) as? TableViewCell, let path = table.indexPath(for: cell) else { return -1 }
        return row(of: path, in: table)
    }

    /// A node's name on the bus: its label; a table row holding fields or controls (no element
    /// itself, so no label) is named by the labels in it, each once ("Name" for a label Name
    /// beside a field Name), as a screen reader reads a table cell by its name.
    func name(of id: Int64) -> String? {
        guard let node = node(id) else { return nil }
        if let label = node.accessibilityLabel { return label }
        guard node is TableViewCell else { return nil }
        var names: [String] = []
        for child in children(of: id) {
            if let label = child.accessibilityLabel, !label.isEmpty, !names.contains(label) { names.append(label) }
        }
        return names.isEmpty ? nil : names.joined(separator: ", ")
    }

    /// A row's place counted through the sections.
    private func row(of path: IndexPath, in table: TableView) -> Int {
        (0..<path.section).reduce(0) { $0 + table.numberOfRows(inSection: $1) } + path.row
    }

    /// The selected rows, counted through the sections, in order.
    func tableSelectedRows(_ id: Int64) -> [Int] {
        guard let table = node(id) as? TableView else { return [] }
        return (table.indexPathsForSelectedRows ?? []).map { row(of: $0, in: table) }
    }

    /// Whether a person may select a row that is a table cell (a tap would: the table allows
    /// selection and its delegate lets the row highlight); such a cell is SELECTABLE and offers
    /// a click, which selects it as a tap does.
    static func isSelectableRow(_ node: AccessibilityNode) -> Bool {
        guard let cell = node as? TableViewCell, let table = cell.superview as? TableView, let path = table.indexPath(for: cell),
            table.allowsSelection || table.allowsMultipleSelection
        else { return false }
        return (table.delegate as? TableViewDelegate)?.tableView(table, shouldHighlightRowAt: path) ?? true
    }

    /// Whether a node is scrolled out of a scroll view around it (kept for reuse, or a focused
    /// field's row the table keeps): then it is not SHOWING, as ATK means it.
    static func isScrolledOut(_ node: AccessibilityNode) -> Bool {
        guard let view = node as? View else { return false }
        let frame = view.convert(view.bounds, to: nil)
        var ancestor = view.superview
        while let current = ancestor {
            if current is ScrollView, !current.convert(current.bounds, to: nil).intersects(frame) { return true }
            ancestor = current.superview
        }
        return false
    }
}
