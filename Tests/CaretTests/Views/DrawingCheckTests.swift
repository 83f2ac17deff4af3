// SPDX-License-Identifier: Apache-2.0

import Testing

@_spi(Testing) @testable import Caret

/// The check that drawing changes nothing, on its own: the geometry it compares, and the
/// problems it records until they are taken.
@Suite @MainActor
struct DrawingCheckTests {
    @Test func theSignatureFollowsEveryFrameAndBoundsInTheTree() {
        let root = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let child = View(frame: Rect(x: 10, y: 10, width: 20, height: 20))
        root.addSubview(child)
        let before = DrawingCheck.geometrySignature(of: [root])
        #expect(before.count == 4)
        child.bounds.origin.y = 5
        #expect(DrawingCheck.geometrySignature(of: [root]) != before)
    }

    @Test func problemsAreKeptUntilTaken() {
        let check = DrawingCheck()
        check.assertsDrawingChangesNothing = false
        check.report("a view moved")
        check.report("a line was laid out")
        #expect(check.takeDrawingProblems() == ["a view moved", "a line was laid out"])
        #expect(check.takeDrawingProblems().isEmpty)
    }
}
