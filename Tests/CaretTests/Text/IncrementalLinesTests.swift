// SPDX-License-Identifier: Apache-2.0
@_spi(Testing) import Caret
import CaretTesting
import Testing

/// A keystroke re-makes only the lines around it (issue 25, item 5): after any edit, in any
/// order, the lines are exactly those a fresh layout of the same text makes. (The paragraph stays
/// within one layout block, about 2,000 to 3,000 units: a fresh layout would cut longer ones into
/// blocks elsewhere than edits moved them.)
@MainActor
struct IncrementalLinesTests {
    private let font = Font.systemFont(ofSize: 20)

    private func lines(_ layout: TextLayout) -> [String] {
        var found: [String] = []
        layout.forEachLine(in: 0...1e12) { p, line, y in
            found.append("\(p) \(line.range) y\(Int(y)) w\(Int(line.width)) h\(Int(line.height)) \(line.carets.count)")
        }
        return found
    }

    @Test(arguments: [1, 2, 3, 4] as [UInt64])
    func randomEditsInALongParagraphLeaveTheLinesAFreshLayoutMakes(_ seed: UInt64) {
        var random = SoakRandom(seed: seed)
        let words = ["caret", "a", "typesetting", "on", "every", "screen", "x", "wordswithoutanybreakatall"]
        var text = ""
        while text.utf16.count < 2_000 { text += words[Int.random(in: 0..<(words.count), using: &random)] + " " }
        var model = TextEditingModel(text: text)
        let layout = TextLayout(document: model.document, font: font, fontProvider: FixedAdvanceFontProvider(), wrapWidth: 330)
        _ = lines(layout)
        for step in 0..<200 {
            let count = model.utf16Count
            let at = Int.random(in: 0..<(count + 1), using: &random)
            model.select(TextSelection(caret: at))
            switch Int.random(in: 0..<(5), using: &random) {
            case 0: model.perform(.insert(" "))
            case 1 where at > 0: model.perform(.delete(.backward, .character))
            case 2: model.perform(.insert(words[Int.random(in: 0..<(words.count), using: &random)]))
            case 3 where at + 8 < count:
                model.select(TextSelection(anchor: at, head: at + Int.random(in: 0..<(8), using: &random) + 1))
                model.perform(.delete(.backward, .character))
            default: model.perform(.insert("y"))
            }
            layout.update(model.document)
            let fresh = TextLayout(document: model.document, font: font, fontProvider: FixedAdvanceFontProvider(), wrapWidth: 330)
            let incremental = lines(layout), expected = lines(fresh)
            #expect(incremental == expected, "seed \(seed), edit \(step)")
            if incremental != expected { return }
        }
    }

    /// A keystroke in the middle of a 2,000-unit block lays out a few lines, not the block.
    @Test func aKeystrokeLaysOutTheLinesAroundIt() {
        let text = String(repeating: "caret types every script ", count: 80)
        var model = TextEditingModel(text: text)
        let layout = TextLayout(document: model.document, font: font, fontProvider: FixedAdvanceFontProvider(), wrapWidth: 330)
        _ = lines(layout)
        for offset in [1_000, 1_013, 140, 1_990] {
            let before = layout.unitsLaidOut
            model.select(TextSelection(caret: offset))
            model.perform(.insert("x"))
            layout.update(model.document)
            #expect(layout.unitsLaidOut - before < 200, "at \(offset): \(layout.unitsLaidOut - before) units")
        }
    }

    /// A letter typed inside a line's third word redraws that line only: the line before it
    /// cannot change, and the lines after it start where they did.
    @Test func aKeystrokeInsideALineDamagesThatLineOnly() throws {
        let text = String(repeating: "caret types every script ", count: 80)
        var model = TextEditingModel(text: text)
        let layout = TextLayout(document: model.document, font: font, fontProvider: FixedAdvanceFontProvider(), wrapWidth: 330)
        _ = lines(layout)
        var starts: [Int] = []
        layout.forEachLine(in: 0...1e12) { _, line, _ in starts.append(line.range.lowerBound) }
        let line = 20, offset = starts[line] + 14  // inside the line's third word
        model.select(TextSelection(caret: offset))
        model.perform(.insert("x"))
        let dirty = try #require(layout.update(model.document))
        #expect(dirty == Double(line * 24)...Double((line + 1) * 24))
    }
}
