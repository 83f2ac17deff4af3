// SPDX-License-Identifier: Apache-2.0
@_spi(Testing) import Caret
import CaretTesting
import CaretText
import Foundation
import Testing

/// From every caret position of strings in Arabic, Devanagari, Thai and emoji sequences, every
/// move and delete keeps the model's invariants with ICU's words, and the laid-out caret x
/// positions are monotone within each left-to-right and each right-to-left run (issue 14).
@Suite(.serialized) @MainActor
struct WorldTextSweepTests {
    nonisolated static let strings = [
        "مرحبا بكم، في متجرنا",
        "नमस्ते क्षत्रिय कि",
        "สวัสดีครับ ยินดีต้อนรับ",
        "👍🏽👨‍👩‍👧 🇩🇪1️⃣x",
        "Arabic: مرحبا and कि 日本語 שלום",
    ]

    private func boundaries(_ text: String) -> [Int] {
        var result = [0]
        for character in text { result.append(result[result.count - 1] + character.utf16.count) }
        return result
    }

    @Test(arguments: strings)
    func everyMoveAndDeleteFromEveryCaretKeepsTheInvariants(_ text: String) {
        let stops = boundaries(text)
        for caret in stops {
            for direction in [TextDirection.backward, .forward] {
                for granularity in [TextGranularity.character, .word, .paragraph, .document] {
                    var m = TextEditingModel(text: text)
                    m.segmenter = ICUTextSegmenter()
                    m.select(TextSelection(caret: caret))
                    var moved = m
                    moved.move(direction, by: granularity, extending: true)
                    #expect(moved.invariantViolations().isEmpty)
                    #expect(stops.contains(moved.selection.head))
                    if let change = m.proposal(for: .delete(direction, granularity)) {
                        m.apply(change)
                        #expect(m.invariantViolations().isEmpty, "\(direction) \(granularity) at \(caret)")
                        #expect(boundaries(m.text).contains(m.selection.head))
                    }
                }
            }
            var word = TextEditingModel(text: text)
            word.segmenter = ICUTextSegmenter()
            word.selectWord(at: caret)
            #expect(stops.contains(word.selection.range.lowerBound) && stops.contains(word.selection.range.upperBound))
        }
    }

    @Test(arguments: strings)
    func caretXIsMonotoneWithinEachRun(_ text: String) throws {
        let fonts = try testFonts(language: "ja")
        let layout = TextLayout(document: TextDocument(text), font: .systemFont(ofSize: 18), fontProvider: fonts)
        let run = fonts.shape(text, font: .systemFont(ofSize: 18))
        var line: TextLayout.Line?
        layout.forEachLine(in: 0...100) { _, l, _ in line = l }
        let carets = try #require(line).carets
        #expect(carets.map(\.offset) == boundaries(text))
        // Group the caret stops by the direction of the character after them.
        var scalar = 0
        var directions: [Bool] = []
        for character in text {
            directions.append(run.isRightToLeft(scalar))
            scalar += character.unicodeScalars.count
        }
        var i = 0
        while i < directions.count {
            var j = i
            while j + 1 < directions.count && directions[j + 1] == directions[i] { j += 1 }
            let xs = carets[i...(j + 1)].map(\.x)
            // Within a run, up to its last character's trailing edge.
            let inner = Array(xs.dropLast(j + 1 < directions.count ? 1 : 0))
            if directions[i] {
                #expect(inner == inner.sorted(by: >), "right-to-left run \(i)...\(j) of \(text)")
            } else {
                #expect(inner == inner.sorted(), "left-to-right run \(i)...\(j) of \(text)")
            }
            i = j + 1
        }
    }
}
