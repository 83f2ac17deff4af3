// SPDX-License-Identifier: Apache-2.0
import Caret
import CaretTesting
import Testing

// A mailbox as UIKit apps write swipe actions, renamed only: Delete and Archive at the trailing
// edge, Flag at the leading edge. Where a check taps, it taps where UIKit puts the buttons (the
// first action at the row's edge) and expects what the app's handlers did to its own array.

@MainActor
final class MailboxViewController: TableViewController {
    var messages = (1...20).map { "Message \($0)" }
    var archived: [String] = []
    var flagged: Set<String> = []
    var opened: [IndexPath] = []

    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.register(TableViewCell.self, forCellReuseIdentifier: "message")
        tableView.rowHeight = 44
    }

    override func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { messages.count }

    override func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "message", for: indexPath)
        cell.textLabel?.text = messages[indexPath.row]
        return cell
    }

    override func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) { opened.append(indexPath) }

    override func tableView(_ tableView: TableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath)
        -> SwipeActionsConfiguration?
    {
        let delete = ContextualAction(style: .destructive, title: "Delete") { [weak self] _, _, completionHandler in
            self?.messages.remove(at: indexPath.row)
            tableView.deleteRows(at: [indexPath], with: .automatic)
            completionHandler(true)
        }
        let archive = ContextualAction(style: .normal, title: "Archive") { [weak self] _, _, completionHandler in
            guard let self else { return }
            self.archived.append(self.messages.remove(at: indexPath.row))
            tableView.deleteRows(at: [indexPath], with: .left)
            completionHandler(true)
        }
        archive.backgroundColor = .systemBlue
        return SwipeActionsConfiguration(actions: [delete, archive])
    }

    override func tableView(_ tableView: TableView, leadingSwipeActionsConfigurationForRowAt indexPath: IndexPath)
        -> SwipeActionsConfiguration?
    {
        let message = messages[indexPath.row]
        let flag = ContextualAction(style: .normal, title: flagged.contains(message) ? "Unflag" : "Flag") { [weak self] _, _, done in
            guard let self else { return }
            if self.flagged.contains(message) { self.flagged.remove(message) } else { self.flagged.insert(message) }
            done(true)
        }
        flag.backgroundColor = .systemOrange
        let configuration = SwipeActionsConfiguration(actions: [flag])
        configuration.performsFirstActionWithFullSwipe = false
        return configuration
    }
}

@Suite @MainActor
struct SwipeActionsPortTests {
    private let width = 400.0

