// SPDX-License-Identifier: Apache-2.0
import Foundation

/// A record: what the engine keeps for each view or guide taking part — its frame as four
/// variables, the constraints that hold its frame or intrinsic size — and the solved frame it
/// gives back, on whole points.
extension ConstraintEngine {
    /// One view or guide taking part: its frame as four variables in its container's coordinates.
    @MainActor
    final class Record {
        weak var item: LayoutItem?
        let minX: LinearVariable, minY: LinearVariable, width: LinearVariable, height: LinearVariable
        var held: [LinearConstraint] = []
        /// What is held: a frame's x, y, width, height, or an inset guide's (see refreshHeld).
        var heldValues: [Double]?
        var heldOwner: SystemConstraint?
        /// What a margins, safe-area or frame guide's held values were made from (its view's
        /// bounds and margins): unchanged, they are not made again on every pass.
        var heldInputs: (bounds: Rect, margins: EdgeInsets)?
        var intrinsic: [LinearConstraint] = []
        var intrinsicOwner: SystemConstraint?
        var intrinsicKey: [Double]?
        var intrinsicDirty = true
        /// The origin a guide keeps while its size is solved (a scroll view's content).
        var pinned: [LinearConstraint] = []
        let depth: Int

        init(_ item: LayoutItem) {
            self.item = item
            let name = item.layoutDebugName
            minX = LinearVariable(name + ".minX")
            minY = LinearVariable(name + ".minY")
            width = LinearVariable(name + ".width")
            height = LinearVariable(name + ".height")
            var depth = item is LayoutGuide ? 1 : 0
            var view = item.layoutContainer
            while let v = view {
                depth += 1
                view = v.superview
            }
            self.depth = depth
        }

        /// The solved frame with its edges on whole points, as UIKit rounds its engine's results
        /// (a baseline-aligned label drawn at y = 18.8 would blur).
        var frame: Rect {
            let x = snap(minX.value), y = snap(minY.value)
            let left = point(x), top = point(y), right = point(x + snap(width.value)), bottom = point(y + snap(height.value))
            return Rect(x: left, y: top, width: max(0, right - left), height: max(0, bottom - top))
        }
    }
}

/// Solved values to 1/1024 point, so rounding noise never moves a view.
private func snap(_ value: Double) -> Double { (value * 1024).rounded() / 1024 }
/// To the nearest whole point, halves down (a view centred in an odd space sits as the frame
/// arrangement puts it); + 0 turns -0.0 into 0.
private func point(_ value: Double) -> Double { (value - 0.5).rounded(.up) + 0 }
