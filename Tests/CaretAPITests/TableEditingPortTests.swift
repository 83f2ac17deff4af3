// SPDX-License-Identifier: Apache-2.0
import Caret
import CaretTesting
import Testing

// A shopping list as Xcode's table view controller template has UIKit apps write editing, renamed
// only: `canEditRowAt` and `commit` (swipe to delete, and the delete controls of editing mode),
// `editButtonItem` in the navigation bar, and a last row that inserts in editing mode. Each check
// taps where UIKit puts the control or button and expects what the app's `commit` did to its own
// array.

@MainActor
final class GroceryListViewController: TableViewController {
    var items = ["Milk", "Eggs", "Bread", "Butter", "Apples", "Coffee"]
    var committed: [String] = []
    var selected: [IndexPath] = []
    var deleteTitle: String?
    var editingEvents: [String] = []
    var infoTapped: [IndexPath] = []
    /// The first row stays: the data source does not let it be edited.
    var pinsFirstRow = false

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Shopping"
        navigationItem.rightBarButtonItem = editButtonItem
        tableView.register(TableViewCell.self, forCellReuseIdentifier: "item")
        tableView.rowHeight = 44
    }

    override func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { items.count + 1 }

    override func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "item", for: indexPath)
        cell.textLabel?.text = indexPath.row < items.count ? items[indexPath.row] : "Add item"
        cell.editingAccessoryType = .detailButton
        return cell
    }

    override func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) { selected.append(indexPath) }

    override func tableView(_ tableView: TableView, accessoryButtonTappedForRowWith indexPath: IndexPath) { infoTapped.append(indexPath) }

    // Override to support conditional editing of the table view.
    override func tableView(_ tableView: TableView, canEditRowAt indexPath: IndexPath) -> Bool {
        !(pinsFirstRow && indexPath.row == 0)
    }

    override func tableView(_ tableView: TableView, editingStyleForRowAt indexPath: IndexPath) -> TableViewCell.EditingStyle {
        indexPath.row == items.count ? .insert : .delete
    }

    override func tableView(_ tableView: TableView, titleForDeleteConfirmationButtonForRowAt indexPath: IndexPath) -> String? {
        deleteTitle
    }

    // Override to support editing the table view.
    override func tableView(_ tableView: TableView, commit editingStyle: TableViewCell.EditingStyle, forRowAt indexPath: IndexPath) {
        if editingStyle == .delete {
            committed.append("delete \(items[indexPath.row])")
            items.remove(at: indexPath.row)
            tableView.deleteRows(at: [indexPath], with: .fade)
        } else if editingStyle == .insert {
            let item = "Item \(items.count + 1)"
            committed.append("insert \(item)")
            items.append(item)
            tableView.insertRows(at: [indexPath], with: .automatic)
        }
    }

    override func tableView(_ tableView: TableView, willBeginEditingRowAt indexPath: IndexPath) {
        editingEvents.append("begin \(indexPath.row)")
    }

    override func tableView(_ tableView: TableView, didEndEditingRowAt indexPath: IndexPath?) {
        editingEvents.append("end \(indexPath.map { String($0.row) } ?? "nil")")
    }
}

@Suite @MainActor
struct TableEditingPortTests {
    private let size = Size(width: 400, height: 600)

