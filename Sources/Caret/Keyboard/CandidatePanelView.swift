import Foundation

/// The full candidate panel: the page's candidates in a grid over the keys, with page turns.
@MainActor
package final class CandidatePanelView: View {
    /// The candidates shown.
    public var candidates: [String] = [] { didSet { setNeedsDisplay() } }
    /// Whether a page comes before this one.
    public var canTurnBack = false { didSet { setNeedsDisplay() } }
    /// Whether a page follows.
    public var canTurnForward = false { didSet { setNeedsDisplay() } }
    var onChoose: ((Int) -> Void)?
    var onTurn: ((Bool) -> Void)?
    private let font: Font
    /// Made only by Caret (it needs what no archive holds): nil from an archive.
    public required init?(coder: NSCoder) { nil }


    init(font: Font) {
        self.font = font
        super.init(frame: .zero)
        backgroundColor = Color(rgb: 0xEEEFF2)
    }

    private var columns: Int { max(1, min(5, Int(bounds.width / 120))) }
    private var turnRowHeight: Double { 48 }

    /// The candidate cells, row by row.
    public var cellFrames: [Rect] {
        let width = bounds.width / Double(columns)
        let rows = max(1, (candidates.count + columns - 1) / columns)
        let height = min(64, max(36, (bounds.height - turnRowHeight) / Double(rows)))
        return candidates.indices.map { i in
            Rect(x: Double(i % columns) * width, y: Double(i / columns) * height, width: width, height: height)
        }
    }

    /// The page turns at the bottom: back, then forward.
    public var turnFrames: (back: Rect, forward: Rect) {
        let y = bounds.height - turnRowHeight
        return (Rect(x: 0, y: y, width: bounds.width / 2, height: turnRowHeight),
                Rect(x: bounds.width / 2, y: y, width: bounds.width / 2, height: turnRowHeight))
    }

    public override func draw(_ rect: Rect, in context: GraphicsContext) {
        let metrics = context.fontProvider.metrics(for: font)
        for (i, cell) in cellFrames.enumerated() {
            context.fillRoundedRect(cell.insetBy(dx: 3, dy: 3), radius: 6, color: .white)
            let run = context.shape(candidates[i], font: font)
            context.drawText(
                run, at: Point(x: (cell.midX - run.width / 2).rounded(), y: (cell.midY - metrics.lineHeight / 2).rounded()),
                color: .black)
        }
        let turns = turnFrames
        for (label, frame, enabled) in [("‹", turns.back, canTurnBack), ("›", turns.forward, canTurnForward)] {
            context.fillRoundedRect(frame.insetBy(dx: 3, dy: 3), radius: 6, color: Color(rgb: 0xABB0BA))
            let run = context.shape(label, font: font)
            context.drawText(
                run, at: Point(x: (frame.midX - run.width / 2).rounded(), y: (frame.midY - metrics.lineHeight / 2).rounded()),
                color: enabled ? .black : Color(white: 0.55))
        }
    }

    // The panel takes its touches whole: none reaches the keys under it.
    public override func touchesBegan(_ touches: Set<Touch>, with event: InputEvent?) {}
    public override func touchesMoved(_ touches: Set<Touch>, with event: InputEvent?) {}
    public override func touchesCancelled(_ touches: Set<Touch>, with event: InputEvent?) {}

    public override func touchesEnded(_ touches: Set<Touch>, with event: InputEvent?) {
        guard let point = touches.first?.location(in: self) else { return }
        let turns = turnFrames
        if turns.back.contains(point) {
            if canTurnBack { onTurn?(false) }
        } else if turns.forward.contains(point) {
            if canTurnForward { onTurn?(true) }
        } else if let index = cellFrames.firstIndex(where: { $0.contains(point) }) {
            onChoose?(index)
        }
    }
}
