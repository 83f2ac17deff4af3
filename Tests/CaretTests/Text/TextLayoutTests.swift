// SPDX-License-Identifier: Apache-2.0
@_spi(Testing) import Caret
import Testing

/// With the fixed-advance font at 20 points every character is 10 points wide and lines are 24 high.
@Suite(.serialized) @MainActor
struct TextLayoutTests {
    private let font = Font.systemFont(ofSize: 20)

    private func layout(_ text: String, width: Double? = 100) -> TextLayout {
        TextLayout(document: TextDocument(text), font: font, fontProvider: FixedAdvanceFontProvider(), wrapWidth: width)
    }

    @Test func wordWrapWithHangingSpacesAndCharacterFallback() {
        let l = layout("the quick brown fox")
        #expect(l.lineRange(containing: 0) == 0..<10)  // "the quick " (the space hangs)
        #expect(l.lineRange(containing: 12) == 10..<19)
        #expect(l.height == 48)
        let long = layout("abcdefghijklmnopqrstuvwxy")
        #expect(long.lineRange(containing: 0) == 0..<10 && long.lineRange(containing: 24) == 20..<25)
    }

    @Test func caretsSitOnClusterBoundariesAndSoftWrapsBelongToTheNextLine() {
        let l = layout("ae\u{301}b the quick")
        #expect(l.caretX(at: 1) == 10 && l.caretX(at: 3) == 20)  // é is one cluster, the mark takes no space
        #expect(l.caretRect(at: 4) == Rect(x: 30, y: 0, width: 2, height: 24))
        let wrapped = layout("the quick brown fox")
        #expect(wrapped.caretRect(at: 10) == Rect(x: 0, y: 24, width: 2, height: 24))
        #expect(wrapped.caretRect(at: 19).minX == 90)
    }

    @Test func pointsMapToTheNearestOffset() {
        let l = layout("the quick brown fox")
        #expect(l.offset(at: Point(x: 14, y: 5)) == 1)
        #expect(l.offset(at: Point(x: 16, y: 5)) == 2)
        #expect(l.offset(at: Point(x: 500, y: 5)) == 9)  // end of a wrapped line: before its hanging space
        #expect(l.offset(at: Point(x: 500, y: 30)) == 19)
        #expect(l.offset(at: Point(x: 5, y: -40)) == 0)
        #expect(l.offset(at: Point(x: 500, y: 4000)) == 19)
    }

    @Test func hardBreaksTabsAndEmptyParagraphs() {
        let l = layout("ab\n\n\tc", width: 300)
        #expect(l.height == 72)
        #expect(l.caretRect(at: 3) == Rect(x: 0, y: 24, width: 2, height: 24))
        #expect(l.caretX(at: 5) == 28)  // after the tab: the first tab stop
        #expect(l.caretX(at: 6) == 38)
    }

    @Test func selectionRectsCoverEachLine() {
        let l = layout("the quick brown fox")
        let rects = l.selectionRects(for: 4..<13)
        #expect(rects == [Rect(x: 40, y: 0, width: 60, height: 24), Rect(x: 0, y: 24, width: 30, height: 24)])
        let across = layout("ab\ncd", width: 300).selectionRects(for: 1..<4)
        #expect(across.count == 2 && across[0].width == 16)  // "b" plus the selected line break
    }

    @Test func alignmentPlacesLinesInTheWrapWidth() {
        let l = layout("abcd", width: 100)
        l.alignment = .center
        #expect(l.caretX(at: 0) == 30)
        l.alignment = .right
        #expect(l.caretX(at: 4) == 100)
    }

