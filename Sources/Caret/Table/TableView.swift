// SPDX-License-Identifier: Apache-2.0
import Foundation

/// Rows of cells in sections, scrolled vertically, made on demand and reused as they leave the
/// screen (UIKit's `UITableView`): forms of fields and lists of thousands of rows.
@preconcurrency @MainActor
open class TableView: ScrollView {
    /// How sections look (UIKit's `UITableView.Style`).
    public enum Style: Int, Sendable, Hashable {
        /// Rows edge to edge on the background; section headers stay at the top while their rows scroll.
        case plain
        /// Sections apart on a grey background, rows edge to edge.
        case grouped
        /// Sections apart on a grey background, each a rounded card inset from the edges.
        case insetGrouped
    }

    /// Where `scrollToRow` and `selectRow` put a row (UIKit's `UITableView.ScrollPosition`).
    public enum ScrollPosition: Int, Sendable, Hashable {
        /// The least scrolling that shows it.
        case none
        /// At the top of the visible area.
        case top
        /// In the middle of the visible area.
        case middle
        /// At the bottom of the visible area.
        case bottom
    }

    /// A size the table works out itself (a self-sizing row, a header with or without a title).
    public static let automaticDimension: CGFloat = -1

    /// How sections look.
    public let style: Style
    /// Gives the sections, rows and cells.
    public weak var dataSource: TableViewDataSource? { didSet { reloadData() } }
    /// The delegate as a table view delegate (set it through `delegate`).
    var tableDelegate: TableViewDelegate? { delegate as? TableViewDelegate }

    /// Every row's height, or `automaticDimension` for rows that size themselves to their cell.
    public var rowHeight: CGFloat = TableView.automaticDimension { didSet { invalidateHeights() } }
    /// A self-sizing row's height until it is measured (`automaticDimension`: 44).
    public var estimatedRowHeight: CGFloat = TableView.automaticDimension { didSet { invalidateHeights() } }
    /// Every section header's height (`automaticDimension`: by its title or view).
    public var sectionHeaderHeight: CGFloat = TableView.automaticDimension { didSet { invalidateHeights() } }
    /// Every section footer's height (`automaticDimension`: by its title or view).
    public var sectionFooterHeight: CGFloat = TableView.automaticDimension { didSet { invalidateHeights() } }
    /// A view above the first section, as tall as its frame.
    public var tableHeaderView: View? {
        didSet { replaceAccessoryView(oldValue, with: tableHeaderView) }
    }
    /// A view below the last section, as tall as its frame.
    public var tableFooterView: View? {
        didSet { replaceAccessoryView(oldValue, with: tableFooterView) }
    }
    /// Whether rows are divided by lines.
    public var separatorStyle: TableViewCell.SeparatorStyle = .singleLine { didSet { setNeedsLayout() } }
    /// The lines' colour.
    public var separatorColor: Color? = .separator { didSet { setNeedsLayout() } }
    /// The lines' insets from the row's edges (a cell's own `separatorInset` wins when set).
    public var separatorInset = EdgeInsets(top: 0, left: 16, bottom: 0, right: 0) { didSet { setNeedsLayout() } }
    /// Whether keyboard focus coming into the table goes to the row that last had it.
    public var remembersLastFocusedIndexPath = false
    /// The row that last had keyboard focus.
    var lastFocusedIndexPath: IndexPath?
    /// Whether a tap selects a row.
    public var allowsSelection = true
    /// Whether a tap adds a row to the selection rather than replacing it.
    public var allowsMultipleSelection = false
    /// Whether a tap selects a row in editing mode.
    public var allowsSelectionDuringEditing: Bool {
        get { editor.allowsSelectionDuringEditing }
        set { editor.allowsSelectionDuringEditing = newValue }
    }
    /// Whether the rows show their editing controls (`setEditing(_:animated:)`).
    public var isEditing: Bool {
        get { editor.isEditing }
        set { setEditing(newValue, animated: false) }
    }

    var geometry = TableGeometry()
    var needsReload = true
    var visibleCells_: [IndexPath: TableViewCell] = [:]
    /// The classes registered for reuse identifiers and the cells and views waiting to be reused.
    var reuse = TableReuse()
    var visibleHeaders: [Int: View] = [:]
    var visibleFooters: [Int: View] = [:]
    var selectedRows: [IndexPath] = []
    /// The finger on a row that may be a tap (TableView+Selection.swift).
    let rowTouch = RowTouch()
    var isTiling = false
    /// Row and section changes waiting for the end of a batch (TableView+Updates.swift).
    let updates = TableUpdater()
    /// The row swiped open to show its actions, if any (RowSwipe.swift).
    let swipe = RowSwipe()
    /// Editing mode and deleting rows (TableEditor.swift).
    let editor = TableEditor()
    /// The row dragged by its reorder control, if any (RowReorder.swift).
    let reorder = RowReorder()

