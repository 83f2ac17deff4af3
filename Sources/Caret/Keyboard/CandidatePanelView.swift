// SPDX-License-Identifier: Apache-2.0
import Foundation

/// The full candidate panel over the keys: every candidate of the composition in a grid of cells
/// as wide as their words, scrolled by dragging (the keyboard's engines give all their pages at
/// once); for another source, its page with page turns.
@MainActor
package final class CandidatePanelView: View {
    /// The candidates shown.
    public var candidates: [String] = [] {
        didSet {
            if candidates != oldValue { contentOffset = 0 }
            setNeedsDisplay()
        }
    }
    /// Whether a page comes before this one.
    public var canTurnBack = false { didSet { setNeedsDisplay() } }
    /// Whether a page follows.
    public var canTurnForward = false { didSet { setNeedsDisplay() } }
    /// How far the grid is scrolled (points from its top).
    public private(set) var contentOffset = 0.0 { didSet { setNeedsDisplay() } }
    var onChoose: ((Int) -> Void)?
    var onTurn: ((Bool) -> Void)?
    private let font: Font
    /// Where the finger landed, and whether it has dragged the grid since.
    private var touchStart: (point: Point, offset: Double)?
    private var dragged = false
    /// Made only by Caret (it needs what no archive holds): nil from an archive.
    public required init?(coder: NSCoder) { nil }

    init(font: Font) {
        self.font = font
        super.init(frame: .zero)
        backgroundColor = .candidatePanelBackground
        clipsToBounds = true
    }

    /// The page turns' row: only for a source that gives a page at a time.
    private var turnRowHeight: Double { canTurnBack || canTurnForward ? 48 : 0 }
    private var rowHeight: Double { max(44, (font.pointSize * 2.2).rounded()) }
    /// The height the grid scrolls in.
    private var gridHeight: Double { max(0, bounds.height - turnRowHeight) }

    /// The cells in the grid's own coordinates: rows filled left to right, each cell as wide as
    /// its word (at least square), the row's room shared out among its cells.
    private var gridFrames: [Rect] {
        // The right edge is left to the scroll indicator.
        let width = Double(bounds.width) - 8
        if let grid, grid.candidates == candidates, grid.width == width { return grid.frames }
        let frames = makeGrid(width: width)
        grid = (candidates, width, frames)
        return frames
    }

    /// The grid as last made: drawing, touches and scrolling read it many times a frame.
    private var grid: (candidates: [String], width: Double, frames: [Rect])?

    private func makeGrid(width: Double) -> [Rect] {
        let height = rowHeight
        guard width > 0 else { return [] }
        let provider = fontProvider
        var frames: [Rect] = []
        var row: [Double] = []
        var y = 0.0
        func closeRow(filling: Bool) {
            let used = row.reduce(0, +)
            let extra = filling && !row.isEmpty ? (width - used) / Double(row.count) : 0
            var x = 0.0
            for cell in row {
                frames.append(Rect(x: x, y: y, width: cell + extra, height: height))
                x += cell + extra
            }
            row = []
            y += height
        }
        for candidate in candidates {
            let cell = min(width, max(height, (provider.shape(candidate, font: font).width + 28).rounded()))
            if row.reduce(0, +) + cell > width { closeRow(filling: true) }
            row.append(cell)
        }
        if !row.isEmpty { closeRow(filling: row.reduce(0, +) > width * 0.6) }
        return frames
    }

    /// The height of every row of the grid.
    public var contentHeight: Double { gridFrames.last.map { Double($0.maxY) } ?? 0 }

    /// The candidate cells, in the panel's coordinates as scrolled (some may be out of view).
    public var cellFrames: [Rect] { gridFrames.map { $0.offsetBy(dx: 0, dy: -contentOffset) } }

    /// The cells of the candidates in view, with their indices.
    public var visibleCells: [(index: Int, frame: Rect)] {
        cellFrames.enumerated().compactMap { index, frame in
            frame.maxY > 0 && frame.minY < gridHeight ? (index, frame) : nil
        }
    }

    /// The page turns at the bottom: back, then forward.
    public var turnFrames: (back: Rect, forward: Rect) {
        let y = bounds.height - turnRowHeight
        return (
            Rect(x: 0, y: y, width: bounds.width / 2, height: turnRowHeight),
            Rect(x: bounds.width / 2, y: y, width: bounds.width / 2, height: turnRowHeight)
        )
    }

    /// Scrolls the grid, kept within its rows.
    public func scroll(to offset: Double) {
        contentOffset = min(max(0, offset), max(0, contentHeight - gridHeight))
    }

    public override func draw(_ rect: Rect, in context: GraphicsContext) {
        let metrics = context.fontProvider.metrics(for: font)
        for (i, cell) in visibleCells {
            let clipped = cell.insetBy(dx: 3, dy: 3)
            context.fillRoundedRect(clipped, radius: 6, color: .cardBackground)
            let run = context.shape(candidates[i], font: font)
            context.drawText(
                run, at: Point(x: (cell.midX - run.width / 2).rounded(), y: (cell.midY - metrics.lineHeight / 2).rounded()),
                color: i == 0 ? .systemBlue : .label)
        }
        if contentHeight > gridHeight, gridHeight > 0 {
            // Where the view is in the grid: a thin bar at the right edge.
            let length = max(24, gridHeight * gridHeight / contentHeight)
            let y = (gridHeight - length) * contentOffset / (contentHeight - gridHeight)
            context.fillRoundedRect(Rect(x: bounds.width - 5, y: y, width: 3, height: length), radius: 1.5, color: .disabledText)
        }
        guard turnRowHeight > 0 else { return }
        let turns = turnFrames
        context.fill(Rect(x: 0, y: turns.back.minY, width: bounds.width, height: turnRowHeight), color: backgroundColor ?? .cardBackground)
        for (label, frame, enabled) in [("‹", turns.back, canTurnBack), ("›", turns.forward, canTurnForward)] {
            context.fillRoundedRect(frame.insetBy(dx: 3, dy: 3), radius: 6, color: .functionKey)
            let run = context.shape(label, font: font)
            context.drawText(
                run, at: Point(x: (frame.midX - run.width / 2).rounded(), y: (frame.midY - metrics.lineHeight / 2).rounded()),
                color: enabled ? .label : .disabledText)
        }
    }

    // The panel takes its touches whole: none reaches the keys under it. A drag scrolls the grid;
    // a touch that did not drag chooses what it lifts on.
    public override func touchesBegan(_ touches: Set<Touch>, with event: InputEvent?) {
        guard let point = touches.first?.location(in: self) else { return }
        touchStart = (point, contentOffset)
        dragged = false
    }

    public override func touchesMoved(_ touches: Set<Touch>, with event: InputEvent?) {
        guard let point = touches.first?.location(in: self), let start = touchStart else { return }
        let distance = start.point.y - point.y
        if !dragged && abs(distance) < 8 { return }
        dragged = true
        scroll(to: start.offset + distance)
    }

    public override func touchesCancelled(_ touches: Set<Touch>, with event: InputEvent?) { touchStart = nil }

    public override func touchesEnded(_ touches: Set<Touch>, with event: InputEvent?) {
        defer { touchStart = nil }
        guard let point = touches.first?.location(in: self), !dragged else { return }
        let turns = turnFrames
        if turnRowHeight > 0, turns.back.contains(point) {
            if canTurnBack { onTurn?(false) }
        } else if turnRowHeight > 0, turns.forward.contains(point) {
            if canTurnForward { onTurn?(true) }
        } else if let cell = visibleCells.first(where: { $0.frame.contains(point) }) {
            onChoose?(cell.index)
        }
    }
}
