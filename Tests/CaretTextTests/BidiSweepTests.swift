// SPDX-License-Identifier: Apache-2.0
@_spi(Testing) import Caret
import CaretTesting
import CaretText
import Foundation
import Testing

/// From every caret position of mixed-direction strings, with either affinity, every arrow move
/// lands on a grapheme boundary and keeps the invariants; Left then Right comes back to the same
/// place on screen, and to the same offset except at a direction boundary, where one place on
/// screen is two offsets (the end of one run and the start of the other: the documented case).
@Suite(.serialized) @MainActor
struct BidiSweepTests {
    nonisolated static let strings = [
        "abc مرحبا 123 def",
        "مرحبا abc",
        "Order 123 لـ أحمد",
        "שלום email@example.com עולם",
        "אב 👍🏽 גד e\u{301}x",
        "a(b)c שלום 12.5%",
    ]

    private func boundaries(_ text: String) -> [Int] {
        var result = [0]
        for character in text { result.append(result[result.count - 1] + character.utf16.count) }
        return result
    }

    @Test(arguments: strings)
    func everyArrowMoveFromEveryCaretReachesABoundaryAndLeftRightComesBack(_ text: String) throws {
        let fonts = try testFonts(language: "en")
        let layout = TextLayout(document: TextDocument(text), font: .systemFont(ofSize: 18), fontProvider: fonts)
        let stops = boundaries(text)
        let leftEnd = layout.lastLine(forTesting: 0).clusters.map(\.x).min() ?? 0
        for caret in stops {
            for upstream in [false, true] {
                for right in [false, true] {
                    for extending in [false, true] {
                        var model = TextEditingModel(text: text, allowsLineBreaks: false)
                        model.select(TextSelection(caret: caret))
                        model.selectionAffinity = upstream ? .backward : .forward
                        model.moveVisually(right: right, lines: layout, extending: extending)
                        #expect(model.invariantViolations().isEmpty)
                        #expect(stops.contains(model.selection.head) && stops.contains(model.selection.anchor))
                        if extending { #expect(model.selection.anchor == caret) }
                    }
                }
                // Left, then Right.
                var model = TextEditingModel(text: text, allowsLineBreaks: false)
                model.select(TextSelection(caret: caret))
                model.selectionAffinity = upstream ? .backward : .forward
                let x = layout.caretX(at: caret, upstream: upstream)
                guard x > leftEnd + 0.5 else { continue }  // at the line's left end Left leaves the line
                model.moveVisually(right: false, lines: layout)
                model.moveVisually(right: true, lines: layout)
                let back = layout.caretX(at: model.selection.head, upstream: model.selectionAffinity == .backward)
                #expect(abs(back - x) < 0.5, "\(text): from \(caret) \(upstream ? "upstream" : "downstream")")
                if model.selection.head != caret {
                    // Only where two offsets share the place: a direction boundary.
                    #expect(abs(layout.caretX(at: model.selection.head, upstream: model.selectionAffinity == .backward) - x) < 0.5)
                    #expect(layout.lineHasRightToLeftText(at: caret))
                }
            }
        }
    }
}