    /// A table of a style, from an archive: plain.
    public required init?(coder: NSCoder) {
        style = .plain
        super.init(coder: coder)
        setUp()
    }

    /// A table of a style (plain unless said).
    public init(frame: Rect, style: Style) {
        self.style = style
        super.init(frame: frame)
        setUp()
    }

    /// A plain table.
    public convenience override init(frame: Rect = .zero) { self.init(frame: frame, style: .plain) }

    private func setUp() {
        swipe.table = self
        editor.table = self
        reorder.table = self
        updates.table = self
        rowTouch.table = self
        backgroundColor = style == .plain ? .systemBackground : .systemGroupedBackground
        alwaysBounceVertical = true
        showsHorizontalScrollIndicator = false
    }

    // MARK: Data

    /// Asks the data source for everything again; shown cells go back to be reused.
    public func reloadData() {
        needsReload = true
        reorder.abandon()
        for (path, cell) in visibleCells_ { recycle(cell, at: path) }
        visibleCells_.removeAll()
        for view in Array(visibleHeaders.values) + Array(visibleFooters.values) { recycle(view) }
        visibleHeaders.removeAll()
        visibleFooters.removeAll()
        selectedRows.removeAll()
        setNeedsLayout()
    }

    /// Enters or leaves editing mode: rows the data source lets edit show their editing controls.
    open func setEditing(_ editing: Bool, animated: Bool) { editor.setEditing(editing, animated: animated) }

    /// How many sections the table has.
    public var numberOfSections: Int {
        reloadIfNeeded()
        return geometry.sections.count
    }

    /// How many rows a section has.
    public func numberOfRows(inSection section: Int) -> Int {
        reloadIfNeeded()
        return geometry.sections.indices.contains(section) ? geometry.sections[section].rows.count : 0
    }

    // MARK: Cells

    /// Makes cells of a class for an identifier, when none is waiting to be reused.
    public func register(_ cellClass: TableViewCell.Type?, forCellReuseIdentifier identifier: String) {
        reuse.cellClasses[identifier] = cellClass
    }

    /// Makes header and footer views of a class for an identifier.
    public func register(_ viewClass: TableViewHeaderFooterView.Type?, forHeaderFooterViewReuseIdentifier identifier: String) {
        reuse.headerFooterClasses[identifier] = viewClass
    }

    /// A cell waiting to be reused, or nil (the old way: the data source makes one).
    public func dequeueReusableCell(withIdentifier identifier: String) -> TableViewCell? {
        if let cell = reuse.cells[identifier]?.popLast() {
            cell.prepareForReuse()
            return cell
        }
        return reuse.cellClasses[identifier].map { $0.init(registeredWithReuseIdentifier: identifier) }
    }

    /// A cell for a row: one waiting to be reused or a new one of the class registered for the
    /// identifier (a programming error if none is).
    public func dequeueReusableCell(withIdentifier identifier: String, for indexPath: IndexPath) -> TableViewCell {
        guard let cell = dequeueReusableCell(withIdentifier: identifier) else {
            preconditionFailure("no cell class is registered for the identifier \(identifier)")
        }
        return cell
    }

    /// A header or footer view waiting to be reused or a new one of the registered class.
    public func dequeueReusableHeaderFooterView(withIdentifier identifier: String) -> TableViewHeaderFooterView? {
        if let view = reuse.headerFooters[identifier]?.popLast() {
            view.prepareForReuse()
            return view
        }
        return reuse.headerFooterClasses[identifier].map { $0.init(registeredWithReuseIdentifier: identifier) }
    }

    /// The cell shown for a row (nil while the row is off screen).
    public func cellForRow(at indexPath: IndexPath) -> TableViewCell? {
        layoutIfNeeded()
        return visibleCells_[indexPath]
    }

    /// The header view shown for a section (nil while it is off screen or the section has none).
    public func headerView(forSection section: Int) -> TableViewHeaderFooterView? {
        layoutIfNeeded()
        return visibleHeaders[section] as? TableViewHeaderFooterView
    }

    /// The footer view shown for a section (nil while it is off screen or the section has none).
    public func footerView(forSection section: Int) -> TableViewHeaderFooterView? {
        layoutIfNeeded()
        return visibleFooters[section] as? TableViewHeaderFooterView
    }

    /// The row a cell shows.
    public func indexPath(for cell: TableViewCell) -> IndexPath? {
        visibleCells_.first { $0.value === cell }?.key
    }

