// SPDX-License-Identifier: Apache-2.0
import Foundation

/// Building the table's geometry from its data source and delegate, and tiling: the cells,
/// headers and footers of what is on screen are made, placed and measured; those that leave go
/// back to be reused (all but the one holding the first responder, kept until it lets go).
extension TableView {
    /// Builds the heights afresh when the data or the sizes changed.
    func reloadIfNeeded() {
        guard needsReload else { return }
        needsReload = false
        let width = bounds.width
        var geometry = TableGeometry()
        geometry.width = width
        geometry.headerHeight = Double(tableHeaderView?.frame.height ?? 0)
        geometry.footerHeight = Double(tableFooterView?.frame.height ?? 0)
        let count = dataSource.map { max(0, $0.numberOfSections(in: self)) } ?? 0
        let delegate = tableDelegate
        for s in 0..<count {
            var section = TableGeometry.Section()
            let rows = max(0, dataSource?.tableView(self, numberOfRowsInSection: s) ?? 0)
            section.rows.reserveCapacity(rows)
            section.measured.reserveCapacity(rows)
            for r in 0..<rows {
                let (height, measured) = heightEntry(ofRow: IndexPath(row: r, section: s), delegate: delegate)
                section.rows.append(height)
                section.measured.append(measured)
            }
            section.header = supplementaryHeight(header: true, section: s, width: width)
            section.footer = supplementaryHeight(header: false, section: s, width: width)
            geometry.sections.append(section)
        }
        geometry.sum()
        self.geometry = geometry
    }

    /// A row's height before its cell is seen: the delegate's or the table's fixed height
    /// (measured), or an estimate for a row that sizes itself to its cell.
    func heightEntry(ofRow path: IndexPath, delegate: TableViewDelegate?) -> (Double, Bool) {
        var height = delegate?.tableView(self, heightForRowAt: path) ?? Self.automaticDimension
        if height < 0 { height = rowHeight }
        if height >= 0 { return (height, true) }
        let guess = delegate?.tableView(self, estimatedHeightForRowAt: path) ?? Self.automaticDimension
        // Neither gives one: the table's estimate, its row height, or 44.
        return (guess >= 0 ? guess : estimatedRowHeight >= 0 ? estimatedRowHeight : (rowHeight >= 0 ? rowHeight : 44), false)
    }

    /// A section header's or footer's height: the delegate's, the table's, or its view's or title's.
    func supplementaryHeight(header: Bool, section s: Int, width: Double) -> Double {
        let fixed =
            header
            ? tableDelegate?.tableView(self, heightForHeaderInSection: s) ?? Self.automaticDimension
            : tableDelegate?.tableView(self, heightForFooterInSection: s) ?? Self.automaticDimension
        if fixed >= 0 { return fixed }
        let tableFixed = header ? sectionHeaderHeight : sectionFooterHeight
        if tableFixed >= 0 { return tableFixed }
        if let view = supplementaryView(header: header, section: s) {
            defer { if view.superview !== self { recycle(view) } }  // measured only: back to the pool
            if let titled = view as? TableViewHeaderFooterView, titled.textLabel.text != nil, titled.contentView.subviews.count == 1 {
                return titled.fittingHeight(forWidth: width)
            }
            let sized = view.frame.height > 0 ? view.frame.height : view.sizeThatFits(Size(width: width, height: 0)).height
            // A view laid out by constraints inside it is as tall as they make it, as a cell is.
            let content = (view as? TableViewHeaderFooterView)?.contentView ?? view
            guard sized <= 0, content.subviews.contains(where: { !$0.translatesAutoresizingMaskIntoConstraints }) else { return sized }
            let fitted = content.systemLayoutSizeFitting(
                Size(width: width, height: 0), withHorizontalFittingPriority: .required, verticalFittingPriority: .fittingSizeLevel)
            return Double(fitted.height).rounded(.up)
        }
        // No title or view: a grouped table keeps its sections apart; a plain one has nothing.
        guard style != .plain else { return 0 }
        return header ? (s == 0 ? 35 : 18) : 18
    }

