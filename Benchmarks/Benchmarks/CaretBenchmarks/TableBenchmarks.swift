import Benchmark
import BenchmarkDemoKit
import Caret
import CaretSDLTesting
import CaretTesting
import Foundation

/// Issue 45's table target, headless (the real-window figure is `caret-demo --measure-table`):
/// a 10,000-row table of subtitle cells with chevrons scrolled 7 points and drawn whole at
/// 1280×800 with SDL's software renderer, against the same window empty (the floor, measured in
/// the same run: compare their p50). Cells are made only for the rows entering and reused.
func tableBenchmarks() {
    for rows in [0, 10_000] {
        let name = rows == 0 ? "empty window (the floor for the table)" : "10,000-row table scrolled 7 points"
        Benchmark(
            "Table: \(name), full frame, 1280×800, software renderer",
            configuration: .caret(metrics: [.wallClock, .mallocCountTotal], maxIterations: 600)
        ) { benchmark async throws in
            nonisolated(unsafe) let measured = benchmark
            try await MainActor.run {
                let host = try HeadlessWindow(size: Size(width: 1280, height: 800), fonts: .bundled)
                let source = ContactRows(count: rows)
                let table = TableView(frame: .zero, style: .plain)
                if rows > 0 {
                    table.dataSource = source
                    host.rootView = table
                } else {
                    let empty = View()
                    empty.backgroundColor = .systemBackground
                    host.rootView = empty
                }
                host.layout()
                for _ in 0..<60 { scroll(table, host) }  // warm: the cells, the glyph atlas
                let before = table.contentOffset.y
                measured.startMeasurement()
                for _ in measured.scaledIterations { scroll(table, host) }
                measured.stopMeasurement()
                if rows > 0 {
                    try verify(table.contentOffset.y > before, "the table did not scroll")
                    try verify(table.visibleCells.count >= 800 / 56, "the table showed \(table.visibleCells.count) cells")
                    try verify(source.made <= 800 / 44 + 3, "\(source.made) cells made for 800 points of rows")
                }
            }
        }
    }
}

/// One step: the table (if shown) moves 7 points, the window draws everything.
@MainActor
private func scroll(_ table: TableView, _ host: HeadlessWindow) {
    if table.window != nil {
        let y = table.contentOffset.y + 7
        table.contentOffset = Point(x: 0, y: y > table.maximumContentOffset.y ? 0 : y)
    }
    host.window.setNeedsFrame()
    host.drawFrame()
}
