// SPDX-License-Identifier: Apache-2.0
import Foundation

/// The bubble over a pressed key: its character, or a row of alternates with one highlighted.
@MainActor
package final class KeyPopupView: View {
    /// The characters shown.
    public let labels: [String]
    /// The highlighted alternate, if choosing.
    public var highlighted: Int? { didSet { setNeedsDisplay() } }
    var cellWidth = 40.0
    private let font: Font
    /// Made only by Caret (it needs what no archive holds): nil from an archive.
    public required init?(coder: NSCoder) { nil }

    init(labels: [String], font: Font) {
        self.labels = labels
        self.font = font
        super.init(frame: .zero)
        isUserInteractionEnabled = false
    }

    /// The alternate under an x in the popup's coordinates.
    func index(atX x: Double) -> Int { min(labels.count - 1, max(0, Int((x - 4) / cellWidth))) }

    public override func draw(_ rect: Rect, in context: GraphicsContext) {
        context.fillRoundedRect(bounds.offsetBy(dx: 0, dy: 1), radius: 8, color: Color(white: 0, alpha: 0.25))
        context.fillRoundedRect(bounds, radius: 8, color: .cardBackground)
        let metrics = context.fontProvider.metrics(for: font)
        for (i, label) in labels.enumerated() {
            let cell = Rect(x: 4 + Double(i) * cellWidth, y: 4, width: cellWidth, height: bounds.height - 8)
            var color = Color.label
            if highlighted == i, labels.count > 1 {
                context.fillRoundedRect(cell, radius: 6, color: .systemBlue)
                color = .white
            }
            let run = context.shape(KeyboardKey.drawnLabel(label), font: font)
            context.drawText(
                run, at: Point(x: (cell.midX - run.width / 2).rounded(), y: (cell.midY - metrics.lineHeight / 2).rounded()),
                color: color)
        }
    }
}
