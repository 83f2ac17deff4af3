// SPDX-License-Identifier: Apache-2.0
import Foundation

/// Inserting, deleting, reloading and moving rows and sections (docs/behaviour/porting.md, tables): the
/// app changes its data, then tells the table what changed; the rows kept keep their cells,
/// measured heights, selection and focus and slide to their new places, inserted rows fade in
/// (or slide in from a side) and deleted ones fade out, together, over a third of a second.
/// The counts the data source gives after the change must be those before with the change, as
/// UIKit requires; when they are not, the console says why and the table reloads all its data.
extension TableView {
    /// How rows appear and go when they change (UIKit's `UITableView.RowAnimation`).
    public enum RowAnimation: Int, Sendable, Hashable {
        /// Rows fade in and out.
        case fade
        /// Rows slide in from, and out to, the right.
        case right
        /// Rows slide in from, and out to, the left.
        case left
        /// Rows fade (UIKit slides them under the row above).
        case top
        /// Rows fade (UIKit slides them under the row below).
        case bottom
        /// Rows change at once.
        case none
        /// Rows fade (UIKit shrinks them to their middle).
        case middle
        /// The table's choice: a fade.
        case automatic
    }

    /// Inserts rows where the data source now has them.
    public func insertRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
        updates.record(animation) { $0.insertedRows.formUnion(indexPaths) }
    }

    /// Deletes rows the data source no longer has.
    public func deleteRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
        updates.record(animation) { $0.deletedRows.formUnion(indexPaths) }
    }

    /// Asks again for the cells and heights of some rows.
    public func reloadRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
        updates.record(animation) { $0.reloadedRows.formUnion(indexPaths) }
    }

    /// Moves a row to another place, keeping its cell.
    public func moveRow(at indexPath: IndexPath, to newIndexPath: IndexPath) {
        updates.record(.automatic) { $0.movedRows.append((indexPath, newIndexPath)) }
    }

    /// Inserts sections where the data source now has them.
    public func insertSections(_ sections: IndexSet, with animation: RowAnimation) {
        updates.record(animation) { $0.insertedSections.formUnion(sections) }
    }

    /// Deletes sections the data source no longer has.
    public func deleteSections(_ sections: IndexSet, with animation: RowAnimation) {
        updates.record(animation) { $0.deletedSections.formUnion(sections) }
    }

    /// Asks again for everything in some sections.
    public func reloadSections(_ sections: IndexSet, with animation: RowAnimation) {
        updates.record(animation) { $0.reloadedSections.formUnion(sections) }
    }

    /// Moves a section to another place.
    public func moveSection(_ section: Int, toSection newSection: Int) {
        updates.record(.automatic) { $0.movedSections.append((section, newSection)) }
    }

    /// Opens a batch of changes, shown together at `endUpdates`.
    public func beginUpdates() { updates.depth += 1 }

    /// Shows the batch's changes and measures the shown self-sizing rows again (a cell whose text
    /// grew becomes taller).
    public func endUpdates() { updates.endBatch(completion: nil) }

    /// Runs the updates as one batch, shows them, and measures the shown self-sizing rows again;
    /// `completion` runs when the rows have reached their places.
    public func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        self.updates.depth += 1
        updates?()
        self.updates.endBatch(completion: completion)
    }
}
