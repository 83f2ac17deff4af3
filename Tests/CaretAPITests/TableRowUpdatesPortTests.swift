// SPDX-License-Identifier: Apache-2.0
import Caret
import CaretTesting
import Testing

// A shopping list as UIKit apps write it, renamed only: the app changes its array, then tells the
// table which rows went and came (`insertRows`, `deleteRows`, `moveRow`, sections, batches).
// What each check expects is worked out from the array the app holds, never from the table.

@MainActor
final class ShoppingListViewController: TableViewController {
    var items = ["Milk", "Eggs", "Bread", "Butter", "Jam", "Tea"]
    var cellsAsked = 0

    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.register(TableViewCell.self, forCellReuseIdentifier: "item")
        tableView.rowHeight = 44
    }

    override func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { items.count }

    override func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        cellsAsked += 1
        let cell = tableView.dequeueReusableCell(withIdentifier: "item", for: indexPath)
        cell.textLabel?.text = items[indexPath.row]
        return cell
    }

    func add(_ item: String, at row: Int) {
        items.insert(item, at: row)
        tableView.insertRows(at: [IndexPath(row: row, section: 0)], with: .automatic)
    }

    func remove(at row: Int) {
        items.remove(at: row)
        tableView.deleteRows(at: [IndexPath(row: row, section: 0)], with: .fade)
    }
}

/// Aisles as sections, with titles; the app inserts and deletes whole aisles.
@MainActor
final class AislesViewController: TableViewController {
    var aisles: [(String, [String])] = [("Dairy", ["Milk", "Butter"]), ("Bakery", ["Bread"]), ("Drinks", ["Tea", "Juice", "Water"])]

    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.register(TableViewCell.self, forCellReuseIdentifier: "item")
        tableView.rowHeight = 44
    }

    override func numberOfSections(in tableView: TableView) -> Int { aisles.count }
    override func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { aisles[section].1.count }
    override func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? { aisles[section].0 }

    override func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "item", for: indexPath)
        cell.textLabel?.text = aisles[indexPath.section].1[indexPath.row]
        return cell
    }
}

