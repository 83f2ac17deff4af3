// SPDX-License-Identifier: Apache-2.0
import Caret
import CaretTesting
import Testing

// Row actions in the older form many apps still have (`editActionsForRowAt` with
// `UITableViewRowAction`, before swipe configurations), renamed only: Delete removes the message,
// Flag marks it and ends editing to close the row, as UIKit apps close it.
@MainActor
final class ChatsViewController: TableViewController {
    var messages = ["Hi", "Are you there?", "See you at 5", "Running late"]
    var flagged: [String] = []

    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.register(TableViewCell.self, forCellReuseIdentifier: "Message")
        tableView.rowHeight = 44
    }

    override func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { messages.count }

    override func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "Message", for: indexPath)
        cell.textLabel?.text = messages[indexPath.row]
        return cell
    }

    override func tableView(_ tableView: TableView, editActionsForRowAt indexPath: IndexPath) -> [TableViewRowAction]? {
        let delete = TableViewRowAction(style: .destructive, title: "Delete") { _, indexPath in
            self.messages.remove(at: indexPath.row)
            tableView.deleteRows(at: [indexPath], with: .automatic)
        }
        let flag = TableViewRowAction(style: .normal, title: "Flag") { _, indexPath in
            self.flagged.append(self.messages[indexPath.row])
            tableView.setEditing(false, animated: true)
        }
        flag.backgroundColor = .systemOrange
        return [delete, flag]
    }
}

@Suite @MainActor
struct RowActionsPortTests {
    private let width = 400.0

    private func show() throws -> (HeadlessWindow, ChatsViewController, TableView) {
        let host = try HeadlessWindow(size: Size(width: width, height: 600), fonts: .fixedAdvance(ratio: 0.5))
        let chats = ChatsViewController()
        host.window.rootViewController = chats
        host.settle()
        return (host, chats, try #require(chats.tableView))
    }

    private func y(ofRow row: Int, in table: TableView) -> Double { table.convert(Point(x: 0, y: Double(row) * 44 + 22), to: nil).y }

    private func swipeLeft(_ host: HeadlessWindow, row: Int, in table: TableView) {
        let y = y(ofRow: row, in: table)
        host.input.drag(from: Point(x: 350, y: y), to: Point(x: 150, y: y), duration: 0.25, holdBeforeRelease: 0.1)
        host.settle()
    }

    /// The titled buttons a row shows, left to right.
    private func buttonTitles(in cell: TableViewCell) -> [String] {
        func buttons(_ view: View) -> [Button] { view.subviews.flatMap { [$0 as? Button].compactMap { $0 } + buttons($0) } }
        return buttons(cell).filter { !$0.isHidden && $0.window != nil }.sorted {
            $0.convert($0.bounds, to: nil).minX < $1.convert($1.bounds, to: nil).minX
        }
        .compactMap { $0.title(for: .normal) }
    }

    @Test func aSwipedRowShowsItsRowActionsAndFlagRunsAndEndingEditingClosesIt() throws {
        let (host, chats, table) = try show()
        swipeLeft(host, row: 1, in: table)
        let cell = try #require(table.cellForRow(at: IndexPath(row: 1, section: 0)))
        #expect(cell.contentView.frame.minX < -100, "the row is open")
        #expect(buttonTitles(in: cell) == ["Flag", "Delete"], "the first action at the row's edge")
        // Flag is the leftmost button, just right of where the row's content now ends.
        host.input.tap(at: Point(x: cell.contentView.frame.maxX + 10, y: y(ofRow: 1, in: table)))
        host.settle()
        #expect(chats.flagged == ["Are you there?"])
        #expect(cell.contentView.frame.minX == 0, "setEditing(false) closed the row")
        #expect(chats.messages.count == 4)
    }

    @Test func aRowMovedByAnInsertAboveItGetsItsNewPath() throws {
        let (host, chats, table) = try show()
        swipeLeft(host, row: 1, in: table)
        let cell = try #require(table.cellForRow(at: IndexPath(row: 1, section: 0)))
        chats.messages.insert("New message", at: 0)
        table.insertRows(at: [IndexPath(row: 0, section: 0)], with: .none)
        host.settle()
        try #require(cell.contentView.frame.minX < -100, "still open where the row went")
        let y = cell.convert(Point(x: 0, y: cell.bounds.midY), to: nil).y
        host.input.tap(at: Point(x: cell.contentView.convert(Point(x: cell.contentView.bounds.maxX, y: 0), to: nil).x + 10, y: y))
        host.settle()
        #expect(chats.flagged == ["Are you there?"], "the row's message, not the one now at its old place")
    }

    @Test func deleteRemovesTheRowAndAFullSwipeDoesNotRunIt() throws {
        let (host, chats, table) = try show()
        swipeLeft(host, row: 2, in: table)
        host.input.tap(at: Point(x: width - 20, y: y(ofRow: 2, in: table)))
        host.settle()
        #expect(chats.messages == ["Hi", "Are you there?", "Running late"])
        #expect(table.numberOfRows(inSection: 0) == 3)
        #expect(table.visibleCells.allSatisfy { $0.contentView.frame.minX == 0 }, "no row is left open")
        // Swiped across the whole row: it opens, and nothing is deleted until a button is tapped.
        let y = y(ofRow: 0, in: table)
        host.input.drag(from: Point(x: 390, y: y), to: Point(x: 5, y: y), duration: 0.3)
        host.settle()
        #expect(chats.messages.count == 3)
    }

    @Test func aDelegateWithSwipeConfigurationsIsAskedForThoseFirst() throws {
        let (host, chats, table) = try show()
        let mailbox = MailboxViewController()  // SwipeActionsPortTests: a trailing configuration
        host.window.rootViewController = mailbox
        host.settle()
        let mailTable = try #require(mailbox.tableView)
        swipeLeft(host, row: 0, in: mailTable)
        let cell = try #require(mailTable.cellForRow(at: IndexPath(row: 0, section: 0)))
        #expect(buttonTitles(in: cell) == ["Archive", "Delete"])
        _ = (chats, table)
    }
}