    private func show(language: String? = nil, pinsFirstRow: Bool = false) throws -> (HeadlessWindow, GroceryListViewController, TableView) {
        let host = try HeadlessWindow(size: size, fonts: .fixedAdvance(ratio: 0.5))
        host.window.keyboard.policy = .never
        if let language { host.window.preferredLanguages = [language] }
        let list = GroceryListViewController()
        list.pinsFirstRow = pinsFirstRow
        host.window.rootViewController = NavigationController(rootViewController: list)
        host.settle()
        return (host, list, try #require(list.tableView))
    }

    /// The window y of a row's middle (44-point rows from the table's top).
    private func y(ofRow row: Int, in table: TableView) -> Double { table.convert(Point(x: 0, y: Double(row) * 44 + 22), to: nil).y }

    private func swipeLeft(_ host: HeadlessWindow, row: Int, in table: TableView) {
        let y = y(ofRow: row, in: table)
        host.input.drag(from: Point(x: 350, y: y), to: Point(x: 150, y: y), duration: 0.25, holdBeforeRelease: 0.1)
        host.settle()
    }

    /// The buttons a person sees in a view, left to right.
    private func buttons(in view: View) -> [Button] {
        view.subviews.flatMap { [$0 as? Button].compactMap { $0 } + buttons(in: $0) }.filter { !$0.isHidden }
            .sorted { $0.convert(Point(x: 0, y: 0), to: nil).x < $1.convert(Point(x: 0, y: 0), to: nil).x }
    }

    private func editButton(_ list: GroceryListViewController) throws -> Button {
        let bar = try #require(list.navigationController?.navigationBar)
        return try #require(buttons(in: bar).last)
    }

    private func tap(_ host: HeadlessWindow, _ button: Button) {
        host.input.tap(at: button.convert(Point(x: button.bounds.midX, y: button.bounds.midY), to: nil))
        host.settle()
    }

    @Test func swipingAnEditableRowShowsDeleteAndTappingItCommitsTheDeletion() throws {
        let (host, list, table) = try show()
        var expected = list.items
        swipeLeft(host, row: 2, in: table)
        let cell = try #require(table.cellForRow(at: IndexPath(row: 2, section: 0)))
        #expect(cell.contentView.frame.minX < -50, "the row stays open for its Delete button")
        #expect(buttons(in: cell).map(\.currentTitle) == ["Delete"])
        #expect(list.editingEvents == ["begin 2"])
        // Delete is at the row's right edge, where UIKit puts it.
        host.input.tap(at: Point(x: size.width - 20, y: y(ofRow: 2, in: table)))
        host.settle()
        expected.remove(at: 2)
        #expect(list.items == expected)
        #expect(list.committed == ["delete Bread"])
        #expect(table.numberOfRows(inSection: 0) == expected.count + 1)
        #expect(table.cellForRow(at: IndexPath(row: 2, section: 0))?.textLabel?.text == expected[2])
        #expect(table.visibleCells.allSatisfy { $0.contentView.frame.minX == 0 }, "no row is left open")
        #expect(list.selected.isEmpty)
        #expect(list.editingEvents == ["begin 2", "end nil"], "the row went: its editing ended with no row")
    }

    @Test func aRowTheDataSourceDoesNotLetEditHasNoDeleteAndAFullSwipeDeletesAnother() throws {
        let (host, list, table) = try show(pinsFirstRow: true)
        let before = list.items
        swipeLeft(host, row: 0, in: table)
        #expect(table.visibleCells.allSatisfy { $0.contentView.frame.minX == 0 }, "the pinned row does not open")
        #expect(try #require(table.cellForRow(at: IndexPath(row: 0, section: 0))).accessibilityCustomActions?.isEmpty ?? true)
        // Across most of the row: Delete runs without a tap, as UIKit's full swipe.
        let y = y(ofRow: 1, in: table)
        host.input.drag(from: Point(x: 390, y: y), to: Point(x: 20, y: y), duration: 0.25, holdBeforeRelease: 0.1)
        host.settle()
        #expect(list.items == before.enumerated().filter { $0.offset != 1 }.map(\.element))
    }

    @Test func theEditButtonShowsDeleteControlsWhoseDeleteButtonCommits() throws {
        let (host, list, table) = try show()
        let edit = try editButton(list)
        #expect(edit.currentTitle == "Edit")
        tap(host, edit)
        #expect(list.isEditing && table.isEditing)
        #expect(edit.currentTitle == "Done")
        // Every row's content moved aside for its control; the last row's control inserts.
        let cells = table.visibleCells
        #expect(cells.allSatisfy { $0.isEditing && $0.contentView.frame.minX == 38 })
        #expect(cells.dropLast().allSatisfy { $0.editingStyle == .delete })
        #expect(cells.last?.editingStyle == .insert)
        // A tap on a row selects nothing in editing mode.
        host.input.tap(at: Point(x: 200, y: y(ofRow: 3, in: table)))
        host.settle()
        #expect(list.selected.isEmpty)
        // The red control at the leading edge of row 1: the row shows Delete at its trailing edge.
        var expected = list.items
        host.input.tap(at: Point(x: 20, y: y(ofRow: 1, in: table)))
        host.settle()
        let cell = try #require(table.cellForRow(at: IndexPath(row: 1, section: 0)))
        let delete = try #require(buttons(in: cell).last)
        #expect(delete.currentTitle == "Delete")
        #expect(delete.convert(Point(x: delete.bounds.maxX, y: 0), to: nil).x == size.width)
        #expect(list.committed.isEmpty, "the control only asks")
        tap(host, delete)
        expected.remove(at: 1)
        #expect(list.items == expected)
        #expect(list.committed == ["delete Eggs"])
        // The green control of the last row inserts at once.
        host.input.tap(at: Point(x: 20, y: y(ofRow: expected.count, in: table)))
        host.settle()
        #expect(list.committed == ["delete Eggs", "insert Item \(expected.count + 1)"])
        #expect(table.numberOfRows(inSection: 0) == list.items.count + 1)
        // Done: the controls go and the content comes back; taps select again.
        tap(host, edit)
        #expect(!list.isEditing && !table.isEditing)
        #expect(edit.currentTitle == "Edit")
        #expect(table.visibleCells.allSatisfy { !$0.isEditing && $0.contentView.frame.minX == 0 })
        #expect(table.visibleCells.allSatisfy { buttons(in: $0).isEmpty })
        host.input.tap(at: Point(x: 200, y: y(ofRow: 3, in: table)))
        host.settle()
        #expect(list.selected == [IndexPath(row: 3, section: 0)])
    }

    @Test func aTapOutsideAnOpenDeleteButtonClosesItAndDeletesNothing() throws {
        let (host, list, table) = try show()
        list.setEditing(true, animated: false)
        host.settle()
        let before = list.items
        host.input.tap(at: Point(x: 20, y: y(ofRow: 0, in: table)))
        host.settle()
        #expect(try #require(table.cellForRow(at: IndexPath(row: 0, section: 0))).contentView.frame.minX < 0)
        host.input.tap(at: Point(x: 200, y: y(ofRow: 4, in: table)))
        host.settle()
        #expect(list.items == before)
        #expect(table.visibleCells.allSatisfy { $0.contentView.frame.minX == 38 }, "closed, still in editing mode")
    }

    @Test func rowsShownLaterInEditingModeHaveTheirControlsAndSelectionCanBeAllowed() throws {
        let (host, list, table) = try show()
        list.items = (1...40).map { "Item \($0)" }
        table.reloadData()
        list.setEditing(true, animated: true)
        host.settle()
        table.scrollToRow(at: IndexPath(row: 35, section: 0), at: .top, animated: false)
        host.settle()
        let cell = try #require(table.cellForRow(at: IndexPath(row: 35, section: 0)))
        #expect(cell.isEditing && cell.editingStyle == .delete && cell.contentView.frame.minX == 38)
        table.allowsSelectionDuringEditing = true
        host.input.tap(at: Point(x: 200, y: table.convert(Point(x: 0, y: cell.frame.midY), to: nil).y))
        host.settle()
        #expect(list.selected == [IndexPath(row: 35, section: 0)])
    }

    @Test func theDeleteButtonAndEditButtonSpeakTheWindowsLanguageUnlessTheAppNamesThem() throws {
        let (host, list, table) = try show(language: "de")
        let edit = try editButton(list)
        #expect(edit.currentTitle == "Bearbeiten")
        swipeLeft(host, row: 0, in: table)
        let cell = try #require(table.cellForRow(at: IndexPath(row: 0, section: 0)))
        #expect(buttons(in: cell).map(\.currentTitle) == ["Löschen"])
        tap(host, edit)
        #expect(edit.currentTitle == "Fertig")
        tap(host, edit)
        list.deleteTitle = "Entfernen"
        swipeLeft(host, row: 1, in: table)
        let other = try #require(table.cellForRow(at: IndexPath(row: 1, section: 0)))
        #expect(buttons(in: other).map(\.currentTitle) == ["Entfernen"])
    }

    @Test func aRowThatCannotBeEditedStaysAsItIsAndAccessoryViewsComeBack() throws {
        let (host, list, table) = try show(pinsFirstRow: true)
        let pinned = try #require(table.cellForRow(at: IndexPath(row: 0, section: 0)))
        let other = try #require(table.cellForRow(at: IndexPath(row: 1, section: 0)))
        let hidden = Button(type: .system)
        hidden.frame = CGRect(x: 0, y: 0, width: 51, height: 31)
        hidden.isHidden = true
        pinned.accessoryView = hidden
        let shown = Button(type: .system)
        shown.frame = CGRect(x: 0, y: 0, width: 51, height: 31)
        other.accessoryView = shown
        list.setEditing(true, animated: false)
        host.settle()
        #expect(!pinned.isEditing && pinned.contentView.frame.minX == 0, "the pinned row is not in editing mode")
        #expect(other.isEditing && shown.isHidden, "an editable row's accessory view gives way")
        list.setEditing(false, animated: false)
        host.settle()
        #expect(!shown.isHidden, "and comes back")
        #expect(hidden.isHidden, "the one the app hid stays hidden")
    }

    @Test func theEditingAccessorysInfoButtonIsTappedInEditingMode() throws {
        let (host, list, table) = try show()
        list.setEditing(true, animated: false)
        host.settle()
        // UIKit's detail button: a 22-point circle 16 points from the trailing edge.
        host.input.tap(at: Point(x: size.width - 16 - 12, y: y(ofRow: 2, in: table)))
        host.settle()
        #expect(list.infoTapped == [IndexPath(row: 2, section: 0)])
        #expect(list.selected.isEmpty)
    }

    @Test func screenReadersOfferDeleteOnAnEditableRow() throws {
        let (host, list, table) = try show(pinsFirstRow: true)
        let pinned = try #require(table.cellForRow(at: IndexPath(row: 0, section: 0)))
        #expect(pinned.accessibilityCustomActions?.isEmpty ?? true)
        let cell = try #require(table.cellForRow(at: IndexPath(row: 2, section: 0)))
        let actions = try #require(cell.accessibilityCustomActions)
        #expect(actions.map(\.name) == ["Delete"])
        #expect(actions[0].actionHandler())
        host.settle()
        #expect(list.committed == ["delete Bread"])
    }
}