/// A table controller shown in a 400×600 window, settled; its table.
@MainActor
func showTable(_ controller: TableViewController) throws -> (HeadlessWindow, TableView) {
    let host = try HeadlessWindow(size: Size(width: 400, height: 600), fonts: .fixedAdvance(ratio: 0.5))
    host.window.rootViewController = controller
    host.settle()
    return (host, try #require(controller.tableView))
}

@Suite @MainActor
struct TableRowUpdatesPortTests {
    private func show(_ controller: TableViewController) throws -> (HeadlessWindow, TableView) { try showTable(controller) }

    /// The text each shown row's cell has, by the row its frame stands at (44-point rows).
    private func shownTexts(_ table: TableView) -> [String?] {
        table.visibleCells.sorted { $0.frame.minY < $1.frame.minY }.map { $0.textLabel?.text }
    }

    @Test func insertedAndDeletedRowsShowTheArraysItemsInOrderAndKeptRowsKeepTheirCells() throws {
        let list = ShoppingListViewController()
        let (host, table) = try show(list)
        let eggs = try #require(table.cellForRow(at: IndexPath(row: 1, section: 0)))
        let asked = list.cellsAsked
        list.remove(at: 0)
        host.settle()
        #expect(shownTexts(table) == list.items.map(Optional.some))
        #expect(table.numberOfRows(inSection: 0) == list.items.count)
        // The kept rows keep their cells: only the table's rows are moved, nothing is asked again.
        #expect(table.cellForRow(at: IndexPath(row: 0, section: 0)) === eggs)
        #expect(eggs.frame.minY == 0)
        #expect(list.cellsAsked == asked)
        list.add("Coffee", at: 2)
        list.add("Salt", at: list.items.count)
        host.settle()
        #expect(shownTexts(table) == list.items.map(Optional.some))
        #expect(list.cellsAsked == asked + 2, "only the two new rows are asked for")
        for (row, item) in list.items.enumerated() {
            let cell = try #require(table.cellForRow(at: IndexPath(row: row, section: 0)))
            #expect(cell.textLabel?.text == item)
            #expect(cell.frame.minY == CGFloat(row * 44))
        }
        #expect(table.contentSize.height == CGFloat(list.items.count * 44))
        // Nothing deleted stays in the table.
        #expect(table.subviews.filter { $0 is TableViewCell }.count == list.items.count)
    }

    @Test func aBatchDeletesByThePlacesBeforeAndInsertsByThePlacesAfter() throws {
        let list = ShoppingListViewController()
        let (host, table) = try show(list)
        let before = list.items
        // UIKit's rule: deletions name rows as they were, insertions as they will be.
        table.performBatchUpdates {
            list.items.remove(at: 3)  // Butter
            list.items.remove(at: 1)  // Eggs
            list.items.insert("Apples", at: 0)
            list.items.insert("Rice", at: 3)
            table.deleteRows(at: [IndexPath(row: 1, section: 0), IndexPath(row: 3, section: 0)], with: .fade)
            table.insertRows(at: [IndexPath(row: 0, section: 0), IndexPath(row: 3, section: 0)], with: .fade)
        }
        host.settle()
        // The same change worked out on the array the app started from.
        var expected = before
        for row in [3, 1] { expected.remove(at: row) }
        for (row, item) in [(0, "Apples"), (3, "Rice")] { expected.insert(item, at: row) }
        #expect(list.items == expected)
        #expect(shownTexts(table) == expected.map(Optional.some))
    }

    @Test func selectionAndAFocusedRowFollowTheirRows() throws {
        let list = ShoppingListViewController()
        let (host, table) = try show(list)
        table.selectRow(at: IndexPath(row: 3, section: 0), animated: false, scrollPosition: .none)  // Butter
        list.remove(at: 0)
        host.settle()
        #expect(table.indexPathForSelectedRow == IndexPath(row: list.items.firstIndex(of: "Butter")!, section: 0))
        #expect(table.cellForRow(at: table.indexPathForSelectedRow!)?.isSelected == true)
        list.add("Coffee", at: 0)
        list.add("Salt", at: 1)
        host.settle()
        #expect(table.indexPathForSelectedRow == IndexPath(row: list.items.firstIndex(of: "Butter")!, section: 0))
        // Deleting the selected row leaves nothing selected.
        list.remove(at: list.items.firstIndex(of: "Butter")!)
        host.settle()
        #expect(table.indexPathForSelectedRow == nil)
        #expect(table.visibleCells.allSatisfy { !$0.isSelected })
        // A row focused from the keyboard keeps focus when a row is inserted above it.
        host.input.key(.keyboardTab, characters: "\t")
        host.input.key(.keyboardDownArrow)
        host.settle()
        let focused = try #require(host.window.firstResponder as? TableViewCell)
        let text = focused.textLabel?.text
        list.add("Flour", at: 0)
        host.settle()
        #expect(host.window.firstResponder === focused)
        #expect(table.indexPath(for: focused) == IndexPath(row: list.items.firstIndex(of: text!)!, section: 0))
    }

    @Test func keptRowsSlideDeletedRowsFadeAndTheBatchCompletesWhenTheyArrive() throws {
        let list = ShoppingListViewController()
        let (host, table) = try show(list)
        let milk = try #require(table.cellForRow(at: IndexPath(row: 0, section: 0)))
        let eggs = try #require(table.cellForRow(at: IndexPath(row: 1, section: 0)))
        var completed: Bool?
        table.performBatchUpdates({ list.remove(at: 0) }, completion: { completed = $0 })
        host.advance(by: 0.15)
        // Half way: Eggs is between its old place (44) and its new one (0); Milk is fading and
        // still drawn, under the others, taking no touches.
        #expect(eggs.frame.minY == 0, "the model is at its end at once")
        #expect(eggs.presentationFrame.minY > 0 && eggs.presentationFrame.minY < 44)
        #expect(milk.superview === table)
        #expect(milk.presentationAlpha > 0 && milk.presentationAlpha < 1)
        #expect(try #require(table.subviews.firstIndex(of: milk)) < #require(table.subviews.firstIndex(of: eggs)))
        #expect(completed == nil, "the batch is not complete while rows move")
        host.settle()
        #expect(completed == true)
        #expect(eggs.presentationFrame.minY == 0)
        #expect(milk.superview == nil, "the deleted row's cell went back to be reused")
        // An inserted row fades in; with `.none` rows change at once.
        list.items.insert("Honey", at: 1)
        table.insertRows(at: [IndexPath(row: 1, section: 0)], with: .fade)
        host.advance(by: 0.15)
        let honey = try #require(table.cellForRow(at: IndexPath(row: 1, section: 0)))
        #expect(honey.textLabel?.text == "Honey")
        #expect(honey.presentationAlpha > 0 && honey.presentationAlpha < 1)
        host.settle()
        list.items.insert("Oats", at: 0)
        table.insertRows(at: [IndexPath(row: 0, section: 0)], with: .none)
        #expect(eggs.frame.minY == 44 && eggs.presentationFrame.minY == 44)
        #expect(!host.window.animator.isAnimating)
    }

    @Test func anUpdateWhoseCountsDoNotAddUpIsReportedAndTheTableShowsTheData() throws {
        let list = ShoppingListViewController()
        let (host, table) = try show(list)
        var console: [String] = []
        let saved = ConsoleLog.handler
        ConsoleLog.handler = { console.append($0) }
        defer { ConsoleLog.handler = saved }
        list.items.removeFirst(2)  // two gone, one told
        table.deleteRows(at: [IndexPath(row: 0, section: 0)], with: .fade)
        host.settle()
        #expect(console.count == 1)
        #expect(console.first?.contains("invalid table update: section 0 has 4 rows after the update; it had 6") == true)
        #expect(shownTexts(table) == list.items.map(Optional.some))
        // A row that never existed is reported too.
        console.removeAll()
        table.deleteRows(at: [IndexPath(row: 9, section: 0)], with: .fade)
        #expect(console.first?.contains("row 9 of section 0 does not exist") == true)
        #expect(shownTexts(table) == list.items.map(Optional.some))
    }

    @Test func sectionsInsertDeleteAndMoveWithTheirHeaders() throws {
        let aisles = AislesViewController()
        let (host, table) = try show(aisles)
        let drinks = try #require(table.headerView(forSection: 2))
        aisles.aisles.remove(at: 1)
        table.deleteSections(IndexSet(integer: 1), with: .fade)
        aisles.aisles.insert(("Frozen", ["Peas", "Ice cream"]), at: 0)
        table.insertSections(IndexSet(integer: 0), with: .automatic)
        host.settle()
        #expect(table.numberOfSections == aisles.aisles.count)
        for (s, aisle) in aisles.aisles.enumerated() {
            #expect(table.headerView(forSection: s)?.textLabel.text == aisle.0)
            for (r, item) in aisle.1.enumerated() {
                #expect(table.cellForRow(at: IndexPath(row: r, section: s))?.textLabel?.text == item)
                #expect(table.rectForRow(at: IndexPath(row: r, section: s)).minY > table.rect(forSection: s).minY)
            }
        }
        #expect(table.headerView(forSection: 2) === drinks, "the Drinks header moved with its section")
        // A row moved to another section keeps its cell.
        let peas = try #require(table.cellForRow(at: IndexPath(row: 0, section: 0)))
        let item = aisles.aisles[0].1.remove(at: 0)
        aisles.aisles[1].1.append(item)
        table.moveRow(at: IndexPath(row: 0, section: 0), to: IndexPath(row: aisles.aisles[1].1.count - 1, section: 1))
        host.settle()
        #expect(table.indexPath(for: peas) == IndexPath(row: aisles.aisles[1].1.count - 1, section: 1))
        #expect(table.cellForRow(at: IndexPath(row: 0, section: 0))?.textLabel?.text == aisles.aisles[0].1[0])
    }
}

/// A form that keeps one cell of its own for a row and gives it back every time (as apps keep a
/// notes cell), with a section header whose title follows the app's data.
@MainActor
final class KeptCellViewController: TableViewController {
    let notesCell = TableViewCell(style: .default, reuseIdentifier: nil)
    var headerTitle = "Before"
    var completions: [String] = []

    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.rowHeight = 44
        notesCell.textLabel?.text = "Notes"
    }

    override func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { 3 }
    override func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? { headerTitle }

    override func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        if indexPath.row == 1 { return notesCell }
        let cell = TableViewCell(style: .default, reuseIdentifier: nil)
        cell.textLabel?.text = "Row \(indexPath.row)"
        return cell
    }
}

