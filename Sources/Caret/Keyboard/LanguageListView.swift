import Foundation

/// The globe key's list: a long press on the globe shows the offered languages by their native
/// names, and the one the finger lifts on is shown (the one shown now is checked).
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
        return min(names.count - 1, Int((y - 4) / rowHeight))
    }

    public override func draw(_ rect: Rect, in context: GraphicsContext) {
        context.fillRoundedRect(bounds.offsetBy(dx: 0, dy: 1), radius: 8, color: Color(white: 0, alpha: 0.25))
        context.fillRoundedRect(bounds, radius: 8, color: .white)
        let metrics = context.fontProvider.metrics(for: font)
        for (i, name) in names.enumerated() {
            let row = Rect(x: 4, y: 4 + Double(i) * rowHeight, width: bounds.width - 8, height: rowHeight)
            var color = Color.black
            if highlighted == i {
                context.fillRoundedRect(row, radius: 6, color: .systemBlue)
                color = .white
            }
            let y = (row.midY - metrics.lineHeight / 2).rounded()
            if i == current { context.drawText(context.shape("✓", font: font), at: Point(x: row.minX + 8, y: y), color: color) }
            context.drawText(context.shape(name, font: font), at: Point(x: row.minX + 8 + rowHeight * 0.7, y: y), color: color)
        }
    }
}
