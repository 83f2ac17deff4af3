// SPDX-License-Identifier: Apache-2.0
import Caret
import CaretSDLTesting
import CaretTesting
import Foundation
import Testing

/// Rows laid out right to left, as UIKit mirrors a cell: the text and the editing control at the
/// right, the accessory (a chevron pointing left), the reorder bars and a value row's detail at
/// the left, the separator starting under the text at the right. Drawn on the software renderer.
@Suite(.serialized) @MainActor
struct RightToLeftRowsPixelTests {
    final class Settings: TableViewController {
        override func viewDidLoad() {
            super.viewDidLoad()
            tableView.rowHeight = 44
        }
        override func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { 6 }
        override func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
            let cell = TableViewCell(style: indexPath.row == 1 ? .value1 : .default, reuseIdentifier: nil)
            cell.semanticContentAttribute = .forceRightToLeft
            cell.textLabel?.text = "Row \(indexPath.row + 1)"
            cell.detailTextLabel?.text = "Detail"
            cell.accessoryType = .disclosureIndicator
            return cell
        }
        override func tableView(_ tableView: TableView, canEditRowAt indexPath: IndexPath) -> Bool { true }
        override func tableView(_ tableView: TableView, canMoveRowAt indexPath: IndexPath) -> Bool { true }
    }

    @Test func aMirroredRowPutsItsTextRightAndItsAccessoryLeft() throws {
        let width = 400.0
        let host = try HeadlessWindow(size: Size(width: width, height: 400), fonts: .bundled)
        let settings = Settings()
        host.window.rootViewController = settings
        host.settle()
        let table = try #require(settings.tableView)
        let cell = try #require(table.cellForRow(at: IndexPath(row: 0, section: 0)))
        let text = try #require(cell.textLabel)
        // The text ends 16 points from the right edge; the content leaves the chevron's room at the left.
        #expect(Double(text.convert(text.bounds, to: cell).maxX) == width - 16)
        #expect(cell.contentView.frame.minX == 34)
        let valueCell = try #require(table.cellForRow(at: IndexPath(row: 1, section: 0)))
        let detail = try #require(valueCell.detailTextLabel)
        let title = try #require(valueCell.textLabel)
        #expect(detail.convert(detail.bounds, to: valueCell).maxX <= title.convert(title.bounds, to: valueCell).minX)
        #expect(detail.textAlignment == .left)

        let image = try host.render()
        if let path = ProcessInfo.processInfo.environment["CARET_RTL_ROWS_PNG"] { try image.writePNG(to: path) }
        let scale = image.scale
        func pixel(_ image: Image, _ x: Double, _ y: Double) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
            image.pixel(x: Int(x * scale), y: Int(y * scale))
        }
        func dark(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8)) -> Bool { p.r < 230 }
        let mid = table.convert(Point(x: 0, y: 22), to: nil).y
        /// Whether any pixel in a band of the first row between two x is darker than the row.
        func drawn(_ image: Image, from x0: Double, to x1: Double) -> Bool {
            stride(from: x0, to: x1, by: 1).contains { x in (Int(mid) - 6...Int(mid) + 6).contains { dark(pixel(image, x, Double($0))) } }
        }
        #expect(drawn(image, from: 6, to: 30), "the chevron at the left")
        #expect(!drawn(image, from: width - 14, to: width - 2), "only the margin at the right edge")
        #expect(
            drawn(image, from: width - 80, to: width - 16), "the text at the right: \(text.frame) in \(cell.contentView.frame), \(text.text ?? "")")
        // The separator runs from the left edge to 16 points before the right.
        let line = table.convert(Point(x: 0, y: 43.5), to: nil).y
        #expect(dark(pixel(image, 8, line)) && dark(pixel(image, width - 20, line)))
        #expect(!dark(pixel(image, width - 8, line)))

        // Editing mode: the delete control at the right edge, the reorder bars at the left.
        settings.setEditing(true, animated: false)
        host.settle()
        let control = try #require(cell.subviews.first { $0.accessibilityLabel == "Delete" })
        #expect(Double(control.frame.maxX) == width)
        let editing = try host.render()
        let red = pixel(editing, width - 20, mid - 8)
        #expect(red.r > 200 && red.g < 80, "\(red)")
        #expect([mid - 5.5, mid, mid + 5.5].allSatisfy { dark(pixel(editing, 22, $0)) }, "three bars at the left")
        #expect(!dark(pixel(editing, 22, mid - 3)))
        #expect(Double(text.convert(text.bounds, to: cell).maxX) == width - 38 - 16, "the text moved aside for the control")
    }
}