    /// The row at a point in the table's coordinates.
    public func indexPathForRow(at point: Point) -> IndexPath? {
        reloadIfNeeded()
        return geometry.row(at: point.y)
    }

    /// The shown cells, top to bottom.
    public var visibleCells: [TableViewCell] {
        layoutIfNeeded()
        return visibleCells_.sorted { $0.key < $1.key }.map(\.value).filter { $0.frame.intersects(bounds) }
    }

    /// The rows shown, top to bottom.
    public var indexPathsForVisibleRows: [IndexPath]? {
        layoutIfNeeded()
        return visibleCells_.filter { $0.value.frame.intersects(bounds) }.keys.sorted()
    }

    /// A row's rectangle in the table's coordinates.
    public func rectForRow(at indexPath: IndexPath) -> Rect {
        reloadIfNeeded()
        return geometry.rect(of: indexPath, width: bounds.width, inset: cardInset)
    }

    /// A section's rectangle (header, rows and footer).
    public func rect(forSection section: Int) -> Rect {
        reloadIfNeeded()
        guard geometry.sections.indices.contains(section) else { return .zero }
        let s = geometry.sections[section]
        return Rect(x: 0, y: s.top, width: bounds.width, height: s.height)
    }

    /// Scrolls so that a row is at a place in the visible area.
    public func scrollToRow(at indexPath: IndexPath, at scrollPosition: ScrollPosition, animated: Bool) {
        let rect = rectForRow(at: indexPath)
        let inset = adjustedContentInset
        let visibleHeight = bounds.height - inset.vertical
        let y: Double
        switch scrollPosition {
        case .none:
            return scrollRectToVisible(rect, animated: animated)
        case .top: y = rect.minY - inset.top
        case .middle: y = rect.midY - inset.top - visibleHeight / 2
        case .bottom: y = rect.maxY - inset.top - visibleHeight
        }
        setContentOffset(Point(x: contentOffset.x, y: y), animated: animated)
    }

    /// The inset of an inset-grouped table's cards from its sides.
    var cardInset: Double { style == .insetGrouped ? 20 : 0 }

    private func replaceAccessoryView(_ old: View?, with new: View?) {
        if old !== new { old?.removeFromSuperview() }
        if let new, new.superview !== self { addSubview(new) }
        invalidateHeights()
    }

    func invalidateHeights() {
        reorder.cancelled(animated: false)  // heights rebuilt in the data's order
        needsReload = true
        setNeedsLayout()
    }

    open override func boundsOriginDidChange() {
        super.boundsOriginDidChange()
        setNeedsLayout()
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        tile()
    }

    // Touches select rows (TableView+Selection.swift) and swipe them open (RowSwipe.swift).
    open override func touchesBegan(_ touches: Set<Touch>, with event: InputEvent?) {
        super.touchesBegan(touches, with: event)
        // A touch while a row is open closes it (or pulls it again) and selects nothing.
        if let touch = touches.first, swipe.touchBegan(at: touch.location(in: self)) { return }
        // A touch on a reorder control in editing mode takes the row (RowReorder.swift).
        if let touch = touches.first, reorder.began(touch) { return }
        rowTouch.began(touches)
    }

    open override func touchesMoved(_ touches: Set<Touch>, with event: InputEvent?) {
        if reorder.isActive {
            if let touch = reorder.touch, touches.contains(touch) { reorder.moved(to: touch.location(in: self)) }
            return  // another finger does nothing while a row is dragged
        }
        if let touch = touches.first, swipe.touchMoved(touch) {
            rowTouch.end()
            return
        }
        super.touchesMoved(touches, with: event)
        if isDragging {
            rowTouch.end()
            swipe.close(animated: true)
        }
    }

    open override func touchesEnded(_ touches: Set<Touch>, with event: InputEvent?) {
        let dragged = isDragging
        super.touchesEnded(touches, with: event)
        if reorder.isActive {
            guard let touch = reorder.touch, touches.contains(touch) else { return }  // another finger lifted
            reorder.moved(to: touch.location(in: self))  // where the finger lifted
            return reorder.ended()
        }
        if swipe.touchEnded() { return rowTouch.end() }
        rowTouch.ended(touches, dragged: dragged)
    }

    open override func touchesCancelled(_ touches: Set<Touch>, with event: InputEvent?) {
        super.touchesCancelled(touches, with: event)
        if let touch = reorder.touch, touches.contains(touch) { reorder.cancelled() }
        if swipe.isTracking { swipe.close(animated: true) }
        rowTouch.end()
    }

    // Assistive technology reads the shown rows (TableView+Accessibility.swift).
    open override var accessibilityElements: [AccessibilityNode]? {
        get { super.accessibilityElements ?? shownAccessibilityNodes }
        set { super.accessibilityElements = newValue }
    }
}