    private func show() throws -> (HeadlessWindow, MailboxViewController, TableView) {
        let host = try HeadlessWindow(size: Size(width: width, height: 600), fonts: .fixedAdvance(ratio: 0.5))
        let mailbox = MailboxViewController()
        host.window.rootViewController = mailbox
        host.settle()
        return (host, mailbox, try #require(mailbox.tableView))
    }

    /// The window y of a row's middle (44-point rows from the table's top).
    private func y(ofRow row: Int, in table: TableView) -> Double { table.convert(Point(x: 0, y: Double(row) * 44 + 22), to: nil).y }

    private func swipe(_ host: HeadlessWindow, row: Int, in table: TableView, from: Double, to: Double) {
        let y = y(ofRow: row, in: table)
        host.input.drag(from: Point(x: from, y: y), to: Point(x: to, y: y), duration: 0.25, holdBeforeRelease: 0.1)
        host.settle()
    }

    @Test func swipingARowLeftShowsItsTrailingActionsAndDeleteRemovesIt() throws {
        let (host, mailbox, table) = try show()
        let before = mailbox.messages
        swipe(host, row: 2, in: table, from: 350, to: 150)
        // The row stays open: its content moved aside, nothing selected.
        let cell = try #require(table.cellForRow(at: IndexPath(row: 2, section: 0)))
        #expect(cell.contentView.frame.minX < -100)
        #expect(mailbox.opened.isEmpty)
        // Delete is the first action, at the row's right edge: tap there.
        host.input.tap(at: Point(x: width - 20, y: y(ofRow: 2, in: table)))
        host.settle()
        var expected = before
        expected.remove(at: 2)
        #expect(mailbox.messages == expected)
        #expect(table.numberOfRows(inSection: 0) == expected.count)
        #expect(table.cellForRow(at: IndexPath(row: 2, section: 0))?.textLabel?.text == expected[2])
        #expect(table.visibleCells.allSatisfy { $0.contentView.frame.minX == 0 }, "no row is left open")
        #expect(mailbox.opened.isEmpty)
        // Archive is the second: the leftmost button, just right of where the row's content now ends.
        swipe(host, row: 0, in: table, from: 350, to: 150)
        let open = try #require(table.cellForRow(at: IndexPath(row: 0, section: 0)))
        host.input.tap(at: Point(x: open.contentView.frame.maxX + 10, y: y(ofRow: 0, in: table)))
        host.settle()
        #expect(mailbox.archived == [expected[0]])
        #expect(mailbox.messages == Array(expected.dropFirst()))
    }

    @Test func aShortSwipeClosesAFullSwipeRunsTheFirstActionAndATapElsewhereOnlyCloses() throws {
        let (host, mailbox, table) = try show()
        let before = mailbox.messages
        swipe(host, row: 1, in: table, from: 300, to: 270)
        #expect(table.visibleCells.allSatisfy { $0.contentView.frame.minX == 0 }, "30 points is less than half the buttons")
        #expect(mailbox.messages == before)
        // Across most of the row: Delete runs without a tap.
        swipe(host, row: 1, in: table, from: 390, to: 20)
        #expect(mailbox.messages == before.enumerated().filter { $0.offset != 1 }.map(\.element))
        // Open, then a tap on another row: the row closes and nothing is selected.
        swipe(host, row: 3, in: table, from: 350, to: 150)
        #expect(try #require(table.cellForRow(at: IndexPath(row: 3, section: 0))).contentView.frame.minX < 0)
        host.input.tap(at: Point(x: 100, y: y(ofRow: 6, in: table)))
        host.settle()
        #expect(table.visibleCells.allSatisfy { $0.contentView.frame.minX == 0 })
        #expect(mailbox.opened.isEmpty)
        // The next tap selects as ever.
        host.input.tap(at: Point(x: 100, y: y(ofRow: 6, in: table)))
        host.settle()
        #expect(mailbox.opened == [IndexPath(row: 6, section: 0)])
    }

    @Test func swipingRightShowsTheLeadingActionWhichAFullSwipeDoesNotRun() throws {
        let (host, mailbox, table) = try show()
        let message = mailbox.messages[4]
        swipe(host, row: 4, in: table, from: 20, to: 390)
        #expect(mailbox.flagged.isEmpty, "performsFirstActionWithFullSwipe is false")
        let cell = try #require(table.cellForRow(at: IndexPath(row: 4, section: 0)))
        #expect(cell.contentView.frame.minX > 0, "the row stays open on the left")
        host.input.tap(at: Point(x: 20, y: y(ofRow: 4, in: table)))
        host.settle()
        #expect(mailbox.flagged == [message])
        #expect(cell.contentView.frame.minX == 0)
    }

    @Test func aVerticalDragStillScrollsAndOpensNothing() throws {
        let (host, mailbox, table) = try show()
        host.input.drag(from: Point(x: 200, y: 500), to: Point(x: 180, y: 300), duration: 0.3)
        host.settle()
        #expect(table.contentOffset.y > 100)
        #expect(table.visibleCells.allSatisfy { $0.contentView.frame.minX == 0 })
        #expect(mailbox.opened.isEmpty)
    }

    @Test func rightToLeftRowsKeepTheirTrailingActionsOnTheLeft() throws {
        let (host, mailbox, table) = try show()
        table.semanticContentAttribute = .forceRightToLeft
        for cell in table.visibleCells { cell.semanticContentAttribute = .forceRightToLeft }
        let before = mailbox.messages
        // Trailing is the left edge: swiping right opens Delete and Archive there.
        swipe(host, row: 0, in: table, from: 50, to: 250)
        host.input.tap(at: Point(x: 20, y: y(ofRow: 0, in: table)))
        host.settle()
        #expect(mailbox.messages == Array(before.dropFirst()))
        #expect(mailbox.flagged.isEmpty)
    }

    @Test func screenReadersOfferTheRowsSwipeActionsByName() throws {
        let (host, mailbox, table) = try show()
        let cell = try #require(table.cellForRow(at: IndexPath(row: 0, section: 0)))
        let actions = try #require(cell.accessibilityCustomActions)
        #expect(actions.map(\.name) == ["Delete", "Archive", "Flag"])
        let first = mailbox.messages[0]
        #expect(actions[1].actionHandler())
        host.settle()
        #expect(mailbox.archived == [first])
        // An app's own actions win, as any accessibility property it sets.
        let other = try #require(table.cellForRow(at: IndexPath(row: 1, section: 0)))
        other.accessibilityCustomActions = [AccessibilityCustomAction(name: "Reply") { true }]
        #expect(other.accessibilityCustomActions?.map(\.name) == ["Reply"])
    }
}

/// An action that finishes later (after asking the user, say): its completion is kept.
@MainActor
final class LaterActionsViewController: TableViewController {
    var pending: [(Bool) -> Void] = []

    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.rowHeight = 44
    }