    /// A section's header or footer view: the delegate's, or one showing its title (nil if neither).
    private func supplementaryView(header: Bool, section s: Int) -> View? {
        let custom = header ? tableDelegate?.tableView(self, viewForHeaderInSection: s) : tableDelegate?.tableView(self, viewForFooterInSection: s)
        if let custom {
            (custom as? TableViewHeaderFooterView)?.tableStyle = style
            return custom
        }
        let title = header ? dataSource?.tableView(self, titleForHeaderInSection: s) : dataSource?.tableView(self, titleForFooterInSection: s)
        guard let title else { return nil }
        let id = header ? "caret.header" : "caret.footer"
        let view = reuse.headerFooters[id]?.popLast() ?? TableViewHeaderFooterView(reuseIdentifier: id)
        view.isFooter = !header
        view.tableStyle = style
        view.show(title: title)
        return view
    }

    /// Makes, measures and places what is on screen; recycles what left it.
    func tile() {
        guard !isTiling else { return }
        isTiling = true
        defer { isTiling = false }
        tellingAccessibilityOfTiling { [self] in
            if bounds.width != geometry.width {
                reorder.cancelled(animated: false)  // heights rebuilt in the data's order
                needsReload = true
            }
            reloadIfNeeded()
            let width = bounds.width
            var wanted: [IndexPath] = []
            for _ in 0..<4 {
                contentSize = Size(width: width, height: geometry.contentHeight)
                wanted = geometry.rows(from: bounds.minY, to: bounds.maxY)
                var moved = false
                for path in wanted {
                    if let cell = visibleCells_[path] {
                        if !geometry.isMeasured(path), measure(cell, at: path) { moved = true }
                    } else {
                        // Measured as soon as it is in the table (its text measured with the window's
                        // fonts) and before the window solves its constraints: they are never solved
                        // at a height they cannot have (UIKit's estimated-height conflicts).
                        guard let dataSource else { preconditionFailure("a table with rows has a data source") }
                        // During a reorder drag the data still has the dragged row where it was (RowReorder).
                        let cell = dataSource.tableView(self, cellForRowAt: reorder.dataPath(for: path))
                        if cell.superview !== self { insertSubview(cell, at: 0) }
                        // Its editing state first: in editing mode the text has less room.
                        editor.prepare(cell, at: reorder.dataPath(for: path))
                        if !geometry.isMeasured(path), measure(cell, at: path) { moved = true }
                        // A cell new to the screen is put in place, never slid from where it was.
                        View.performWithoutAnimation { show(cell, at: path) }
                    }
                }
                if !moved { break }
            }
            let keep = Set(wanted)
            let focused = window?.firstResponder as? View
            for (path, cell) in visibleCells_ where !keep.contains(path) {
                if let focused, focused.isDescendant(of: cell) { continue }
                if cell === reorder.cell { continue }  // the dragged row stays with the finger
                visibleCells_[path] = nil
                recycle(cell, at: path)
            }
            placeCells()
            tileSupplementaryViews()
            if let header = tableHeaderView { header.frame = Rect(x: 0, y: 0, width: width, height: header.frame.height) }
            if let footer = tableFooterView {
                footer.frame = Rect(x: 0, y: geometry.contentHeight - geometry.footerHeight, width: width, height: footer.frame.height)
            }
        }
    }

    /// Measures a row's cell; returns whether the rows after it moved. A row above the top that
    /// grew moves the content with it, so that what is under the eye stays.
    private func measure(_ cell: TableViewCell, at path: IndexPath) -> Bool {
        let width = bounds.width
        let oldTop = geometry.rect(of: path, width: width, inset: cardInset).minY
        // The cell's own measure: its standard labels, its constraints, or a subclass's `sizeThatFits`.
        let fitted = Double(cell.sizeThatFits(Size(width: width - 2 * cardInset, height: 0)).height)
        let delta = geometry.setHeight(fitted, of: path)
        guard delta != 0 else { return false }
        if oldTop < bounds.minY { shiftContent(by: delta) }
        return true
    }

    /// Puts a cell made for a row on screen, sized and with its content view in place.
    private func show(_ cell: TableViewCell, at path: IndexPath) {
        place(cell, at: geometry.rect(of: path, width: bounds.width, inset: cardInset))
        cell.isHidden = false
        cell.setSelected(selectedRows.contains(path), animated: false)
        // Asked about by the data's order while a row is dragged (RowReorder).
        let asked = reorder.dataPath(for: path)
        editor.prepare(cell, at: asked)
        visibleCells_[path] = cell
        tableDelegate?.tableView(self, willDisplay: cell, forRowAt: asked)
    }

