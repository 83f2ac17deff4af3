// SPDX-License-Identifier: Apache-2.0

import CaretTesting
import Foundation
import Testing

@_spi(Backend) @_spi(Testing) @testable import Caret

/// The window's layout phase settles within four passes (ARCHITECTURE.md, "A frame"); a phase
/// that takes more is reported (debug builds assert, the soak fails on it and prints the most).
@Suite @MainActor
struct LayoutPassLimitTests {
    /// A view whose visible content keeps changing its layout for `changes` passes.
    final class Restless: View {
        var changes = 0
        override func layoutVisibleContent(in visible: Rect) -> Bool {
            guard changes > 0 else { return false }
            changes -= 1
            return true
        }
    }

    @Test(arguments: [3, 4])
    func aLayoutPhaseOfMoreThanFourPassesIsReported(changes: Int) throws {
        let host = try makeHost(width: 200, height: 100)
        host.window.drawingCheck.assertsDrawingChangesNothing = false
        let restless = Restless(frame: Rect(x: 0, y: 0, width: 100, height: 50))
        host.rootView = restless
        host.drawFrame()
        _ = host.window.drawingCheck.takeDrawingProblems()
        restless.changes = changes
        host.window.setNeedsFrame()
        host.drawFrame()
        // Each change is a pass, and the pass that changes nothing more is one too.
        let passes = changes + 1
        let problems = host.window.drawingCheck.takeDrawingProblems()
        if passes > 4 {
            #expect(problems == ["the layout phase took \(passes) passes (at most 4)"])
        } else {
            #expect(problems.isEmpty, "\(problems)")
        }
        #expect(host.window.drawingCheck.mostLayoutPasses >= passes)
    }
}
