// SPDX-License-Identifier: Apache-2.0
import Caret
import CaretSDLTesting
import CaretTesting
import Foundation
import Testing

/// A row swiped open, drawn on the software renderer: its buttons fill what the content uncovers
/// in the actions' own colours, the first at the row's edge.
@Suite(.serialized) @MainActor
struct SwipeActionsPixelTests {
    /// Ten rows with Delete and Archive (blue) at their trailing edge.
    final class Inbox: TableViewController {
        override func viewDidLoad() {
            super.viewDidLoad()
            tableView.rowHeight = 44
        }
        override func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { 10 }
        override func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
            let cell = TableViewCell(style: .default, reuseIdentifier: nil)
            cell.textLabel?.text = "Message \(indexPath.row + 1)"
            cell.accessoryType = .disclosureIndicator
            return cell
        }
        override func tableView(_ tableView: TableView, canEditRowAt indexPath: IndexPath) -> Bool { true }
        override func tableView(_ tableView: TableView, canMoveRowAt indexPath: IndexPath) -> Bool { indexPath.row < 9 }
        override func tableView(_ tableView: TableView, editingStyleForRowAt indexPath: IndexPath) -> TableViewCell.EditingStyle {
            indexPath.row == 9 ? .insert : .delete
        }
        override func tableView(_ tableView: TableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath)
            -> SwipeActionsConfiguration?
        {
            let delete = ContextualAction(style: .destructive, title: "Delete") { _, _, done in done(true) }
            let archive = ContextualAction(style: .normal, title: "Archive") { _, _, done in done(true) }
            archive.backgroundColor = .systemBlue
            return SwipeActionsConfiguration(actions: [delete, archive])
        }
    }

    @Test func anOpenRowShowsItsButtonsInTheirColoursAtItsTrailingEdge() throws {
        let host = try HeadlessWindow(size: Size(width: 400, height: 300), fonts: .bundled)
        let mailbox = Inbox()
        host.window.rootViewController = mailbox
        host.settle()
        let table = try #require(mailbox.tableView)
        let rowY = table.convert(Point(x: 0, y: 44 + 22), to: nil).y
        host.input.drag(from: Point(x: 350, y: rowY), to: Point(x: 200, y: rowY), duration: 0.25, holdBeforeRelease: 0.1)
        host.settle()
        let image = try host.render()
        if let path = ProcessInfo.processInfo.environment["CARET_SWIPE_PNG"] { try image.writePNG(to: path) }
        let scale = image.scale
        func colour(atX x: Double) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
            image.pixel(x: Int(x * scale), y: Int((rowY + 14) * scale))
        }
        /// Whether a pixel is a colour as the light appearance draws it (within one step of 255).
        func matches(_ pixel: (r: UInt8, g: UInt8, b: UInt8, a: UInt8), _ colour: Color) -> Bool {
            let c = colour.resolvedColor(with: TraitCollection())
            return [(pixel.r, c.red), (pixel.g, c.green), (pixel.b, c.blue)].allSatisfy { abs(Double($0.0) - ($0.1 * 255).rounded()) <= 1 }
        }
        // Delete (systemRed) at the right edge, Archive (systemBlue) left of it.
        let right = colour(atX: 396)
        #expect(matches(right, .systemRed), "\(right)")
        var x = 396.0
        while x > 0, matches(colour(atX: x), .systemRed) || !matches(colour(atX: x), .systemBlue) && colour(atX: x).r > 150 && colour(atX: x).g < 100
        {
            x -= 1
        }
        #expect(matches(colour(atX: x - 4), .systemBlue), "\(colour(atX: x - 4)) at \(x - 4)")
        // The chevron moved aside with the content: drawn (grey, darker than the white row) just
        // left of the buttons, no longer at the row's edge under them.
        var left = x - 4
        while left > 0, matches(colour(atX: left), .systemBlue) { left -= 1 }  // Archive's left edge
        let chevron = stride(from: left - 30, to: left, by: 1).contains { px in
            (Int(rowY) - 8...Int(rowY) + 8).contains { py in
                let p = image.pixel(x: Int(px * scale), y: Int(Double(py) * scale))
                return p.r < 220 && abs(Int(p.r) - Int(p.b)) < 20
            }
        }
        #expect(chevron, "a grey chevron left of the buttons")
        // The row above is untouched: white where the buttons are.
        let above = image.pixel(x: Int(396 * scale), y: Int((rowY - 30) * scale))
        #expect(above.r > 240 && above.g > 240 && above.b > 240)
    }

    @Test func editingModeDrawsItsControlsAtTheEdgesAndMovesTheTextAside() throws {
        let host = try HeadlessWindow(size: Size(width: 400, height: 500), fonts: .bundled)
        let mailbox = Inbox()
        host.window.rootViewController = mailbox
        host.settle()
        let table = try #require(mailbox.tableView)
        let image0 = try host.render()
        mailbox.setEditing(true, animated: true)
        host.settle()
        let image = try host.render()
        if let path = ProcessInfo.processInfo.environment["CARET_EDITING_PNG"] { try image.writePNG(to: path) }
        let scale = image.scale
        func pixel(_ image: Image, _ x: Double, _ y: Double) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
            image.pixel(x: Int(x * scale), y: Int(y * scale))
        }
        func matches(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8), _ colour: Color) -> Bool {
            let c = colour.resolvedColor(with: TraitCollection())
            return [(p.r, c.red), (p.g, c.green), (p.b, c.blue)].allSatisfy { abs(Double($0.0) - ($0.1 * 255).rounded()) <= 1 }
        }
        /// Whether any pixel of a row's middle band between two x is text-dark.
        func hasText(_ image: Image, row: Int, from x0: Double, to x1: Double) -> Bool {
            let mid = table.convert(Point(x: 0, y: Double(row) * 44 + 22), to: nil).y
            return stride(from: x0, to: x1, by: 1).contains { x in (Int(mid) - 6...Int(mid) + 6).contains { pixel(image, x, Double($0)).r < 120 } }
        }
        for row in [1, 9] {
            let mid = table.convert(Point(x: 0, y: Double(row) * 44 + 22), to: nil).y
            let colour: Color = row == 9 ? .systemGreen : .systemRed
            // The circle (22 points, centred 20 points in) in its colour, a white bar across its middle.
            #expect(matches(pixel(image, 20, mid - 8), colour), "row \(row): \(pixel(image, 20, mid - 8))")
            #expect(matches(pixel(image, 12, mid - 3), colour))
            #expect(pixel(image, 20, mid).r > 240 && pixel(image, 20, mid).g > 240 && pixel(image, 20, mid).b > 240)
            // Insert's bar crosses a vertical one; delete's does not.
            let vertical = pixel(image, 20, mid - 4)
            #expect((vertical.r > 240 && vertical.b > 240) == (row == 9), "row \(row): \(vertical)")
            // Out of editing mode the same place was not the control's colour (the row's text).
            #expect(!matches(pixel(image0, 20, mid - 8), colour))
        }
        // A movable row's reorder control: three grey bars 5.5 points apart at the trailing edge,
        // white between them; none on the last row, which cannot move.
        for row in [1, 9] {
            let mid = table.convert(Point(x: 0, y: Double(row) * 44 + 22), to: nil).y
            let x = 400.0 - 22
            let bars = [mid - 5.5, mid, mid + 5.5].map { pixel(image, x, $0) }
            #expect(bars.allSatisfy { matches($0, .systemGray2) } == (row == 1), "row \(row): \(bars)")
            let between = pixel(image, x, mid - 3)
            #expect(between.r > 240 && between.g > 240 && between.b > 240)
        }
        // The text starts after the control: none left of 50 points, as there was before.
        #expect(hasText(image0, row: 1, from: 14, to: 40))
        #expect(!hasText(image, row: 1, from: 33, to: 50))
        #expect(hasText(image, row: 1, from: 50, to: 90))
    }
}