    /// Sets a cell's frame and lays its content view out at once: the constraints inside are
    /// solved against the new size, never the old one.
    private func place(_ cell: TableViewCell, at frame: Rect) {
        guard cell.frame != frame else { return }
        cell.frame = frame
        cell.layOutCell()
    }

    /// Puts a cell back to be reused (or drops one with no identifier).
    func recycle(_ cell: TableViewCell, at path: IndexPath) {
        swipe.forget(cell)
        if let focused = window?.firstResponder as? View, focused.isDescendant(of: cell) { _ = cell.endEditing(true) }
        tableDelegate?.tableView(self, didEndDisplaying: cell, forRowAt: path)
        cell.setHighlighted(false, animated: false)
        // Out of the window while it waits, as UIKit's reuse queue holds cells: nothing reaches a
        // waiting cell's views (a field in it could be focused and typed into, then handed to
        // another row and its text lost: soak seed 281000130).
        cell.removeFromSuperview()
        guard let id = cell.reuseIdentifier else { return }
        reuse.cells[id, default: []].append(cell)
    }

    /// Puts a header or footer back to be reused.
    func recycle(_ view: View) {
        view.removeFromSuperview()
        guard let reusable = view as? TableViewHeaderFooterView, let id = reusable.reuseIdentifier else { return }
        reuse.headerFooters[id, default: []].append(reusable)
    }

    /// Frames, card corners and separators of the cells shown.
    private func placeCells() {
        let width = bounds.width
        for (path, cell) in visibleCells_ {
            if cell === reorder.cell { continue }  // the row being dragged follows the finger
            place(cell, at: geometry.rect(of: path, width: width, inset: cardInset))
            let last = path.row == geometry.sections[path.section].rows.count - 1
            var position = TableViewCell.Position()
            if style == .insetGrouped {
                position.roundsTop = path.row == 0
                position.roundsBottom = last
            }
            if separatorStyle == .singleLine, !(last && style != .plain) {
                var inset = cell.separatorInset ?? separatorInset
                if let image = cell._imageView?.image, cell.separatorInset == nil { inset.left += min(image.size.width, 40) + 12 }
                inset.left += cell.editing.indent  // the line starts under the text, moved aside in editing mode
                position.separator = inset
            }
            position.separatorColor = separatorColor ?? .separator
            cell.position = position
        }
    }

    /// Headers and footers of the sections on screen; a plain table's headers stay at the top of
    /// the visible area while their section's rows pass under them.
    private func tileSupplementaryViews() {
        let sections = Set(geometry.sectionIndices(from: bounds.minY, to: bounds.maxY))
        for (s, view) in visibleHeaders where !sections.contains(s) {
            visibleHeaders[s] = nil
            recycle(view)
        }
        for (s, view) in visibleFooters where !sections.contains(s) {
            visibleFooters[s] = nil
            recycle(view)
        }
        let width = bounds.width
        let visibleTop = bounds.minY + adjustedContentInset.top
        for s in sections.sorted() {
            let section = geometry.sections[s]
            if section.header > 0, let view = visibleHeaders[s] ?? supplementaryView(header: true, section: s) {
                var y = section.top
                if style == .plain { y = min(max(y, visibleTop), section.top + section.height - section.header) }
                show(view, frame: Rect(x: 0, y: y, width: width, height: section.header))
                visibleHeaders[s] = view
            }
            if section.footer > 0, let view = visibleFooters[s] ?? supplementaryView(header: false, section: s) {
                show(view, frame: Rect(x: 0, y: section.top + section.height - section.footer, width: width, height: section.footer))
                visibleFooters[s] = view
            }
        }
    }

    private func show(_ view: View, frame: Rect) {
        view.isHidden = false
        if view.superview !== self {
            View.performWithoutAnimation { view.frame = frame }
            addSubview(view)
        } else {
            view.frame = frame
            if style == .plain { bringSubviewToFront(view) }
        }
    }
}

/// The classes a table makes cells and header or footer views of, by reuse identifier, and those
/// waiting to be handed out again.
struct TableReuse {
    var cellClasses: [String: TableViewCell.Type] = [:]
    var cells: [String: [TableViewCell]] = [:]
    var headerFooterClasses: [String: TableViewHeaderFooterView.Type] = [:]
    var headerFooters: [String: [TableViewHeaderFooterView]] = [:]
}
