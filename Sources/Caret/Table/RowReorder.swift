// SPDX-License-Identifier: Apache-2.0
import Foundation

/// A row dragged by its reorder control in editing mode (docs/behaviour/porting.md, tables): the
/// row follows the finger above the others, which slide out of its way as it passes them; lifted,
/// it settles into its new place and the data source hears the move once (`moveRowAt`, from where
/// it was to where it went), after which the table already shows its rows in the new order. The
/// delegate may redirect each proposed place (`targetIndexPathForMoveFromRowAt`).
@MainActor
final class RowReorder {
    weak var table: TableView?
    /// The dragged row's cell, while one is dragged.
    private(set) weak var cell: TableViewCell?
    /// Where the row was when the drag began (the data source's place for it until the end).
    private var source: IndexPath?
    /// Where the row stands in the table now.
    private var current: IndexPath?
    /// The finger's height over the cell's top when it took the row.
    private var grab = 0.0
    /// The finger dragging the row (others are ignored until it lifts).
    private(set) weak var touch: Touch?

    /// Whether a row is being dragged.
    var isActive: Bool { cell != nil }

    /// The reorder control's width at a row's trailing edge.
    nonisolated static let controlWidth = 44.0

    /// A finger went down: on a row's reorder control in editing mode it takes the row (where
    /// it landed: a scroll view hands its content a touch after a short delay, moved by then).
    func began(_ touch: Touch) -> Bool {
        guard let table, table.isEditing, !isActive, !table.swipe.isOpen else { return false }
        let location = table.convert(touch.startLocationInWindow, from: nil)
        guard let path = table.indexPathForRow(at: location), let cell = table.visibleCells_[path],
            cell.editing.showsReorder,
            cell.isMirrored ? location.x <= cell.frame.minX + Self.controlWidth : location.x >= cell.frame.maxX - Self.controlWidth
        else { return false }
        self.cell = cell
        self.touch = touch
        source = path
        current = path
        grab = location.y - cell.frame.minY
        table.bringSubviewToFront(cell)
        cell.setHighlighted(true, animated: false)
        return true
    }

    /// The finger moved: the row follows it within the visible rows, the table scrolls while it
    /// is held near the top or bottom, and the rows it passes make room.
    func moved(to location: Point) {
        guard let table, let cell, let source, let current else { return }
        let height = cell.frame.height
        var location = location
        // Near an edge the table scrolls 8 points a move; the finger keeps its place on screen.
        let inset = table.adjustedContentInset
        let visibleTop = table.bounds.minY + inset.top, visibleBottom = table.bounds.maxY - inset.bottom
        let step = location.y < visibleTop + 40 ? -8.0 : location.y > visibleBottom - 40 ? 8.0 : 0
        if step != 0 {
            let before = table.contentOffset.y
            table.contentOffset = table.clampedOffset(Point(x: table.contentOffset.x, y: before + step))
            location.y += table.contentOffset.y - before
            table.layoutIfNeeded()
        }
        // The row stays within the visible area (its cell is never tiled away).
        let lowest = min(table.geometry.contentHeight, table.bounds.maxY - inset.bottom) - height
        let top = min(max(location.y - grab, max(0, table.bounds.minY + inset.top)), max(0, lowest))
        cell.frame.origin.y = top
        guard var proposed = proposedPath(at: top + height / 2, from: current) else { return }
        if let delegate = table.tableDelegate {
            proposed = delegate.tableView(table, targetIndexPathForMoveFromRowAt: source, toProposedIndexPath: proposed)
        }
        guard proposed != current, isPlace(proposed, from: current) else { return }
        move(from: current, to: proposed)
    }

    /// The finger lifted: the row settles and the data source hears the move.
    func ended() {
        guard let table, let cell, let source, let current else { return }
        finish()
        View.animate(withDuration: 0.2, curve: .easeOut) { table.layoutIfNeeded() }
        cell.setHighlighted(false, animated: false)
        if current != source { table.dataSource?.tableView(table, moveRowAt: source, to: current) }
    }

    /// The touch was cancelled, or the table changes under the drag (rows inserted, deleted or
    /// reloaded, its width or heights changed, editing mode left): the row goes back where it was,
    /// with nothing told. `animated` false when the table is laying out (the change is shown by
    /// that layout).
    func cancelled(animated: Bool = true) {
        guard let table, let cell, let source, let current else { return }
        if current != source { move(from: current, to: source, animated: animated) }
        finish()
        cell.setHighlighted(false, animated: false)
        if animated { View.animate(withDuration: 0.2, curve: .easeOut) { table.layoutIfNeeded() } }
    }

