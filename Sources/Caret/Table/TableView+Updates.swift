// SPDX-License-Identifier: Apache-2.0
import Foundation

/// The changes a table is waiting to show: a batch is open from `beginUpdates` (or the start of
/// `performBatchUpdates`) to its end, and changes made outside one are shown at once.
struct TableUpdates {
    var batch = TableUpdateBatch()
    var depth = 0
    /// The completions of the batches nested in the open one, run when it is shown.
    var completions: [(Bool) -> Void] = []
    /// Whether a batch is being applied (an update asked for meanwhile waits for its end).
    var isApplying = false
}

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
        update(animation) { $0.insertedRows.formUnion(indexPaths) }
    }

    /// Deletes rows the data source no longer has.
    public func deleteRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
        update(animation) { $0.deletedRows.formUnion(indexPaths) }
    }

    /// Asks again for the cells and heights of some rows.
    public func reloadRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
        update(animation) { $0.reloadedRows.formUnion(indexPaths) }
    }

    /// Moves a row to another place, keeping its cell.
    public func moveRow(at indexPath: IndexPath, to newIndexPath: IndexPath) {
        update(.automatic) { $0.movedRows.append((indexPath, newIndexPath)) }
    }

    /// Inserts sections where the data source now has them.
    public func insertSections(_ sections: IndexSet, with animation: RowAnimation) {
        update(animation) { $0.insertedSections.formUnion(sections) }
    }

    /// Deletes sections the data source no longer has.
    public func deleteSections(_ sections: IndexSet, with animation: RowAnimation) {
        update(animation) { $0.deletedSections.formUnion(sections) }
    }

    /// Asks again for everything in some sections.
    public func reloadSections(_ sections: IndexSet, with animation: RowAnimation) {
        update(animation) { $0.reloadedSections.formUnion(sections) }
    }

    /// Moves a section to another place.
    public func moveSection(_ section: Int, toSection newSection: Int) {
        update(.automatic) { $0.movedSections.append((section, newSection)) }
    }

    /// Opens a batch of changes, shown together at `endUpdates`.
    public func beginUpdates() { updates.depth += 1 }

    /// Shows the batch's changes and measures the shown self-sizing rows again (a cell whose text
    /// grew becomes taller).
    public func endUpdates() { endBatch(completion: nil) }

    /// Runs the updates as one batch, shows them, and measures the shown self-sizing rows again;
    /// `completion` runs when the rows have reached their places.
    public func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        self.updates.depth += 1
        updates?()
        endBatch(completion: completion)
    }

    private func update(_ animation: RowAnimation, _ change: (inout TableUpdateBatch) -> Void) {
        // The batch is shown with the first animation asked for that is not `.none`.
        if updates.batch.animation == nil || updates.batch.animation == RowAnimation.none { updates.batch.animation = animation }
        change(&updates.batch)
        if updates.depth == 0, !updates.isApplying { showUpdates(remeasure: false) }
    }

    private func endBatch(completion: ((Bool) -> Void)?) {
        if let completion { updates.completions.append(completion) }
        updates.depth = max(0, updates.depth - 1)
        guard updates.depth == 0, !updates.isApplying else { return }
        showUpdates(remeasure: true)
    }

    /// Applies the waiting batch to the geometry, cells, headers, selection and focus, and shows
    /// it; an update asked for while it is applied (by a callback it made) is shown after it.
    private func showUpdates(remeasure: Bool) {
        updates.isApplying = true
        applyUpdates(remeasure: remeasure)
        updates.isApplying = false
        if !updates.batch.isEmpty, updates.depth == 0 { showUpdates(remeasure: false) }
    }

    private func applyUpdates(remeasure: Bool) {
        let batch = updates.batch
        updates.batch = TableUpdateBatch()
        let completions = updates.completions
        updates.completions = []
        let completion: ((Bool) -> Void)? = completions.isEmpty ? nil : { finished in for done in completions { done(finished) } }
        // Reloaded (or never shown): everything is read afresh anyway.
        var gone: [(IndexPath, TableViewCell)] = []
        var inserted: [IndexPath] = []
        if !batch.isEmpty, !(needsReload && visibleCells_.isEmpty) {
            let oldCounts = geometry.sections.map(\.rows.count)
            let count = dataSource.map { max(0, $0.numberOfSections(in: self)) } ?? 0
            let newCounts = (0..<count).map { max(0, dataSource?.tableView(self, numberOfRowsInSection: $0) ?? 0) }
            do {
                let map = try TableUpdateMap(batch, oldCounts: oldCounts, newCounts: newCounts)
                endTouchOnRow()
                rebuildGeometry(map, newCounts: newCounts)
                gone = remapShownViews(map)
                inserted =
                    map.oldRow.enumerated().flatMap { n, rows in
                        rows.indices.filter { rows[$0] == nil }.map { IndexPath(row: $0, section: n) }
                    } + map.reloaded
            } catch {
                ConsoleLog.write("Caret: invalid table update: \(error); the table reloads all its data")
                reloadData()
            }
        }
        if remeasure { for path in visibleCells_.keys { geometry.forget(path) } }
        setNeedsLayout()
        // The first responder in a row that went lets go now that the table is in its new state
        // (its callbacks may update the table again: that waits for the end of this one).
        for (_, cell) in gone { _ = cell.endEditing(true) }
        if let window, window.hasAccessibilityObservers, !batch.isEmpty { window.accessibilityChildrenDidChange(self) }
        let animation = batch.animation ?? .none
        guard animation != .none, window != nil, !AnimationTransaction.animationsDisabled else {
            layoutIfNeeded()
            for (path, cell) in gone where !visibleCells_.values.contains(where: { $0 === cell }) { recycle(cell, at: path) }
            completion?(true)
            return
        }
        animate(animation, gone: gone, inserted: Set(inserted), completion: completion)
    }

    /// The rows kept keep their heights (measured or not); new and reloaded rows start from
    /// their fixed height or estimate; headers and footers are measured again.
    private func rebuildGeometry(_ map: TableUpdateMap, newCounts: [Int]) {
        var rebuilt = TableGeometry()
        rebuilt.width = geometry.width
        rebuilt.headerHeight = geometry.headerHeight
        rebuilt.footerHeight = geometry.footerHeight
        let delegate = tableDelegate
        let estimate = rowEstimate
        for (n, rows) in map.oldRow.enumerated() {
            var section = TableGeometry.Section()
            for (r, old) in rows.enumerated() {
                let here = IndexPath(row: r, section: n)
                if let old, !map.reloaded.contains(here), geometry.contains(old) {
                    section.rows.append(geometry.sections[old.section].rows[old.row])
                    section.measured.append(geometry.sections[old.section].measured[old.row])
                } else {
                    let (height, measured) = heightEntry(ofRow: here, delegate: delegate, estimate: estimate)
                    section.rows.append(height)
                    section.measured.append(measured)
                }
            }
            section.header = supplementaryHeight(header: true, section: n, width: rebuilt.width)
            section.footer = supplementaryHeight(header: false, section: n, width: rebuilt.width)
            rebuilt.sections.append(section)
        }
        rebuilt.sum()
        geometry = rebuilt
    }

    /// Moves the shown cells, headers and footers, the selection and the remembered focus to
    /// their rows' new places; returns the cells whose rows went (or were reloaded).
    private func remapShownViews(_ map: TableUpdateMap) -> [(IndexPath, TableViewCell)] {
        var cells: [IndexPath: TableViewCell] = [:]
        var gone: [(IndexPath, TableViewCell)] = []
        for (old, cell) in visibleCells_ {
            if let now = map.path(after: old) { cells[now] = cell } else { gone.append((old, cell)) }
        }
        visibleCells_ = cells
        // A reloaded section's header and footer are asked for again.
        let newSection = Dictionary(
            map.oldSection.enumerated().compactMap { n, old in map.reloadedSections.contains(n) ? nil : old.map { ($0, n) } },
            uniquingKeysWith: { first, _ in first })
        visibleHeaders = remapSections(visibleHeaders, newSection)
        visibleFooters = remapSections(visibleFooters, newSection)
        swipe.follow(map.path(after:))
        selectedRows = selectedRows.compactMap { map.path(after: $0) }
        lastFocusedIndexPath = lastFocusedIndexPath.flatMap { map.path(after: $0) }
        return gone
    }

    private func remapSections(_ views: [Int: View], _ newSection: [Int: Int]) -> [Int: View] {
        var kept: [Int: View] = [:]
        for (old, view) in views {
            if let now = newSection[old] { kept[now] = view } else { recycle(view) }
        }
        return kept
    }

    /// Slides the kept rows to their places while inserted rows come in and deleted rows go.
    private func animate(_ animation: RowAnimation, gone: [(IndexPath, TableViewCell)], inserted: Set<IndexPath>, completion: ((Bool) -> Void)?) {
        let side: Double = animation == .left ? -1 : animation == .right ? 1 : 0
        // Going cells sit under the others and take no touches while they go.
        var touchable = gone.map { $0.1.isUserInteractionEnabled }
        for (_, cell) in gone {
            sendSubviewToBack(cell)
            cell.isUserInteractionEnabled = false
        }
        var going = gone
        View.animate(
            withDuration: 0.3, curve: .easeInOut,
            animations: {
                self.layoutIfNeeded()
                // A cell the data source gave back for a row (an app that keeps its cells) stays.
                let shown = Set(self.visibleCells_.values.map(ObjectIdentifier.init))
                for (index, entry) in zip(going.indices, going).reversed() where shown.contains(ObjectIdentifier(entry.1)) {
                    entry.1.isUserInteractionEnabled = touchable[index]
                    going.remove(at: index)
                    touchable.remove(at: index)
                }
                for path in inserted {
                    guard let cell = self.visibleCells_[path] else { continue }
                    let frame = cell.frame
                    View.performWithoutAnimation {
                        cell.alpha = 0
                        cell.frame = frame.offsetBy(dx: side * frame.width, dy: 0)
                    }
                    cell.alpha = 1
                    cell.frame = frame
                }
                for (_, cell) in going {
                    cell.alpha = 0
                    cell.frame = cell.frame.offsetBy(dx: side * cell.frame.width, dy: 0)
                }
            },
            completion: { finished in
                for ((path, cell), touchable) in zip(going, touchable) {
                    View.performWithoutAnimation { cell.alpha = 1 }
                    cell.isUserInteractionEnabled = touchable
                    self.recycle(cell, at: path)
                }
                completion?(finished)
            })
    }
}
