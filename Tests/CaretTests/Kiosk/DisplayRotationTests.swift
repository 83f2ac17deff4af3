// SPDX-License-Identifier: Apache-2.0
import Caret
import Foundation
import Testing

/// Rotation for portrait panels and touch calibration (SPEC §10, issue 16 item 2).
@Suite struct DisplayRotationTests {
    let panel = Size(width: 1280, height: 800)

    @Test(arguments: DisplayRotation.allCases)
    func physicalAndLogicalPointsRoundTrip(_ rotation: DisplayRotation) {
        let logical = rotation.logicalSize(forPhysical: panel)
        #expect(logical == (rotation.swapsAxes ? Size(width: 800, height: 1280) : panel))
        for p in [Point(x: 0, y: 0), Point(x: 10, y: 20), Point(x: 700, y: 33), Point(x: 799, y: 1)] {
            let physical = rotation.physicalPoint(fromLogical: p, physicalSize: panel)
            #expect(physical.x >= 0 && physical.x <= panel.width && physical.y >= 0 && physical.y <= panel.height)
            #expect(rotation.logicalPoint(fromPhysical: physical, physicalSize: panel) == p)
        }
    }

    @Test func aQuarterTurnPutsTheLogicalTopLeftAtThePanelsTopRight() {
        // The picture turned clockwise: its top-left corner is at the panel's top-right.
        #expect(DisplayRotation.rotate90.physicalPoint(fromLogical: .zero, physicalSize: panel) == Point(x: 1280, y: 0))
        #expect(DisplayRotation.rotate270.physicalPoint(fromLogical: .zero, physicalSize: panel) == Point(x: 0, y: 800))
        #expect(DisplayRotation.rotate180.physicalPoint(fromLogical: .zero, physicalSize: panel) == Point(x: 1280, y: 800))
        // The logical bottom edge (where the keyboard sits) is the panel's left edge at 90°.
        let bottom = DisplayRotation.rotate90.physicalPoint(fromLogical: Point(x: 400, y: 1280), physicalSize: panel)
        #expect(bottom == Point(x: 0, y: 400))
    }

    @Test func touchCalibrationTakesLibinputsForm() throws {
        let swapped = try #require(TouchCalibration("0 1 0 1 0 0"))  // x and y swapped
        #expect(swapped.apply(to: Point(x: 0.25, y: 0.75)) == Point(x: 0.75, y: 0.25))
        let inverted = try #require(TouchCalibration("-1 0 1 0 -1 1"))
        #expect(inverted.apply(to: Point(x: 0.25, y: 0.75)) == Point(x: 0.75, y: 0.25))
        #expect(TouchCalibration.identity.apply(to: Point(x: 0.3, y: 0.6)) == Point(x: 0.3, y: 0.6))
        #expect(TouchCalibration("1 0 0") == nil)
        #expect(TouchCalibration("a b c d e f") == nil)
    }
}
