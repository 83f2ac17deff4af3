import Foundation

/// The on-screen keyboard's frame in a view's own coordinates (UIKit's `UIKeyboardLayoutGuide`).
/// A view that reads its guide in `layoutSubviews` is laid out again, inside the keyboard's
/// animation, whenever the keyboard's frame changes; with the keyboard hidden the guide is an
/// empty strip at the window's bottom edge.
@MainActor
public final class KeyboardLayoutGuide {
    /// The view whose coordinates the guide speaks in.
    public private(set) weak var owningView: View?

    init(owningView: View) {
        self.owningView = owningView
    }

    /// The keyboard's frame (accessory view included) in the owning view's coordinates.
    public var layoutFrame: Rect {
        guard let view = owningView, let window = view.window else { return .zero }
        view.window?.keyboard.register(self)
        let keyboard = window.keyboard
        let frame =
            keyboard.isVisible ? keyboard.frame : Rect(x: 0, y: window.bounds.height, width: window.bounds.width, height: 0)
        return view.convert(frame, from: nil)
    }

    /// The keyboard's top edge in the owning view's coordinates.
    public var topEdge: Double { layoutFrame.minY }
}