    @Test func upDownKeepThePreferredXAndHomeEndUseVisualLines() {
        let l = layout("the quick brown fox\nab")
        var m = TextEditingModel(text: "the quick brown fox\nab")
        m.select(TextSelection(caret: 7))  // x 70 on the first line
        m.move(by: 1, lines: l)
        #expect(m.selection.head == 17)  // x 70 on "brown fox"
        m.move(by: 1, lines: l)
        #expect(m.selection.head == 22)  // "ab" is shorter: its end
        m.move(by: -1, lines: l)
        #expect(m.selection.head == 17)  // back at x 70
        m.move(by: -5, lines: l)
        #expect(m.selection.head == 0)
        m.select(TextSelection(caret: 12))
        m.moveToLineBoundary(.backward, lines: l)
        #expect(m.selection.head == 10)
        m.select(TextSelection(caret: 2))
        m.moveToLineBoundary(.forward, lines: l, extending: true)
        #expect(m.selection == TextSelection(anchor: 2, head: 9))
        let deletion = m.lineDeletionProposal(.backward, lines: l)
        #expect(deletion?.range == 2..<9)
    }

    @Test func editsReLayOutOnlyTheParagraphsTheyTouchAndFarParagraphsWaitUntilNeeded() {
        let text = (0..<1000).map { "line \($0)" }.joined(separator: "\n")
        var model = TextEditingModel(text: text)
        let l = TextLayout(document: model.document, font: font, fontProvider: FixedAdvanceFontProvider(), wrapWidth: 400)
        l.forEachLine(in: 0...100) { _, _, _ in }
        #expect(l.paragraphLayoutCount == 5)  // only what a 100-point span shows
        model.select(TextSelection(caret: 3))
        model.perform(.insert("X"))
        l.update(model.document)
        l.forEachLine(in: 0...100) { _, _, _ in }
        #expect(l.paragraphLayoutCount == 6)  // the edited paragraph, once
        model.perform(.insert("\n"))
        #expect(l.update(model.document) == 0...Double.infinity)  // a new line moves everything below
        #expect(l.height == 1001 * 24)
        _ = l.caretRect(at: model.selection.head)
        #expect(l.paragraphLayoutCount == 8)  // the two halves of the split paragraph, laid out by the update
        model.perform(.insert("Y"))
        #expect(l.update(model.document) == 24...48)  // same height: only that line
        // A new document (not an edit of this one) starts over.
        l.update(TextDocument("fresh"))
        #expect(l.lineRange(containing: 2) == 0..<5)
    }

    @Test func mixedFontsShareABaselineAndTheTallestSetsTheLineHeight() {
        var document = TextDocument("small BIG")
        document.setAttributes(TextAttributes(font: .systemFont(ofSize: 40)), range: 6..<9)
        let l = TextLayout(document: document, font: font, fontProvider: FixedAdvanceFontProvider(), wrapWidth: nil)
        #expect(l.height == 24)  // an estimate until the paragraph is laid out
        #expect(l.caretX(at: 9) == 60 + 60)
        #expect(l.height == 48)
        #expect(l.caretRect(at: 2).height == 48)
    }

    /// A new document whose paragraphs have the old lengths (attributes changed: links detected,
    /// a mask revealed) keeps the laid-out heights as its estimates, so nothing on screen jumps
    /// while it is laid out again; a document of other lengths is estimated afresh.
    @Test func aRedecoratedDocumentKeepsItsLaidOutHeightsAsEstimates() {
        var document = TextDocument("small\nBIG\nsmall")
        document.setAttributes(TextAttributes(font: .systemFont(ofSize: 40)), range: 6..<9)
        let l = TextLayout(document: document, font: font, fontProvider: FixedAdvanceFontProvider(), wrapWidth: 400)
        _ = l.caretRect(at: 7)
        #expect(l.height == 24 + 48 + 24)
        var redecorated = document.detached()
        redecorated.setAttributes(TextAttributes(foregroundColor: .systemBlue), range: 0..<5)
        #expect(l.update(redecorated) == 0...Double.infinity)
        #expect(l.paragraphLayoutCount == 1)  // laid out again only when needed
        #expect(l.height == 24 + 48 + 24)
        #expect(l.lineTop(at: 12) == 72)
        l.update(TextDocument("small\nBIGGER\nsmall"))
        #expect(l.height == 3 * 24)
    }
}
