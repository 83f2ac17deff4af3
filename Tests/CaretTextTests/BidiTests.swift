// SPDX-License-Identifier: Apache-2.0
@_spi(Testing) import Caret
import CaretTesting
import CaretText
import Foundation
import Testing

/// Bidirectional text (SPEC §9, issue 15): UAX #9 levels from ICU, lines reordered after
/// wrapping, visual caret movement, affinity at direction boundaries, selections in pieces.
@Suite(.serialized) @MainActor
struct BidiTests {
    let fonts: ShapingFontProvider
    let font = Font.systemFont(ofSize: 20)

    init() throws { fonts = try testFonts(language: "en") }

    struct Row {
        var text: String
        var direction: WritingDirection
        var paragraphLevel: UInt8
        var levels: [UInt8]
        var order: [Int]
    }

    /// The checked-in rows of Unicode's BidiCharacterTest.txt.
    static func rows() throws -> [Row] {
        let url = try #require(Bundle.module.url(forResource: "Resources/BidiCharacterTest-sample", withExtension: "txt"))
        return try String(contentsOf: url, encoding: .utf8).split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
            let f = line.split(separator: ";").map(String.init)
            let text = String(String.UnicodeScalarView(f[0].split(separator: " ").compactMap { UInt32($0, radix: 16).flatMap(Unicode.Scalar.init) }))
            let direction: WritingDirection = f[1] == "0" ? .leftToRight : f[1] == "1" ? .rightToLeft : .natural
            return Row(
                text: text, direction: direction, paragraphLevel: UInt8(f[2])!,
                levels: f[3].split(separator: " ").map { UInt8($0)! }, order: f[4].split(separator: " ").map { Int($0)! })
        }
    }

    func layout(_ text: String, direction: WritingDirection = .natural, width: Double? = nil) -> TextLayout {
        let l = TextLayout(document: TextDocument(text), font: font, fontProvider: fonts, wrapWidth: width)
        l.baseWritingDirection = direction
        return l
    }

    func lines(_ l: TextLayout) -> [TextLayout.Line] {
        var result: [TextLayout.Line] = []
        l.forEachLine(in: 0...10_000) { _, line, _ in result.append(line) }
        return result
    }

    /// A line's clusters (their first UTF-16 offsets) from left to right.
    func visualOrder(_ line: TextLayout.Line) -> [Int] {
        line.clusters.sorted { $0.x < $1.x }.map(\.range.lowerBound)
    }

    @Test func icuResolvesTheReferenceLevels() throws {
        for row in try Self.rows() {
            let resolved = ICUBidiResolver().resolve(row.text, direction: row.direction)
            #expect(resolved.baseLevel == row.paragraphLevel, "\(row.text)")
            #expect(resolved.levels == row.levels, "\(row.text)")
        }
    }

    @Test func linesShowTheReferenceVisualOrder() throws {
        for row in try Self.rows() {
            let line = try #require(lines(layout(row.text, direction: row.direction)).first)
            #expect(visualOrder(line) == row.order, "\(row.text) direction \(row.direction)")
            #expect(line.isRightToLeft == (row.paragraphLevel == 1))
        }
    }

    @Test func aWrappedRightToLeftParagraphReordersEachLineOnItsOwn() throws {
        // Row 4: "abc (def ابج) אבג" in a right-to-left paragraph, wrapped so each line holds part.
        let row = try Self.rows()[3]
        let l = layout(row.text, direction: .rightToLeft, width: 90)
        let laid = lines(l)
        #expect(laid.count > 1)
        for line in laid {
            // The reference levels of the line's characters, trailing spaces at the paragraph's (L1).
            var levels = Array(row.levels[line.range])
            var t = levels.count - 1
            let chars = Array(row.text.unicodeScalars)
            while t >= 0 && chars[line.range.lowerBound + t] == " " {
                levels[t] = 1
                t -= 1
            }
            let expected = Caret.visualOrder(ofLevels: levels).map { $0 + line.range.lowerBound }
            #expect(visualOrder(line) == expected, "line \(line.range)")
            #expect(line.isRightToLeft)
            #expect(line.x + line.width <= 90.5)  // flush right: natural alignment in a right-to-left paragraph
            #expect(line.x > 0 || line.width > 85)
        }
    }

    static let mixed = "abc مرحبا 123 def"

    @Test func aMixedLineInALeftToRightFieldHasUAX9sVisualOrder() {
        let line = lines(layout(Self.mixed)).first!
        #expect(visualOrder(line) == [0, 1, 2, 3, 10, 11, 12, 9, 8, 7, 6, 5, 4, 13, 14, 15, 16])
        #expect(!line.isRightToLeft)
    }

    @Test func rightArrowFromTheStartMovesNeverLeftAndReachesTheEnd() {
        let l = layout(Self.mixed)
        var model = TextEditingModel(text: Self.mixed, allowsLineBreaks: false)
        model.select(TextSelection(caret: 0))
        var xs = [l.caretX(at: 0)]
        var visited = [0]
        for _ in 0..<40 where visited.last != Self.mixed.utf16.count || xs.last! < l.caretX(at: 17, upstream: true) - 0.5 {
            model.moveVisually(right: true, lines: l, extending: false)
            xs.append(l.caretX(at: model.selection.head, upstream: model.selectionAffinity == .backward))
            visited.append(model.selection.head)
        }
        #expect(xs == xs.sorted())
        #expect(visited.last == 17)
        // One move per cluster crossed on screen: 17 moves. Offset 10 (before "123") is never
        // visited: on screen it is the same place as 4 after "abc ", where the caret arrives first.
        #expect(visited.count == 18)
        #expect(Set(visited) == Set(0...17).subtracting([10]))
    }

    @Test func selectingAcrossTheDirectionBoundaryDrawsTwoRectangles() {
        let l = layout(Self.mixed)
        let rects = l.selectionRects(for: 2..<6)
        #expect(rects.count == 2)
        // "c " on the left of the Arabic, "مر" at the Arabic's right end.
        let arabicRight = l.caretX(at: 4)
        #expect(rects.contains { abs($0.maxX - arabicRight) < 0.5 })
    }

    @Test func oneCaretAtADirectionBoundaryPlacedByAffinity() {
        let l = layout(Self.mixed)
        // Offset 4: after "abc " (left of the Arabic) or before م (the Arabic's right end).
        let after = l.caretX(at: 4, upstream: true), before = l.caretX(at: 4, upstream: false)
        #expect(after < before)
        // Typing an Arabic letter there keeps the caret with it: upstream.
        var model = TextEditingModel(text: "abc ", allowsLineBreaks: false)
        model.select(TextSelection(caret: 4))
        model.apply(model.proposal(for: .insert("م"))!)
        #expect(model.selectionAffinity == .backward)
    }

    @Test func homeAndEndGoToTheVisualLineEndsInTheParagraphsDirection() {
        // A right-to-left paragraph: "abc" is at the left end, م at the right end.
        let text = "مرحبا abc"
        let l = layout(text)
        #expect(l.isRightToLeftParagraph(at: 0))
        let line = lines(l)[0]
        #expect(visualOrder(line) == [6, 7, 8, 5, 4, 3, 2, 1, 0])
        var model = TextEditingModel(text: text, allowsLineBreaks: false)
        model.select(TextSelection(caret: 3))
        model.moveToVisualLineBoundary(end: false, lines: l)  // Home: the line's right end
        #expect(model.selection.head == 0)
        #expect(abs(l.caretX(at: 0, upstream: model.selectionAffinity == .backward) - line.clusters.map { $0.x + $0.width }.max()!) < 0.5)
        model.moveToVisualLineBoundary(end: true, lines: l)  // End: the line's left end, before "abc"
        #expect(model.selection.head == 6)
        #expect(abs(l.caretX(at: 6, upstream: model.selectionAffinity == .backward) - line.clusters.map(\.x).min()!) < 0.5)
    }

    @Test func backspaceAndDeleteActLogically() {
        var model = TextEditingModel(text: Self.mixed, allowsLineBreaks: false)
        model.select(TextSelection(caret: 6))
        model.apply(model.proposal(for: .delete(.backward, .character))!)
        #expect(model.text == "abc مبا 123 def".replacingOccurrences(of: "مبا", with: "محبا"))
        model.apply(model.proposal(for: .delete(.forward, .character))!)
        #expect(model.text == "abc مبا 123 def")
    }

    @Test func hitTestingAcrossDirectionsFindsTheTouchedEdge() {
        let l = layout(Self.mixed)
        // Just inside the Arabic's left edge: the caret goes after its last letter (offset 9), upstream.
        let left = l.caretX(at: 9, upstream: true)
        let hit = l.position(at: Point(x: left + 1, y: 5))
        #expect(hit.offset == 9)
        #expect(abs(l.caretX(at: hit.offset, upstream: hit.upstream) - left) < 0.5)
        // Just inside its right edge: before its first letter (offset 4).
        let right = l.caretX(at: 4, upstream: false)
        #expect(l.position(at: Point(x: right - 1, y: 5)).offset == 4)
    }
}