    /// The data was reloaded: the drag ends with nothing told (the reload shows the data's order).
    func abandon() {
        cell?.setHighlighted(false, animated: false)
        finish()
    }

    private func finish() {
        cell = nil
        touch = nil
        source = nil
        current = nil
        table?.setNeedsLayout()
    }

    /// Where the data source has a row the table shows at `path` during the drag (the row not yet
    /// moved in its data): for the cells asked for while the rows are out of the data's order.
    func dataPath(for path: IndexPath) -> IndexPath {
        guard let source, let current, path.count == 2 else { return path }
        if path == current { return source }
        var row = path.row
        if path.section == current.section, row > current.row { row -= 1 }
        if path.section == source.section, row >= source.row { row += 1 }
        return IndexPath(row: row, section: path.section)
    }

    /// The place for the row whose middle is at `y`: before or after the row there (by which half
    /// of it), or the end of a section whose header follows or whose footer it is over.
    private func proposedPath(at y: Double, from current: IndexPath) -> IndexPath? {
        guard let table else { return nil }
        let geometry = table.geometry
        /// A row's index once the dragged row is out of its section.
        func without(_ path: IndexPath) -> Int { path.section == current.section && path.row > current.row ? path.row - 1 : path.row }
        func end(of s: Int) -> IndexPath {
            IndexPath(row: geometry.sections[s].rows.count - (s == current.section ? 1 : 0), section: s)
        }
        if let path = geometry.row(at: y) {
            guard path != current else { return current }
            let rect = geometry.rect(of: path, width: table.bounds.width, inset: 0)
            return IndexPath(row: without(path) + (y < rect.midY ? 0 : 1), section: path.section)
        }
        guard let s = geometry.sections.lastIndex(where: { $0.top <= y }) else {
            return geometry.sections.isEmpty ? nil : IndexPath(row: 0, section: 0)
        }
        // Over a section's header: the end of the section before it; over its footer: its own end.
        if y < geometry.sections[s].rowsTop { return s > 0 ? end(of: s - 1) : IndexPath(row: 0, section: 0) }
        return end(of: s)
    }

    /// Whether the row can stand at a path: a row of a section, or just past the end of another.
    private func isPlace(_ path: IndexPath, from current: IndexPath) -> Bool {
        guard let table, path.count == 2, table.geometry.sections.indices.contains(path.section) else { return false }
        let count = table.geometry.sections[path.section].rows.count - (path.section == current.section ? 1 : 0)
        return (0...count).contains(path.row)
    }

    /// Moves the dragged row in the table's geometry, shown cells and selection, and slides the
    /// other rows to their new places.
    private func move(from old: IndexPath, to new: IndexPath, animated: Bool = true) {
        guard let table else { return }
        var geometry = table.geometry
        let height = geometry.sections[old.section].rows.remove(at: old.row)
        let measured = geometry.sections[old.section].measured.remove(at: old.row)
        geometry.sections[new.section].rows.insert(height, at: new.row)
        geometry.sections[new.section].measured.insert(measured, at: new.row)
        geometry.sum()
        table.geometry = geometry
        func moved(_ path: IndexPath) -> IndexPath {
            if path == old { return new }
            var row = path.row
            if path.section == old.section, row > old.row { row -= 1 }
            if path.section == new.section, row >= new.row { row += 1 }
            return IndexPath(row: row, section: path.section)
        }
        table.visibleCells_ = Dictionary(uniqueKeysWithValues: table.visibleCells_.map { (moved($0.key), $0.value) })
        table.selectedRows = table.selectedRows.map(moved)
        current = new
        table.setNeedsLayout()
        if animated { View.animate(withDuration: 0.2, curve: .easeOut) { table.layoutIfNeeded() } }
    }
}

/// The three grey bars at the trailing edge of a row that can be moved in editing mode.
@MainActor
func drawReorderControl(in rect: Rect, context: GraphicsContext) {
    for i in -1...1 {
        let y = (rect.midY + Double(i) * 5.5 - 1).rounded()
        context.fill(Rect(x: (rect.midX - 9).rounded(), y: y, width: 18, height: 2), color: .systemGray2)
    }
}
