// SPDX-License-Identifier: Apache-2.0
@_spi(Backend) import Caret
import CaretTesting
import Testing

// Reordering as UIKit apps write it, renamed only: `canMoveRowAt` (which Swift on Linux needs in
// place of asking whether `moveRowAt` is implemented), `moveRowAt` moving the app's own array, and
// `targetIndexPathForMoveFromRowAt` keeping a pinned row first. A finger takes a row by its reorder
// control at the trailing edge, as in UIKit.

@MainActor
final class PlaylistViewController: TableViewController {
    var songs = ["Intro", "Blue", "Green", "Red", "Yellow", "Violet", "Orange", "Outro"]
    var moves: [String] = []
    var asked: [IndexPath] = []

    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.register(TableViewCell.self, forCellReuseIdentifier: "song")
        tableView.rowHeight = 44
    }

    override func numberOfSections(in tableView: TableView) -> Int { 2 }

    override func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { section == 0 ? songs.count : 1 }

    override func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        asked.append(indexPath)
        let cell = tableView.dequeueReusableCell(withIdentifier: "song", for: indexPath)
        cell.textLabel?.text = indexPath.section == 0 ? songs[indexPath.row] : "Shuffle"
        return cell
    }

    override func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? { section == 0 ? "Songs" : "Play" }

    override func tableView(_ tableView: TableView, canEditRowAt indexPath: IndexPath) -> Bool { indexPath.section == 0 }

    override func tableView(_ tableView: TableView, canMoveRowAt indexPath: IndexPath) -> Bool {
        indexPath.section == 0 && indexPath.row > 0
    }

    override func tableView(_ tableView: TableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {
        moves.append("\(sourceIndexPath.row)→\(destinationIndexPath.row)")
        let song = songs.remove(at: sourceIndexPath.row)
        songs.insert(song, at: destinationIndexPath.row)
    }

    // The intro stays first, and songs stay in their section.
    override func tableView(
        _ tableView: TableView, targetIndexPathForMoveFromRowAt sourceIndexPath: IndexPath,
        toProposedIndexPath proposedDestinationIndexPath: IndexPath
    ) -> IndexPath {
        if proposedDestinationIndexPath.section != sourceIndexPath.section { return IndexPath(row: songs.count - 1, section: 0) }
        return proposedDestinationIndexPath.row == 0 ? IndexPath(row: 1, section: 0) : proposedDestinationIndexPath
    }
}

@Suite @MainActor
struct TableReorderPortTests {
    private func show() throws -> (HeadlessWindow, PlaylistViewController, TableView) {
        let list = PlaylistViewController()
        let (host, table) = try showTable(list)
        list.setEditing(true, animated: false)
        host.settle()
        return (host, list, table)
    }

    /// A row's middle in window coordinates, where its reorder control is (the trailing 44 points).
    private func grip(_ row: Int, in table: TableView) -> Point {
        let rect = table.rectForRow(at: IndexPath(row: row, section: 0))
        return table.convert(Point(x: rect.maxX - 22, y: rect.midY), to: nil)
    }

    /// The texts of the first section's rows, top to bottom by where their cells stand.
    private func shownOrder(_ table: TableView) -> [String] {
        table.visibleCells.filter { table.indexPath(for: $0)?.section == 0 }.sorted { $0.frame.minY < $1.frame.minY }
            .compactMap { $0.textLabel?.text }
    }

    private func drag(_ host: HeadlessWindow, from start: Point, by dy: Double, release: Bool = true) {
        host.window.send(.touch(id: 1, phase: .began, location: start))
        for step in 1...20 {
            host.advance(by: 0.02)
            host.window.send(.touch(id: 1, phase: .moved, location: Point(x: start.x, y: start.y + dy * Double(step) / 20)))
        }
        host.settle()
        if release {
            host.window.send(.touch(id: 1, phase: .ended, location: Point(x: start.x, y: start.y + dy)))
            host.settle()
        }
    }

