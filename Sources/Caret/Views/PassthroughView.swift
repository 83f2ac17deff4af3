// SPDX-License-Identifier: Apache-2.0
/// A view that is hit only through its subviews: touches on its empty area go to views below.
@preconcurrency @MainActor
open class PassthroughView: View {
    /// Returns a subview that was hit, never the view itself.
    open override func hitTest(_ point: Point, with event: InputEvent?) -> View? {
        let hit = super.hitTest(point, with: event)
        return hit === self ? nil : hit
    }
}
