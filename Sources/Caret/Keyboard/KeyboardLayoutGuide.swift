// SPDX-License-Identifier: Apache-2.0
import Foundation

/// The on-screen keyboard's frame in a view's own coordinates (UIKit's `UIKeyboardLayoutGuide`).
/// A view that reads its guide in `layoutSubviews` is laid out again, inside the keyboard's
/// animation, whenever the keyboard's frame changes; with the keyboard hidden the guide is the
/// window's bottom safe area (an empty strip at its bottom edge when it has none, or when
/// `usesBottomSafeArea` is off). Its anchors take constraints: a view constrained above
/// `topAnchor` follows the keyboard (UIKit's recommended way to keep a field in view).
public final class KeyboardLayoutGuide: LayoutGuide {
    /// Whether, with the keyboard hidden, the guide's top is the bottom safe area's edge (true, as
    /// in UIKit) rather than the window's bottom edge.
    public var usesBottomSafeArea = true {
        didSet { if usesBottomSafeArea != oldValue { owningView?.setNeedsLayout() } }
    }

    /// Whether the guide follows the keyboard when it is undocked or floating (UIKit's; false by
    /// default). Caret's keyboard is always docked at the bottom, where the guide follows it
    /// either way, as UIKit's does with a docked keyboard.
    public var followsUndockedKeyboard = false

    /// The constraints `setConstraints(_:activeWhenNearEdge:)` and `…AwayFrom:` manage.
    var tracked: [TrackedConstraints] = []

    init(owningView: View) {
        super.init()
        self.owningView = owningView
        identifier = "UIKeyboardLayoutGuide"
    }

    /// The keyboard's frame (accessory view included) in the owning view's coordinates; its
    /// anchors follow the keyboard, animated with it, in constraints.
    override var heldFrame: Rect? {
        guard let view = owningView, let window = view.window else { return .zero }
        window.keyboard.presence.register(self)
        let keyboard = window.keyboard
        let safeBottom = usesBottomSafeArea ? window.windowSafeAreaInsets.bottom : 0
        var frame =
            keyboard.isVisible
            ? keyboard.frame : Rect(x: 0, y: window.bounds.height - safeBottom, width: window.bounds.width, height: safeBottom)
        // Keyboard avoidance's pan is left out (as for the safe area): panned content keeps its layout.
        if view.isDescendant(of: window.contentLayer) { frame.origin.y -= window.keyboardAvoidance.panOffset }
        return view.convert(frame, from: nil)
    }

    /// The keyboard's top edge in the owning view's coordinates.
    public var topEdge: Double { layoutFrame.minY }
}