@Suite @MainActor
struct TableUpdateEdgesPortTests {
    private func show(_ controller: TableViewController) throws -> (HeadlessWindow, TableView) { try showTable(controller) }

    @Test func aCellTheAppGivesBackForAReloadedRowStaysShown() throws {
        let form = KeptCellViewController()
        let (host, table) = try show(form)
        table.reloadRows(at: [IndexPath(row: 1, section: 0)], with: .fade)
        host.settle()
        #expect(form.notesCell.superview === table)
        #expect(form.notesCell.alpha == 1 && form.notesCell.presentationAlpha == 1)
        #expect(table.cellForRow(at: IndexPath(row: 1, section: 0)) === form.notesCell)
        #expect(form.notesCell.isUserInteractionEnabled)
    }

    @Test func aReloadedSectionAsksForItsHeaderAgain() throws {
        let form = KeptCellViewController()
        let (host, table) = try show(form)
        form.headerTitle = "After"
        table.reloadSections(IndexSet(integer: 0), with: .automatic)
        host.settle()
        #expect(table.headerView(forSection: 0)?.textLabel.text == "After")
    }

    @Test func everyNestedBatchCompletesWhenTheOuterOneIsShown() throws {
        let list = ShoppingListViewController()
        let (host, table) = try show(list)
        var done: [String] = []
        table.beginUpdates()
        table.performBatchUpdates(
            {
                list.items.remove(at: 0)
                table.deleteRows(at: [IndexPath(row: 0, section: 0)], with: .fade)
            }, completion: { _ in done.append("inner") })
        #expect(done.isEmpty, "nothing is shown before the outer batch ends")
        table.endUpdates()
        host.settle()
        #expect(done == ["inner"])
        #expect(table.visibleCells.map { $0.textLabel?.text } == list.items.map(Optional.some))
    }