    @Test func aRowDraggedByItsControlMovesAndTheDataSourceHearsItOnce() throws {
        let (host, list, table) = try show()
        var expected = list.songs
        let before = list.asked.count
        // Blue (row 1) dragged down three rows and 3 points: past Yellow's middle (on the last
        // move), it goes after Yellow.
        drag(host, from: grip(1, in: table), by: 3 * 44 + 3, release: false)
        #expect(list.moves.isEmpty, "nothing is told while the finger is down")
        // The row stays under the finger, between places, while the others slide.
        let blue = try #require(table.visibleCells.first { $0.textLabel?.text == "Blue" })
        let finger = table.convert(Point(x: 0, y: grip(1, in: table).y + 3 * 44 + 3), from: nil).y
        #expect(blue.frame.midY == finger)
        // The rows it passed slid up out of its way.
        let green = try #require(table.visibleCells.first { $0.textLabel?.text == "Green" })
        #expect(green.frame.minY == table.rectForRow(at: IndexPath(row: 1, section: 0)).minY)
        let start = grip(1, in: table)
        host.window.send(.touch(id: 1, phase: .ended, location: Point(x: start.x, y: start.y + 3 * 44 + 3)))
        host.settle()
        expected.insert(expected.remove(at: 1), at: 4)
        #expect(list.moves == ["1→4"])
        #expect(list.songs == expected)
        #expect(shownOrder(table) == expected, "the table shows the new order with no reload")
        #expect(list.asked.count == before, "no cell was asked for again")
        // Each row's cell stands in its row's rectangle.
        for (row, song) in expected.enumerated() {
            let cell = try #require(table.cellForRow(at: IndexPath(row: row, section: 0)))
            #expect(cell.textLabel?.text == song)
            #expect(cell.frame == table.rectForRow(at: IndexPath(row: row, section: 0)))
        }
    }

    @Test func upwardsTheDelegateKeepsThePinnedRowFirstAndTheSectionsApart() throws {
        let (host, list, table) = try show()
        var expected = list.songs
        // Orange (row 6) dragged far up, over the intro: the delegate keeps it at row 1.
        drag(host, from: grip(6, in: table), by: -8 * 44)
        expected.insert(expected.remove(at: 6), at: 1)
        #expect(list.moves == ["6→1"])
        #expect(list.songs == expected)
        #expect(shownOrder(table) == expected)
        // Violet dragged down past the end of its section: it stays its section's last row.
        let violet = try #require(expected.firstIndex(of: "Violet"))
        drag(host, from: grip(violet, in: table), by: 5 * 44)
        expected.append(expected.remove(at: violet))
        #expect(list.songs == expected)
        #expect(shownOrder(table) == expected)
        #expect(table.numberOfRows(inSection: 1) == 1)
    }

    @Test func onlyRowsTheDataSourceLetsMoveShowTheControlAndAFingerElsewhereScrolls() throws {
        let (host, list, table) = try show()
        let intro = try #require(table.cellForRow(at: IndexPath(row: 0, section: 0)))
        let blue = try #require(table.cellForRow(at: IndexPath(row: 1, section: 0)))
        // The control takes the trailing 44 points: content ends before it on a movable row.
        #expect(blue.contentView.frame.maxX == blue.bounds.width - 44)
        #expect(intro.contentView.frame.maxX == intro.bounds.width)
        // The intro's trailing edge does not take the row.
        drag(host, from: grip(0, in: table), by: 2 * 44)
        #expect(list.moves.isEmpty)
        // Out of editing mode no row has a control.
        list.setEditing(false, animated: false)
        host.settle()
        #expect(blue.contentView.frame.maxX == blue.bounds.width)
        drag(host, from: grip(1, in: table), by: 2 * 44)
        #expect(list.moves.isEmpty)
    }

