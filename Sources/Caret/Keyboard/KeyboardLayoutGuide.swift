import Foundation

/// The on-screen keyboard's frame in a view's own coordinates (UIKit's `UIKeyboardLayoutGuide`).
/// A view that reads its guide in `layoutSubviews` is laid out again, inside the keyboard's
/// animation, whenever the keyboard's frame changes; with the keyboard hidden the guide is an
/// empty strip at the window's bottom edge. Its anchors take constraints: a view constrained
/// above `topAnchor` follows the keyboard (UIKit's recommended way to keep a field in view).
public final class KeyboardLayoutGuide: LayoutGuide {
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
        var frame =
            keyboard.isVisible ? keyboard.frame : Rect(x: 0, y: window.bounds.height, width: window.bounds.width, height: 0)
        // Keyboard avoidance's pan is left out (as for the safe area): panned content keeps its layout.
        if view.isDescendant(of: window.contentLayer) { frame.origin.y -= window.keyboardAvoidance.panOffset }
        return view.convert(frame, from: nil)
    }

    /// The keyboard's top edge in the owning view's coordinates.
    public var topEdge: Double { layoutFrame.minY }
}