    override func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { 10 }

    override func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = TableViewCell(style: .default, reuseIdentifier: nil)
        cell.textLabel?.text = "Row \(indexPath.row)"
        return cell
    }

    override func tableView(_ tableView: TableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath)
        -> SwipeActionsConfiguration?
    {
        SwipeActionsConfiguration(actions: [ContextualAction(style: .normal, title: "Later") { [weak self] _, _, done in self?.pending.append(done) }]
        )
    }
}

@Suite @MainActor
struct SwipeActionsEdgesPortTests {
    private func show() throws -> (HeadlessWindow, MailboxViewController, TableView) {
        let host = try HeadlessWindow(size: Size(width: 400, height: 600), fonts: .fixedAdvance(ratio: 0.5))
        let mailbox = MailboxViewController()
        host.window.rootViewController = mailbox
        host.settle()
        return (host, mailbox, try #require(mailbox.tableView))
    }

    private func y(ofRow row: Int, in table: TableView) -> Double { table.convert(Point(x: 0, y: Double(row) * 44 + 22), to: nil).y }

    /// A finger is never level: a slow swipe that drifts 60 points down over 200 across still opens the row.
    @Test func aSlowSlightlySlantedSwipeOpensTheRow() throws {
        let (host, _, table) = try show()
        let y = y(ofRow: 2, in: table)
        host.input.drag(from: Point(x: 350, y: y), to: Point(x: 150, y: y + 60), duration: 2, steps: 100, holdBeforeRelease: 0.1)
        host.settle()
        #expect(try #require(table.cellForRow(at: IndexPath(row: 2, section: 0))).contentView.frame.minX < -100)
        #expect(table.contentOffset.y == 0)
    }

    /// A finger that lands on the open row and moves up scrolls the table, closing the row.
    @Test func aVerticalDragOnTheOpenRowScrollsAndClosesIt() throws {
        let (host, _, table) = try show()
        let y = y(ofRow: 2, in: table)
        host.input.drag(from: Point(x: 350, y: y), to: Point(x: 150, y: y), duration: 0.25, holdBeforeRelease: 0.1)
        host.settle()
        host.input.drag(from: Point(x: 100, y: y), to: Point(x: 100, y: y - 300), duration: 0.3)
        host.settle()
        #expect(table.contentOffset.y > 100)
        #expect(table.visibleCells.allSatisfy { $0.contentView.frame.minX == 0 })
    }

    /// A completion called late closes the row it was for, never another row open by then.
    @Test func aLateCompletionLeavesAnotherOpenRowOpen() throws {
        let host = try HeadlessWindow(size: Size(width: 400, height: 600), fonts: .fixedAdvance(ratio: 0.5))
        let list = LaterActionsViewController()
        host.window.rootViewController = list
        host.settle()
        let table = try #require(list.tableView)
        for row in [1, 3] {
            let y = y(ofRow: row, in: table)
            host.input.drag(from: Point(x: 350, y: y), to: Point(x: 250, y: y), duration: 0.25, holdBeforeRelease: 0.1)
            host.settle()
            if row == 1 {
                host.input.tap(at: Point(x: 390, y: y))
                host.settle()
                host.input.tap(at: Point(x: 100, y: self.y(ofRow: 6, in: table)))  // closes row 1
                host.settle()
            }
        }
        #expect(list.pending.count == 1)
        list.pending.first?(true)
        host.settle()
        #expect(try #require(table.cellForRow(at: IndexPath(row: 3, section: 0))).contentView.frame.minX < 0, "row 3 stays open")
    }
}
