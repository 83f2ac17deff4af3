// SPDX-License-Identifier: Apache-2.0
/// Geometry that views work out from the window: the safe area, and the generation of frames
/// and bounds that layout engines compare to tell whether anything moved since they last looked.
extension View {
    /// Bumped whenever any view's frame, bounds origin or layout margins change (any window): a
    /// constraint pass with nothing else to do and the same generation has nothing to solve.
    static var geometryGeneration: UInt64 = 0

    /// The window's safe area (kiosk overscan, notches) in this view's coordinates, as insets: on
    /// each edge where the window has an inset, how far the view reaches past it (as in UIKit, an
    /// edge where the window has none gives none, even for a view partly outside the window).
    /// Keyboard avoidance's pan is left out: panned content keeps its layout.
    public var safeAreaInsets: EdgeInsets {
        guard let window else { return .zero }
        let windowInsets = window.windowSafeAreaInsets
        if windowInsets == .zero { return .zero }  // a desktop window: nothing to convert
        var safe = window.bounds.inset(by: windowInsets)
        if isDescendant(of: window.contentLayer) { safe.origin.y -= window.keyboardAvoidance.panOffset }
        let local = convert(safe, from: window)
        let b = bounds
        return EdgeInsets(
            top: windowInsets.top > 0 ? max(0, local.minY - b.minY) : 0,
            left: windowInsets.left > 0 ? max(0, local.minX - b.minX) : 0,
            bottom: windowInsets.bottom > 0 ? max(0, b.maxY - local.maxY) : 0,
            right: windowInsets.right > 0 ? max(0, b.maxX - local.maxX) : 0)
    }
}
