// SPDX-License-Identifier: Apache-2.0

import Testing

@testable import Caret

/// The line maker alone: a paragraph in, lines out, with no view, window or layout cache.
@Suite @MainActor
struct LineMakerTests {
    /// 20-point text at 10 points a character.
    func maker(wrap: Double?, alignment: TextAlignment = .left) -> LineMaker {
        LineMaker(
            fontProvider: FixedAdvanceFontProvider(), font: .systemFont(ofSize: 20), alignment: alignment, wrapWidth: wrap,
            tabInterval: 28)
    }

    func paragraph(_ text: String) -> TextDocument.Paragraph { TextDocument(text).paragraphs[0] }

    @Test func wrapsAtWordsWithinTheWidth() {
        let text = "the quick brown fox"
        let (lines, width) = maker(wrap: 100).makeLines(paragraph(text), 0..<text.utf16.count, baseLevel: 0)
        #expect(lines.map(\.range) == [0..<10, 10..<19])  // "the quick ", "brown fox"
        #expect(lines.allSatisfy { $0.width <= 100 })
        #expect(width == 190)
    }

    @Test func oneLineWhenUnwrappedAndARangeOfTheParagraph() {
        let text = "the quick brown fox"
        let (lines, _) = maker(wrap: nil).makeLines(paragraph(text), 4..<9, baseLevel: 0)
        #expect(lines.count == 1 && lines[0].range == 4..<9 && lines[0].width == 50)
    }

    @Test func alignmentPlacesTheLineInTheWidth() {
        let (lines, _) = maker(wrap: 100, alignment: .right).makeLines(paragraph("abc"), 0..<3, baseLevel: 0)
        #expect(lines[0].x == 70)
    }

    @Test func aRightToLeftBaseLevelMarksTheLine() {
        let text = "abc"
        let (lines, _) = maker(wrap: 100).makeLines(paragraph(text), 0..<3, baseLevel: 1)
        #expect(lines[0].isRightToLeft)
    }
}
