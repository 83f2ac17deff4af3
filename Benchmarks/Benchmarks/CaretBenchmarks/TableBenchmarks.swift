// SPDX-License-Identifier: Apache-2.0
import Benchmark
import BenchmarkDemoKit
@_spi(Backend) @_spi(Testing) import Caret
import CaretSDLTesting
import CaretTesting
import Foundation

/// Issue 45's table target, headless (the real-window figure is `caret-demo --measure-table`):
/// a 10,000-row table of subtitle cells with chevrons scrolled 7 points at 1280×800 with SDL's
/// software renderer, against the same window empty drawn whole (the floor, measured in the same
/// run: compare their p50). The table's frame is the one a scroll asks for (its pixels moved,
/// the rows scrolled in drawn: Views/ScrollBlit.swift), and beside it the same frame forced
/// whole. Cells are made only for the rows entering and reused.
func tableBenchmarks() {
    for (rows, whole) in [(0, true), (10_000, false), (10_000, true)] {
        let name = rows == 0 ? "empty window (the floor for the table), full frame"
            : whole ? "10,000-row table scrolled 7 points, full frame" : "10,000-row table scrolled 7 points, the frame it asks for"
        Benchmark(
            "Table: \(name), 1280×800, software renderer",
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
                for _ in 0..<60 { _ = scroll(table, host, whole: true) }  // warm: the cells, the glyph atlas
                let before = table.contentOffset.y
                var moved = 0
                measured.startMeasurement()
                for _ in measured.scaledIterations where scroll(table, host, whole: whole) { moved += 1 }
                measured.stopMeasurement()
                if rows > 0 {
                    try verify(table.contentOffset.y > before, "the table did not scroll")
                    try verify(table.visibleCells.count >= 800 / 56, "the table showed \(table.visibleCells.count) cells")
                    try verify(source.made <= 800 / 44 + 3, "\(source.made) cells made for 800 points of rows")
                    try verify(whole || moved > 0, "no frame moved the table's pixels")
                }
            }
        }
    }
}

/// One step: the table (if shown) moves 7 points, the window draws everything (`whole`) or what
/// the scroll asks for; returns whether the frame moved pixels.
@MainActor
private func scroll(_ table: TableView, _ host: HeadlessWindow, whole: Bool) -> Bool {
    if table.window != nil {
        let y = table.contentOffset.y + 7
        table.contentOffset = Point(x: 0, y: y > table.maximumContentOffset.y ? 0 : y)
    }
    if whole { host.window.setNeedsFrame() }
    host.drawFrame()
    return host.window.frames.lastFrameScroll != nil
}
