// SPDX-License-Identifier: Apache-2.0

import CaretTesting
import Testing

@_spi(Testing) @testable import Caret

/// Memory follows what is shown, not what was ever shown (issue 25, item 4).
@MainActor
struct BoundedMemoryTests {
    private let font = Font.systemFont(ofSize: 20)

    /// Scrolling end to end through 4,000 paragraphs with a small line cache: old lines are
    /// dropped, heights stay as measured, and lines made again are the same.
    @Test func laidOutLinesAreDroppedOldestFirstAndMadeAgainTheSame() {
        let text = BenchmarkDocument.make(lines: 4_000)
        let layout = TextLayout(document: TextDocument(text), font: font, fontProvider: FixedAdvanceFontProvider(), wrapWidth: 300)
        layout.lineCacheLimit = 200_000
        var first: [String] = []
        layout.forEachLine(in: 0...600) { p, line, y in first.append("\(p) \(line.range) \(y) \(line.width)") }
        var y = 600.0
        while y < layout.height {
            layout.forEachLine(in: y...(y + 600)) { _, _, _ in }
            y += 600
        }
        #expect(layout.evictionCount > 2_000)
        let laidOut = layout.paragraphs.compactMap { $0 }.count
        // What the last 512 reads of lines touched always stays, and half the budget more.
        #expect(laidOut <= 512 + 64, "\(laidOut) paragraphs still hold lines")
        let height = layout.height
        var again: [String] = []
        layout.forEachLine(in: 0...600) { p, line, y in again.append("\(p) \(line.range) \(y) \(line.width)") }
        #expect(again == first)
        #expect(layout.height == height)
    }

    /// The undo history is bounded by bytes as well as steps; the last step always stays.
    @Test func undoKeepsAtMostItsBytesAndAlwaysTheLastStep() {
        var model = TextEditingModel(text: "")
        model.undoByteLimit = 10_000
        let piece = String(repeating: "x", count: 1_000)
        for i in 0..<30 { model.perform(.insert(piece + "\n"), time: Double(i) * 10) }
        #expect(model.undoStepCount <= 10 && model.undoStepCount >= 9)
        model.perform(.insert(String(repeating: "y", count: 50_000)), time: 1_000)
        #expect(model.undoStepCount == 1)
        model.undo()
        #expect(model.utf16Count == 30 * 1_001)
        model.undoLimit = 0
        for i in 0..<5 { model.perform(.insert("z "), time: 2_000 + Double(i) * 10) }
        #expect(model.undoStepCount == 5)
    }

    /// A document in one style holds its attributes once, not once per paragraph (a 200,000-line
    /// document kept 200,000 copies: about 40 MB), and a pasted block of lines does too.
    @Test func paragraphsInOneStyleShareOneCopyOfTheirAttributes() {
        var model = TextEditingModel(text: BenchmarkDocument.make(lines: 1_000))
        let runs = model.document.paragraphs.map { $0.runs[0] }
        #expect(runs.allSatisfy { $0.sharesAttributes(with: runs[0]) })
        model.select(TextSelection(caret: 10))
        model.perform(.insert("a\nb\nc\nd"))
        let pasted = model.document.paragraphs[1...3].map { $0.runs[0] }
        #expect(pasted.allSatisfy { $0.sharesAttributes(with: pasted[0]) })
        // Equal attributes compare equal whether shared or not.
        #expect(AttributeRun(length: 3, attributes: .plain) == AttributeRun(length: 3, attributes: .plain))
    }
}
