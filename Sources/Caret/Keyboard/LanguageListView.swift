// SPDX-License-Identifier: Apache-2.0
import Foundation

/// The globe key's list: a long press on the globe shows the offered languages by their native
/// names, and the one the finger lifts on is shown (the one shown now is checked). A list taller
/// than the room above the keys scrolls while the finger rests at its top or bottom edge.
@MainActor
package final class LanguageListView: View {
    /// The languages' names, in the globe key's order.
    public let names: [String]
    /// The row of the language shown now.
    public let current: Int
    /// The row under the finger.
    public var highlighted: Int? { didSet { if highlighted != oldValue { setNeedsDisplay() } } }
    /// A row's height.
    public let rowHeight: Double
    private let font: Font
    /// How far the rows are scrolled up, in points.
    package private(set) var offset = 0.0 { didSet { if offset != oldValue { setNeedsDisplay() } } }
    /// The furthest the rows scroll: all of them less what shows.
    package var maximumOffset: Double { max(0, rowHeight * Double(names.count) + 8 - bounds.height) }
    /// Made only by Caret (it needs what no archive holds): nil from an archive.
    public required init?(coder: NSCoder) { nil }

    init(names: [String], current: Int, rowHeight: Double, font: Font) {
        self.names = names
        self.current = current
        self.rowHeight = rowHeight
        self.font = font
        super.init(frame: .zero)
        isUserInteractionEnabled = false
    }

    /// The row at a y in the list's coordinates, or nil outside it.
    func row(atY y: Double) -> Int? {
        guard y >= 4, y < bounds.height - 4 else { return nil }
        return min(names.count - 1, max(0, Int((y + offset - 4) / rowHeight)))
    }

    /// Which way a finger at a y scrolls the rows: -1 up (at the top edge or above the list),
    /// 1 down (at the bottom edge), 0 not (in between, or nothing more that way).
    func scrollDirection(atY y: Double) -> Int {
        if y < rowHeight / 2 && offset > 0 { return -1 }
        if y > bounds.height - rowHeight / 2 && y < bounds.height + rowHeight && offset < maximumOffset { return 1 }
        return 0
    }

    /// Scrolls the rows by half a row that way; true when they moved.
    @discardableResult
    func scroll(_ direction: Int) -> Bool {
        let before = offset
        offset = min(maximumOffset, max(0, offset + Double(direction) * rowHeight / 2))
        return offset != before
    }

    /// Scrolls so that a row shows whole.
    func reveal(row: Int) {
        let top = 4 + Double(row) * rowHeight
        if top - offset < 4 { offset = max(0, top - 4) }
        if top + rowHeight - offset > bounds.height - 4 { offset = min(maximumOffset, top + rowHeight - bounds.height + 4) }
    }

    public override func draw(_ rect: Rect, in context: GraphicsContext) {
        context.fillRoundedRect(bounds.offsetBy(dx: 0, dy: 1), radius: 8, color: Color(white: 0, alpha: 0.25))
        context.fillRoundedRect(bounds, radius: 8, color: .cardBackground)
        let metrics = context.fontProvider.metrics(for: font)
        context.saveGState()
        defer { context.restoreGState() }
        context.clip(to: bounds.insetBy(dx: 0, dy: 4))
        for (i, name) in names.enumerated() {
            let row = Rect(x: 4, y: 4 + Double(i) * rowHeight - offset, width: bounds.width - 8, height: rowHeight)
            guard row.maxY > 0, row.minY < bounds.height else { continue }
            var color = Color.label
            if highlighted == i {
                context.fillRoundedRect(row, radius: 6, color: .systemBlue)
                color = .white
            }
            let y = (row.midY - metrics.lineHeight / 2).rounded()
            if i == current { context.drawText(context.shape("✓", font: font), at: Point(x: row.minX + 8, y: y), color: color) }
            context.drawText(context.shape(name, font: font), at: Point(x: row.minX + 8 + rowHeight * 0.7, y: y), color: color)
        }
        // More above or below: a fade at that edge says so.
        if offset > 0 { context.fill(Rect(x: 4, y: 4, width: bounds.width - 8, height: 2), color: Color(white: 0, alpha: 0.2)) }
        if offset < maximumOffset {
            context.fill(Rect(x: 4, y: bounds.height - 6, width: bounds.width - 8, height: 2), color: Color(white: 0, alpha: 0.2))
        }
    }
}
