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
        return (0..<path.section).reduce(0) { $0 + table.numberOfRows(inSection: $1) } + path.row
    }
}
