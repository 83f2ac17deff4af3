// SPDX-License-Identifier: Apache-2.0
import Foundation

/// A view controller whose view is a table it feeds and hears (UIKit's `UITableViewController`):
/// subclasses override the data source and delegate methods. The rows are loaded when the view
/// first appears, the selection cleared when it appears again, and a field being edited in a row
/// is kept above the keyboard by the window's avoidance, which scrolls the table.
@preconcurrency @MainActor
open class TableViewController: ViewController, TableViewDataSource, TableViewDelegate {
    private let tableStyle: TableView.Style
    private var hasLoadedRows = false

    /// Whether the selection is cleared each time the view appears.
    open var clearsSelectionOnViewWillAppear = true

    /// A controller of a table of a style.
    public init(style: TableView.Style) {
        tableStyle = style
        super.init()
    }

    /// A controller of a plain table.
    public convenience override init() { self.init(style: .plain) }

    /// A controller of a plain table, from an archive.
    public required init?(coder: NSCoder) {
        tableStyle = .plain
        super.init(coder: coder)
    }

    /// The table (the view).
    public var tableView: TableView! {
        get { view as? TableView }
        set { view = newValue }
    }

    open override func loadView() {
        let table = TableView(frame: .zero, style: tableStyle)
        table.dataSource = self
        table.delegate = self
        view = table
    }

    /// Enters or leaves editing mode, the table's too.
    open override func setEditing(_ editing: Bool, animated: Bool) {
        super.setEditing(editing, animated: animated)
        tableView.setEditing(editing, animated: animated)
    }

    open override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        if !hasLoadedRows {
            hasLoadedRows = true
            tableView.reloadData()
        } else if clearsSelectionOnViewWillAppear {
            for path in tableView.indexPathsForSelectedRows ?? [] { tableView.deselectRow(at: path, animated: animated) }
        }
    }

    // MARK: Data source (override these)

    /// One section unless overridden.
    open func numberOfSections(in tableView: TableView) -> Int { 1 }
    /// No rows unless overridden.
    open func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { 0 }
    /// Must be overridden when a section has rows.
    open func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        preconditionFailure("\(type(of: self)) has rows but does not override tableView(_:cellForRowAt:)")
    }
    /// No header title unless overridden.
    open func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? { nil }
    /// No footer title unless overridden.
    open func tableView(_ tableView: TableView, titleForFooterInSection section: Int) -> String? { nil }
    /// No row can be edited unless overridden.
    open func tableView(_ tableView: TableView, canEditRowAt indexPath: IndexPath) -> Bool { false }
    /// Nothing unless overridden.
    open func tableView(_ tableView: TableView, commit editingStyle: TableViewCell.EditingStyle, forRowAt indexPath: IndexPath) {}
    /// No row can be moved unless overridden.
    open func tableView(_ tableView: TableView, canMoveRowAt indexPath: IndexPath) -> Bool { false }
    /// Nothing unless overridden.
    open func tableView(_ tableView: TableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {}

    // MARK: Delegate (override what you need)

    /// The table's row height unless overridden.
    open func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> CGFloat { TableView.automaticDimension }
    /// The table's estimate unless overridden.
    open func tableView(_ tableView: TableView, estimatedHeightForRowAt indexPath: IndexPath) -> CGFloat { TableView.automaticDimension }
    /// The header's own height unless overridden.
    open func tableView(_ tableView: TableView, heightForHeaderInSection section: Int) -> CGFloat { TableView.automaticDimension }
    /// The footer's own height unless overridden.
    open func tableView(_ tableView: TableView, heightForFooterInSection section: Int) -> CGFloat { TableView.automaticDimension }
    /// The title's view unless overridden.
    open func tableView(_ tableView: TableView, viewForHeaderInSection section: Int) -> View? { nil }
    /// The title's view unless overridden.
    open func tableView(_ tableView: TableView, viewForFooterInSection section: Int) -> View? { nil }
    /// Nothing unless overridden.
    open func tableView(_ tableView: TableView, willDisplay cell: TableViewCell, forRowAt indexPath: IndexPath) {}
    /// Nothing unless overridden.
    open func tableView(_ tableView: TableView, didEndDisplaying cell: TableViewCell, forRowAt indexPath: IndexPath) {}
    /// Every row highlights unless overridden.
    open func tableView(_ tableView: TableView, shouldHighlightRowAt indexPath: IndexPath) -> Bool { true }
    /// The row tapped unless overridden.
    open func tableView(_ tableView: TableView, willSelectRowAt indexPath: IndexPath) -> IndexPath? { indexPath }
    /// Nothing unless overridden.
    open func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {}
    /// The row unless overridden.
    open func tableView(_ tableView: TableView, willDeselectRowAt indexPath: IndexPath) -> IndexPath? { indexPath }
    /// Nothing unless overridden.
    open func tableView(_ tableView: TableView, didDeselectRowAt indexPath: IndexPath) {}
    /// Nothing unless overridden.
    open func tableView(_ tableView: TableView, accessoryButtonTappedForRowWith indexPath: IndexPath) {}
    /// No swipe actions unless overridden.
    open func tableView(_ tableView: TableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> SwipeActionsConfiguration? {
        nil
    }
    /// No swipe actions unless overridden.
    open func tableView(_ tableView: TableView, leadingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> SwipeActionsConfiguration? {
        nil
    }
    /// No row actions unless overridden.
    open func tableView(_ tableView: TableView, editActionsForRowAt indexPath: IndexPath) -> [TableViewRowAction]? { nil }
    /// Delete unless overridden.
    open func tableView(_ tableView: TableView, editingStyleForRowAt indexPath: IndexPath) -> TableViewCell.EditingStyle { .delete }
    /// Caret's "Delete" unless overridden.
    open func tableView(_ tableView: TableView, titleForDeleteConfirmationButtonForRowAt indexPath: IndexPath) -> String? { nil }
    /// Indents unless overridden.
    open func tableView(_ tableView: TableView, shouldIndentWhileEditingRowAt indexPath: IndexPath) -> Bool { true }
    /// Nothing unless overridden.
    open func tableView(_ tableView: TableView, willBeginEditingRowAt indexPath: IndexPath) {}
    /// Nothing unless overridden.
    open func tableView(_ tableView: TableView, didEndEditingRowAt indexPath: IndexPath?) {}
    /// The proposed place unless overridden.
    open func tableView(
        _ tableView: TableView, targetIndexPathForMoveFromRowAt sourceIndexPath: IndexPath,
        toProposedIndexPath proposedDestinationIndexPath: IndexPath
    ) -> IndexPath { proposedDestinationIndexPath }
    /// Nothing unless overridden.
    open func scrollViewDidScroll(_ scrollView: ScrollView) {}
    /// Nothing unless overridden.
    open func scrollViewWillBeginDragging(_ scrollView: ScrollView) {}
    /// Nothing unless overridden.
    open func scrollViewDidEndDragging(_ scrollView: ScrollView, willDecelerate decelerate: Bool) {}
    /// Nothing unless overridden.
    open func scrollViewDidEndDecelerating(_ scrollView: ScrollView) {}
    /// Nothing unless overridden.
    open func scrollViewDidEndScrollingAnimation(_ scrollView: ScrollView) {}
}
