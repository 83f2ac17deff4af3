// SPDX-License-Identifier: Apache-2.0
import Foundation

/// The changes a table is waiting to show, and their showing (docs/behaviour/porting.md, tables):
/// a batch is open from `beginUpdates` (or the start of `performBatchUpdates`) to its end, and
/// changes made outside one are shown at once. Applied, a batch maps the table's geometry, shown
/// cells, headers, selection, focus and open swipe to the rows' new places, and slides them there.
@MainActor
final class TableUpdater {
    weak var table: TableView?
    var batch = TableUpdateBatch()
    var depth = 0
    /// The completions of the batches nested in the open one, run when it is shown.
    var completions: [(Bool) -> Void] = []
    /// Whether a batch is being applied (an update asked for meanwhile waits for its end).
    var isApplying = false

    /// Adds a change to the batch (shown at once when no batch is open).
    func record(_ animation: TableView.RowAnimation, _ change: (inout TableUpdateBatch) -> Void) {
        // A row being dragged goes back first: the change names rows in the data's order.
        table?.reorder.cancelled(animated: false)
        // The batch is shown with the first animation asked for that is not `.none`.
        if batch.animation == nil || batch.animation == TableView.RowAnimation.none { batch.animation = animation }
        change(&batch)
        if depth == 0, !isApplying { show(remeasure: false) }
    }

    /// Closes a batch; the outermost one's end shows them all.
    func endBatch(completion: ((Bool) -> Void)?) {
        if let completion { completions.append(completion) }
        depth = max(0, depth - 1)
        guard depth == 0, !isApplying else { return }
        show(remeasure: true)
    }

    /// Applies the waiting batch to the geometry, cells, headers, selection and focus, and shows
    /// it; an update asked for while it is applied (by a callback it made) is shown after it.
    private func show(remeasure: Bool) {
        isApplying = true
        apply(remeasure: remeasure)
        isApplying = false
        if !batch.isEmpty, depth == 0 { show(remeasure: false) }
    }

    private func apply(remeasure: Bool) {
        guard let table else { return }
        let batch = self.batch
        self.batch = TableUpdateBatch()
        let completions = self.completions
        self.completions = []
        let completion: ((Bool) -> Void)? = completions.isEmpty ? nil : { finished in for done in completions { done(finished) } }
        // Reloaded (or never shown): everything is read afresh anyway.
        var gone: [(IndexPath, TableViewCell)] = []
        var inserted: [IndexPath] = []
        if !batch.isEmpty, !(table.needsReload && table.visibleCells_.isEmpty) {
            let oldCounts = table.geometry.sections.map(\.rows.count)
            let count = table.dataSource.map { max(0, $0.numberOfSections(in: table)) } ?? 0
            let newCounts = (0..<count).map { max(0, table.dataSource?.tableView(table, numberOfRowsInSection: $0) ?? 0) }
            do {
                let map = try TableUpdateMap(batch, oldCounts: oldCounts, newCounts: newCounts)
                table.rowTouch.end()
                rebuildGeometry(map, newCounts: newCounts, in: table)
                gone = remapShownViews(map, in: table)
                inserted =
                    map.oldRow.enumerated().flatMap { n, rows in
                        rows.indices.filter { rows[$0] == nil }.map { IndexPath(row: $0, section: n) }
                    } + map.reloaded
            } catch {
                ConsoleLog.write("Caret: invalid table update: \(error); the table reloads all its data")
                table.reloadData()
            }
        }
        if remeasure { for path in table.visibleCells_.keys { table.geometry.forget(path) } }
        table.setNeedsLayout()
        // The first responder in a row that went lets go now that the table is in its new state
        // (its callbacks may update the table again: that waits for the end of this one).
        for (_, cell) in gone { _ = cell.endEditing(true) }
        if let window = table.window, window.hasAccessibilityObservers, !batch.isEmpty { window.accessibilityChildrenDidChange(table) }
        let animation = batch.animation ?? .none
        guard animation != .none, table.window != nil, !AnimationTransaction.animationsDisabled else {
            table.layoutIfNeeded()
            for (path, cell) in gone where !table.visibleCells_.values.contains(where: { $0 === cell }) { table.recycle(cell, at: path) }
            completion?(true)
            return
        }
        animate(animation, gone: gone, inserted: Set(inserted), in: table, completion: completion)
    }

