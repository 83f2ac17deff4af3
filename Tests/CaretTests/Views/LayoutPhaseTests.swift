// SPDX-License-Identifier: Apache-2.0

import CaretTesting
import Foundation
import Testing

@_spi(Backend) @_spi(Testing) @testable import Caret

/// Edit → layout → draw: the window's layout phase settles lines, content sizes and scroll
/// anchors before anything is drawn, and drawing changes no frame, offset or line.
@Suite @MainActor
struct LayoutPhaseTests {
    /// A view that moves itself while it draws: what the check is there to catch.
    final class Fidget: View {
        override func draw(_ rect: Rect, in context: GraphicsContext) { frame.origin.x += 1 }
    }

    /// A text view of many paragraphs whose heights are estimates until laid out.
    func longTextView(_ host: HeadlessWindow) -> TextView {
        let textView = TextView(frame: host.window.bounds)
        textView.text = (0..<2_000).map { "Paragraph \($0): " + String(repeating: "word ", count: $0 % 40) }.joined(separator: "\n")
        host.rootView = textView
        host.layout()
        return textView
    }

    @Test func drawingAfterTheLayoutPhaseChangesNoFrameOffsetOrLine() throws {
        let host = try makeHost(width: 400, height: 300)
        let textView = longTextView(host)
        #expect(host.window.checksDrawingChangesNothing)  // on in the suite's debug build
        #expect(textView.becomeFirstResponder())
        for offset in [0, 5_000, 40_000, textView.text.utf16.count] {
            textView.selectedRange = NSRange(location: offset, length: 0)
            textView.scrollRangeToVisible(textView.selectedRange)
            host.window.layoutPhase(drawsDamageOnly: false)
            let geometry = DrawingCheck.geometrySignature(of: [host.window])
            let offsetBefore = textView.contentOffset
            let linesMade = textView.editor.layout.paragraphLayoutCount
            host.window.setNeedsFrame()
            host.drawFrame()
            #expect(DrawingCheck.geometrySignature(of: [host.window]) == geometry)
            #expect(textView.contentOffset == offsetBefore)
            #expect(textView.editor.layout.paragraphLayoutCount == linesMade)
            #expect(host.window.drawingCheck.takeDrawingProblems().isEmpty)
        }
    }

    @Test func theLayoutPhaseLaysOutWhatTheFrameShowsAndKeepsTheLineOnScreenInPlace() throws {
        let host = try makeHost(width: 400, height: 300)
        let textView = longTextView(host)
        textView.contentOffset = Point(x: 0, y: 20_000)
        host.drawFrame()
        let firstOnScreen = textView.editor.offset(at: Point(x: 10, y: textView.contentOffset.y + 1))
        let top = textView.editor.caretRect(at: firstOnScreen).minY - textView.contentOffset.y
        // Laying out more lines above (a resize of the text width re-estimates everything) keeps it put.
        textView.frame.size.width = 380
        host.drawFrame()
        let after = textView.editor.caretRect(at: firstOnScreen).minY - textView.contentOffset.y
        #expect(abs(after - top) < 0.5, "the first line on screen moved from \(top) to \(after)")
        #expect(host.window.drawingCheck.takeDrawingProblems().isEmpty)
    }

    @Test func aViewThatChangesGeometryWhileDrawingIsReported() throws {
        let host = try makeHost(width: 200, height: 100)
        host.window.drawingCheck.assertsDrawingChangesNothing = false
        let root = View(frame: host.window.bounds)
        root.addSubview(Fidget(frame: Rect(x: 10, y: 10, width: 50, height: 50)))
        host.rootView = root
        host.drawFrame()
        #expect(host.window.drawingCheck.takeDrawingProblems() == ["a view's frame or bounds changed while the window drew"])
    }

    @Test func anEditorThatLaysOutTextWhileDrawingIsReported() throws {
        let host = try makeHost(width: 400, height: 300)
        host.window.drawingCheck.assertsDrawingChangesNothing = false
        let textView = longTextView(host)
        host.drawFrame()
        _ = host.window.drawingCheck.takeDrawingProblems()
        // Drawing with no layout phase before it, after the lines were thrown away.
        textView.editor.layout.invalidateAll()
        let context = GraphicsContext(renderer: try #require(host.nullRenderer), fontProvider: host.window.backend.fontProvider)
        textView.editor.draw(textView.convert(textView.bounds, to: textView.editor), in: context)
        #expect(host.window.drawingCheck.takeDrawingProblems().contains { $0.contains("laid out text while drawing") })
    }
}

/// The layout pass walks only where a view needs layout (issue 43: every tap walked the whole
/// tree), and still lays out every view that asked: deep in a laid-out tree, in a subtree added
/// later, and in a subtree that was hidden when it asked.
@Suite @MainActor
struct LayoutWalkTests {
    final class Counting: View {
        var layouts = 0
        override func layoutSubviews() {
            super.layoutSubviews()
            layouts += 1
        }
    }

    /// A chain of `depth` counting views under the root, returned root first.
    private func chain(_ depth: Int, in parent: View) -> [Counting] {
        var views: [Counting] = []
        var current = parent
        for _ in 0..<depth {
            let next = Counting(frame: Rect(x: 0, y: 0, width: 100, height: 100))
            current.addSubview(next)
            views.append(next)
            current = next
        }
        return views
    }

    @Test func everyViewThatAskedIsLaidOutAndNoOtherWalkedInto() throws {
        let host = try HeadlessWindow(size: Size(width: 300, height: 300), fonts: .fixedAdvance(ratio: 0.5))
        let root = View()
        host.rootView = root
        let left = chain(6, in: root), right = chain(6, in: root)
        host.layout()
        let counts = { (left + right).map(\.layouts) }
        let settled = counts()
        host.layout()
        #expect(counts() == settled, "a pass with nothing to do laid something out")
        // Deep on one side: that view alone.
        left[5].setNeedsLayout()
        host.layout()
        #expect(left[5].layouts == settled[5] + 1 && counts().enumerated().allSatisfy { $0.offset == 5 || $0.element == settled[$0.offset] })
        // In a subtree hidden when it asked: when it shows.
        right[2].isHidden = true
        right[4].setNeedsLayout()
        host.layout()
        #expect(right[4].layouts == settled[10])
        right[2].isHidden = false
        host.layout()
        #expect(right[4].layouts == settled[10] + 1, "a view that asked while hidden was never laid out")
        // A subtree added to a laid-out view.
        let added = chain(3, in: left[3])
        host.layout()
        #expect(added.allSatisfy { $0.layouts == 1 })
    }
}