    @Test func heldNearTheBottomTheTableScrollsAndRowsShownMeanwhileAreTheRightOnes() throws {
        let list = PlaylistViewController()
        list.songs = ["Intro"] + (1...40).map { "Song \($0)" }
        let (host, table) = try showTable(list)
        list.setEditing(true, animated: false)
        host.settle()
        let start = grip(2, in: table)  // Song 2
        let bottom = table.convert(Point(x: 0, y: table.bounds.maxY), to: nil).y - 10
        host.window.send(.touch(id: 1, phase: .began, location: start))
        for step in 1...60 {
            host.advance(by: 0.02)
            // Down to the bottom edge, then held there, wobbling a point.
            let y = step <= 20 ? start.y + (bottom - start.y) * Double(step) / 20 : bottom - Double(step % 2)
            host.window.send(.touch(id: 1, phase: .moved, location: Point(x: start.x, y: y)))
        }
        let scrolled = table.contentOffset.y
        // Then up to the top edge and held there a while: the rows it passed come back into view.
        let top = table.convert(Point(x: 0, y: table.bounds.minY), to: nil).y + 10
        for step in 1...30 {
            host.advance(by: 0.02)
            let y = step <= 10 ? bottom + (top - bottom) * Double(step) / 10 : top + Double(step % 2)
            host.window.send(.touch(id: 1, phase: .moved, location: Point(x: start.x, y: y)))
        }
        host.window.send(.touch(id: 1, phase: .ended, location: Point(x: start.x, y: top)))
        host.settle()
        #expect(scrolled > 200, "the table scrolled while the row was held at its bottom")
        #expect(table.contentOffset.y < scrolled - 100, "and back while it was held at its top")
        let moved = try #require(list.songs.firstIndex(of: "Song 2"))
        let released = table.convert(Point(x: start.x, y: top), from: nil)
        #expect(table.indexPathForRow(at: released)?.row == moved, "the row went where the finger lifted")
        #expect(list.moves == ["2→\(moved)"])
        // Every shown row, including those that came into view during the drag, shows the app's
        // song for its row now.
        for cell in table.visibleCells {
            let path = try #require(table.indexPath(for: cell))
            guard path.section == 0 else { continue }
            #expect(cell.textLabel?.text == list.songs[path.row], "row \(path.row)")
            #expect(cell.frame == table.rectForRow(at: path))
        }
    }

    @Test func aRowDeletedDuringADragPutsTheDraggedRowBackAndIsShownRight() throws {
        let (host, list, table) = try show()
        drag(host, from: grip(1, in: table), by: 3 * 44 + 10, release: false)
        // A message comes in, say: the app deletes a row while the finger is down.
        list.songs.remove(at: 5)
        table.deleteRows(at: [IndexPath(row: 5, section: 0)], with: .none)
        host.settle()
        host.window.send(.touch(id: 1, phase: .ended, location: grip(3, in: table)))
        host.settle()
        #expect(list.moves.isEmpty, "the drag ended when the rows changed under it")
        #expect(shownOrder(table) == list.songs)
        for (row, song) in list.songs.enumerated() {
            #expect(table.cellForRow(at: IndexPath(row: row, section: 0))?.textLabel?.text == song)
        }
    }

    @Test func aSecondFingerNeitherTakesNorDropsTheDraggedRow() throws {
        let (host, list, table) = try show()
        var expected = list.songs
        let start = grip(1, in: table)
        host.window.send(.touch(id: 1, phase: .began, location: start))
        for step in 1...10 {
            host.advance(by: 0.02)
            host.window.send(.touch(id: 1, phase: .moved, location: Point(x: start.x, y: start.y + Double(step) * 10)))
        }
        // Another finger on another row's bars, moved and lifted.
        let other = grip(6, in: table)
        host.window.send(.touch(id: 2, phase: .began, location: other))
        host.advance(by: 0.05)
        host.window.send(.touch(id: 2, phase: .moved, location: Point(x: other.x, y: other.y - 60)))
        let blue = try #require(table.visibleCells.first { $0.textLabel?.text == "Blue" })
        #expect(blue.frame.midY == table.convert(Point(x: 0, y: start.y + 100), from: nil).y, "the row stays under the first finger")
        host.window.send(.touch(id: 2, phase: .ended, location: Point(x: other.x, y: other.y - 60)))
        #expect(list.moves.isEmpty)
        // The first finger goes on and lifts past Yellow's middle.
        for step in 11...15 {
            host.advance(by: 0.02)
            host.window.send(.touch(id: 1, phase: .moved, location: Point(x: start.x, y: start.y + Double(step) * 10)))
        }
        host.window.send(.touch(id: 1, phase: .ended, location: Point(x: start.x, y: start.y + 3 * 44 + 10)))
        host.settle()
        expected.insert(expected.remove(at: 1), at: 4)
        #expect(list.moves == ["1→4"])
        #expect(list.songs == expected)
        #expect(shownOrder(table) == expected)
    }

    @Test func aCancelledDragPutsTheRowBack() throws {
        let (host, list, table) = try show()
        let before = list.songs
        drag(host, from: grip(2, in: table), by: 2 * 44 + 10, release: false)
        host.window.send(.touch(id: 1, phase: .cancelled, location: grip(4, in: table)))
        host.settle()
        #expect(list.moves.isEmpty)
        #expect(shownOrder(table) == before)
    }
}