    @Test func aBatchNamingARowTwiceIsReportedAndTheTableShowsTheData() throws {
        let list = ShoppingListViewController()
        let (host, table) = try show(list)
        var console: [String] = []
        let saved = ConsoleLog.handler
        ConsoleLog.handler = { console.append($0) }
        defer { ConsoleLog.handler = saved }
        // Eggs deleted and moved: the counts add up, the batch does not.
        list.items.remove(at: 1)
        table.performBatchUpdates {
            table.deleteRows(at: [IndexPath(row: 1, section: 0)], with: .fade)
            table.moveRow(at: IndexPath(row: 1, section: 0), to: IndexPath(row: 0, section: 0))
            table.insertRows(at: [IndexPath(row: 4, section: 0)], with: .fade)
            list.items.insert("Salt", at: 4)
        }
        host.settle()
        #expect(console.first?.contains("row 1 of section 0 is deleted, reloaded or moved twice") == true, "\(console)")
        #expect(table.visibleCells.map { $0.textLabel?.text } == list.items.map(Optional.some))
        // An index path that is not a row's is reported, never a crash.
        console.removeAll()
        table.deleteRows(at: [IndexPath(index: 3)], with: .fade)
        #expect(console.first?.contains("is not a row's index path") == true, "\(console)")
    }

    @Test func aBatchOfMovesSlidesTheRows() throws {
        let list = ShoppingListViewController()
        let (host, table) = try show(list)
        let milk = try #require(table.cellForRow(at: IndexPath(row: 0, section: 0)))
        list.items.append(list.items.removeFirst())
        table.moveRow(at: IndexPath(row: 0, section: 0), to: IndexPath(row: list.items.count - 1, section: 0))
        host.advance(by: 0.15)
        let end = CGFloat((list.items.count - 1) * 44)
        #expect(milk.frame.minY == end)
        #expect(milk.presentationFrame.minY > 0 && milk.presentationFrame.minY < end)
        host.settle()
        #expect(milk.presentationFrame.minY == end)
    }
}
