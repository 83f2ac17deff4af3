// SPDX-License-Identifier: Apache-2.0
import Foundation

extension Window {
    // MARK: Modal dialogs

    /// Shows a view centred above the content, dimming and blocking everything behind it.
    public func presentModal(_ dialog: View) {
        let dimmer = ModalDimmingView(frame: bounds)
        dimmer.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        dialog.center = Point(x: bounds.midX, y: bounds.midY)
        dialog.autoresizingMask = [.flexibleLeftMargin, .flexibleRightMargin, .flexibleTopMargin, .flexibleBottomMargin]
        dimmer.addSubview(dialog)
        modalLayer.addSubview(dimmer)
        accessibilityScreenDidChange(title: nil)
    }

    /// Removes a dialog shown with `presentModal(_:)`.
    public func dismissModal(_ dialog: View) {
        guard let dimmer = dialog.superview as? ModalDimmingView else { return }
        dimmer.removeFromSuperview()
        accessibilityScreenDidChange(title: nil)
    }
}

/// Dims the content behind a modal dialog and swallows touches meant for it.
@MainActor
final class ModalDimmingView: View {
    required init?(coder: NSCoder) { nil }  // made only by the window
    override init(frame: Rect) {
        super.init(frame: frame)
        backgroundColor = Color(white: 0, alpha: 0.3)
    }
}