    /// The rows kept keep their heights (measured or not); new and reloaded rows start from
    /// their fixed height or estimate; headers and footers are measured again.
    private func rebuildGeometry(_ map: TableUpdateMap, newCounts: [Int], in table: TableView) {
        var rebuilt = TableGeometry()
        rebuilt.width = table.geometry.width
        rebuilt.headerHeight = table.geometry.headerHeight
        rebuilt.footerHeight = table.geometry.footerHeight
        let delegate = table.tableDelegate
        for (n, rows) in map.oldRow.enumerated() {
            var section = TableGeometry.Section()
            for (r, old) in rows.enumerated() {
                let here = IndexPath(row: r, section: n)
                if let old, !map.reloaded.contains(here), table.geometry.contains(old) {
                    section.rows.append(table.geometry.sections[old.section].rows[old.row])
                    section.measured.append(table.geometry.sections[old.section].measured[old.row])
                } else {
                    let (height, measured) = table.heightEntry(ofRow: here, delegate: delegate)
                    section.rows.append(height)
                    section.measured.append(measured)
                }
            }
            section.header = table.supplementaryHeight(header: true, section: n, width: rebuilt.width)
            section.footer = table.supplementaryHeight(header: false, section: n, width: rebuilt.width)
            rebuilt.sections.append(section)
        }
        rebuilt.sum()
        table.geometry = rebuilt
    }

    /// Moves the shown cells, headers and footers, the selection and the remembered focus to
    /// their rows' new places; returns the cells whose rows went (or were reloaded).
    private func remapShownViews(_ map: TableUpdateMap, in table: TableView) -> [(IndexPath, TableViewCell)] {
        var cells: [IndexPath: TableViewCell] = [:]
        var gone: [(IndexPath, TableViewCell)] = []
        for (old, cell) in table.visibleCells_ {
            if let now = map.path(after: old) { cells[now] = cell } else { gone.append((old, cell)) }
        }
        table.visibleCells_ = cells
        // A reloaded section's header and footer are asked for again.
        let newSection = Dictionary(
            map.oldSection.enumerated().compactMap { n, old in map.reloadedSections.contains(n) ? nil : old.map { ($0, n) } },
            uniquingKeysWith: { first, _ in first })
        table.visibleHeaders = remapSections(table.visibleHeaders, newSection, in: table)
        table.visibleFooters = remapSections(table.visibleFooters, newSection, in: table)
        table.swipe.follow(map.path(after:))
        table.selectedRows = table.selectedRows.compactMap { map.path(after: $0) }
        table.lastFocusedIndexPath = table.lastFocusedIndexPath.flatMap { map.path(after: $0) }
        return gone
    }

    private func remapSections(_ views: [Int: View], _ newSection: [Int: Int], in table: TableView) -> [Int: View] {
        var kept: [Int: View] = [:]
        for (old, view) in views {
            if let now = newSection[old] { kept[now] = view } else { table.recycle(view) }
        }
        return kept
    }

    /// Slides the kept rows to their places while inserted rows come in and deleted rows go.
    private func animate(
        _ animation: TableView.RowAnimation, gone: [(IndexPath, TableViewCell)], inserted: Set<IndexPath>, in table: TableView,
        completion: ((Bool) -> Void)?
    ) {
        let side: Double = animation == .left ? -1 : animation == .right ? 1 : 0
        // Going cells sit under the others and take no touches while they go.
        var touchable = gone.map { $0.1.isUserInteractionEnabled }
        for (_, cell) in gone {
            table.sendSubviewToBack(cell)
            cell.isUserInteractionEnabled = false
        }
        var going = gone
        View.animate(
            withDuration: 0.3, curve: .easeInOut,
            animations: {
                table.layoutIfNeeded()
                // A cell the data source gave back for a row (an app that keeps its cells) stays.
                let shown = Set(table.visibleCells_.values.map(ObjectIdentifier.init))
                for (index, entry) in zip(going.indices, going).reversed() where shown.contains(ObjectIdentifier(entry.1)) {
                    entry.1.isUserInteractionEnabled = touchable[index]
                    going.remove(at: index)
                    touchable.remove(at: index)
                }
                for path in inserted {
                    guard let cell = table.visibleCells_[path] else { continue }
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
                    table.recycle(cell, at: path)
                }
                completion?(finished)
            })
    }
}
