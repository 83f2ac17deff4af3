// SPDX-License-Identifier: Apache-2.0

import CaretTesting
import Testing

@_spi(Backend) @testable import Caret

/// The window's damage region on its own: a few rectangles, merged only where that costs little,
/// clipped to the window, and never more than four.
@Suite @MainActor
struct DamageRegionTests {
    /// A 400×300 window whose first (full) frame is drawn: nothing is damaged.
    private func drawnWindow() throws -> Window {
        let host = try HeadlessWindow(size: Size(width: 400, height: 300), fonts: .fixedAdvance(ratio: 0.5))
        host.rootView = View()
        #expect(host.window.pendingDamage == nil)  // the first frame draws everything
        host.drawFrame()
        #expect(host.window.pendingDamage == [])
        return host.window
    }

    @Test func farApartChangesStayTwoRectangles() throws {
        let window = try drawnWindow()
        window.setNeedsDisplay(inWindowRect: Rect(x: 10, y: 10, width: 100, height: 20))
        window.setNeedsDisplay(inWindowRect: Rect(x: 10, y: 260, width: 100, height: 20))
        #expect(window.pendingDamage == [Rect(x: 10, y: 10, width: 100, height: 20), Rect(x: 10, y: 260, width: 100, height: 20)])
    }

    @Test func neighboursThatCostLittleMoreTogetherMerge() throws {
        let window = try drawnWindow()
        window.setNeedsDisplay(inWindowRect: Rect(x: 10, y: 10, width: 100, height: 20))
        window.setNeedsDisplay(inWindowRect: Rect(x: 10, y: 30, width: 100, height: 20))  // the line below
        #expect(window.pendingDamage == [Rect(x: 10, y: 10, width: 100, height: 40)])
        window.setNeedsDisplay(inWindowRect: Rect(x: 20, y: 20, width: 10, height: 10))  // inside: absorbed
        #expect(window.pendingDamage == [Rect(x: 10, y: 10, width: 100, height: 40)])
    }

    @Test func crossingStripsAreNotMergedIntoTheirBoundingBox() throws {
        let window = try drawnWindow()
        window.setNeedsDisplay(inWindowRect: Rect(x: 0, y: 140, width: 400, height: 20))
        window.setNeedsDisplay(inWindowRect: Rect(x: 190, y: 0, width: 20, height: 300))
        #expect(window.pendingDamage?.count == 2)
    }

    @Test func damageIsClippedToTheWindowAndOffScreenDamageIsNothing() throws {
        let window = try drawnWindow()
        window.setNeedsDisplay(inWindowRect: Rect(x: -50, y: 290, width: 100, height: 40))
        window.setNeedsDisplay(inWindowRect: Rect(x: 500, y: 10, width: 50, height: 50))
        #expect(window.pendingDamage == [Rect(x: 0, y: 290, width: 50, height: 10)])
    }

    @Test func aFifthRectangleCollapsesAllIntoTheirUnion() throws {
        let window = try drawnWindow()
        for i in 0..<4 { window.setNeedsDisplay(inWindowRect: Rect(x: Double(i) * 100, y: Double(i) * 70, width: 10, height: 10)) }
        #expect(window.pendingDamage?.count == 4)
        window.setNeedsDisplay(inWindowRect: Rect(x: 390, y: 0, width: 10, height: 10))
        #expect(window.pendingDamage == [Rect(x: 0, y: 0, width: 400, height: 220)])
    }

    /// Crossing strips are drawn as pieces that do not overlap (each clip draws all it holds, and
    /// translucent pixels drawn twice came out darker) and cover what the strips cover.
    @Test func crossingDamageIsDrawnInPiecesThatDoNotOverlap() {
        let rects = [
            Rect(x: 0, y: 0, width: 400, height: 30), Rect(x: 380, y: 0, width: 20, height: 300),
            Rect(x: 100, y: 20, width: 50, height: 50), Rect(x: 0, y: 0, width: 400, height: 30),
        ]
        let pieces = FrameDamage.disjoint(rects)
        for (i, a) in pieces.enumerated() {
            for b in pieces[(i + 1)...] {
                let cut = a.intersection(b)
                #expect(cut.isNull || cut.width == 0 || cut.height == 0, "\(a) overlaps \(b)")
            }
        }
        // Every point of the strips is in a piece, and every piece in a strip (a 1-point grid).
        for x in stride(from: 0.5, to: 400, by: 1) {
            for y in stride(from: 0.5, to: 300, by: 1) {
                let point = Point(x: x, y: y)
                #expect(rects.contains { $0.contains(point) } == pieces.contains { $0.contains(point) })
            }
        }
    }
}
