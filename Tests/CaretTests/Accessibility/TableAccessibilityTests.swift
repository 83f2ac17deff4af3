// SPDX-License-Identifier: Apache-2.0

import CaretTesting
import Foundation
import Testing

@testable import Caret

/// A table's rows as assistive technology hears them (the AT-SPI bridge's table cells and
/// Scripts/e2e-atspi-table.sh): a row selected or deselected is a state change, activating a row
/// selects it only where a tap would, and scrolling other rows into view changes the table's children.
@Suite(.serialized) @MainActor
struct TableAccessibilityTests {
    final class Topics: NSObject, TableViewDataSource, TableViewDelegate {
        let names = (0..<40).map { "Topic \($0)" }
        var selected: [Int] = []
        var deselected: [Int] = []
        /// Rows a tap does not select (as the demo's field rows).
        var unselectable: Set<Int> = [0]
        func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { names.count }
        func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
            let cell = tableView.dequeueReusableCell(withIdentifier: "topic", for: indexPath)
            cell.textLabel?.text = names[indexPath.row]
            return cell
        }
        func tableView(_ tableView: TableView, shouldHighlightRowAt indexPath: IndexPath) -> Bool { !unselectable.contains(indexPath.row) }
        func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) { selected.append(indexPath.row) }
        func tableView(_ tableView: TableView, didDeselectRowAt indexPath: IndexPath) { deselected.append(indexPath.row) }
    }

    private func rig(multiple: Bool = true) throws -> (HeadlessWindow, TableView, Topics, AccessibilityRecorder) {
        let host = try makeHost(width: 320, height: 400)
        let table = TableView(frame: Rect(x: 0, y: 0, width: 320, height: 400), style: .plain)
        table.register(TableViewCell.self, forCellReuseIdentifier: "topic")
        table.rowHeight = 44
        table.allowsMultipleSelection = multiple
        let topics = Topics()
        table.dataSource = topics
        table.delegate = topics
        host.rootView = table
        host.settle()
        let recorder = AccessibilityRecorder(window: host.window)
        return (host, table, topics, recorder)
    }

    @Test func selectingARowByActivatingItIsAStateChangeOfThatRow() throws {
        let (host, table, topics, recorder) = try rig()
        let cell = try #require(table.cellForRow(at: IndexPath(row: 2, section: 0)))
        #expect(!cell.accessibilityTraits.contains(.selected))
        #expect(cell.accessibilityActivate())
        host.settle()
        #expect(topics.selected == [2])
        #expect(cell.accessibilityTraits.contains(.selected))
        #expect(recorder.lines.contains("state Topic 2"), "\(recorder.lines)")
        recorder.clear()
        #expect(cell.accessibilityActivate())  // multiple selection: again deselects
        #expect(topics.deselected == [2] && !cell.accessibilityTraits.contains(.selected))
        #expect(recorder.lines.contains("state Topic 2"), "\(recorder.lines)")
        recorder.clear()
        table.selectRow(at: IndexPath(row: 3, section: 0), animated: false, scrollPosition: .none)  // in code, too
        #expect(recorder.lines.contains("state Topic 3"), "\(recorder.lines)")
    }

    @Test func aRowATapWouldNotSelectIsNotSelectedByActivatingIt() throws {
        let (host, table, topics, recorder) = try rig()
        defer { withExtendedLifetime(recorder) {} }
        let cell = try #require(table.cellForRow(at: IndexPath(row: 0, section: 0)))
        #expect(!cell.accessibilityActivate())
        host.settle()
        #expect(topics.selected.isEmpty && !cell.accessibilityTraits.contains(.selected))
        #expect(!table.userCanSelectRow(at: IndexPath(row: 0, section: 0)) && table.userCanSelectRow(at: IndexPath(row: 1, section: 0)))
        table.allowsMultipleSelection = false
        table.allowsSelection = false
        #expect(!table.userCanSelectRow(at: IndexPath(row: 1, section: 0)))
    }

    @Test func scrollingOtherRowsIntoViewChangesTheTablesChildren() throws {
        let (host, table, topics, recorder) = try rig()
        defer { withExtendedLifetime(topics) {} }  // the table holds its data source weakly
        let shownBefore = table.accessibilityElements?.compactMap(\.accessibilityLabel) ?? []
        #expect(shownBefore.first == "Topic 0")
        table.contentOffset = Point(x: 0, y: 44 * 10)
        host.settle()
        let shownAfter = table.accessibilityElements?.compactMap(\.accessibilityLabel) ?? []
        #expect(shownAfter.first == "Topic 10", "\(shownAfter)")
        #expect(recorder.lines.contains { $0.hasPrefix("children") }, "\(recorder.lines)")
        // Once the cells are made, scrolling reuses them (hidden and shown, no view added): still heard.
        recorder.clear()
        table.contentOffset = Point(x: 0, y: 44 * 20)
        host.settle()
        #expect(table.accessibilityElements?.first?.accessibilityLabel == "Topic 20")
        #expect(recorder.lines.contains { $0.hasPrefix("children") }, "\(recorder.lines)")
        recorder.clear()
        table.contentOffset = Point(x: 0, y: 44 * 20)  // the same rows: nothing changed
        host.settle()
        #expect(!recorder.lines.contains { $0.hasPrefix("children") }, "\(recorder.lines)")
    }
}
