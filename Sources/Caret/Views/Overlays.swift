// SPDX-License-Identifier: Apache-2.0
import Foundation

/// What popups and dialogs need of their window: its layers, its size, and a way to tell
/// assistive technologies that a new screen is up.
@MainActor
protocol OverlayHost: AnyObject {
    /// Holds dialogs above the content.
    var modalLayer: PassthroughView { get }
    /// Holds menus and popups above everything else.
    var topLayer: PassthroughView { get }
    /// The window's size, for the dimming view.
    var bounds: Rect { get }
    /// A dialog came or went: observers hear `.screenChanged`.
    func accessibilityScreenDidChange(title: String?)
}

/// What a window shows over its content: popups in the top layer that close when a press lands
/// outside them (edit menus, suggestions), some following what they belong to after every
/// layout, and modal dialogs, centred and dimming and blocking everything behind them.
@preconcurrency @MainActor
public final class Overlays {
    private weak var host: OverlayHost?
    private var shown: [(view: View, dismiss: () -> Void, follow: (() -> Void)?)] = []

    init(host: OverlayHost) { self.host = host }

    /// The popups showing.
    @_spi(Backend) public var popups: [View] { shown.map(\.view) }

    /// Shows a view in the top layer that closes (calling `dismiss`) when a touch or click
    /// lands outside it, as edit menus and suggestion popups do. The touch still goes through.
    public func presentPopup(_ popup: View, dismiss: @escaping () -> Void) { presentPopup(popup, following: nil, dismiss: dismiss) }

    /// Shows a popup that `follow` moves to where it belongs after every layout (an edit menu
    /// stays by its selection as the view moves).
    func presentPopup(_ popup: View, following follow: (() -> Void)?, dismiss: @escaping () -> Void) {
        host?.topLayer.addSubview(popup)
        shown.append((popup, dismiss, follow))
    }

    /// Moves the popups that follow something to where it is now.
    func popupsFollow() {
        for popup in shown { popup.follow?() }
    }

    /// Removes a popup without calling its dismiss handler.
    public func removePopup(_ popup: View) {
        shown.removeAll { $0.view === popup }
        popup.removeFromSuperview()
    }

    /// A press lands at a point in window coordinates: the popups it is outside of close.
    func dismissPopups(outside location: Point) {
        let outside = shown.filter { !$0.view.bounds.contains($0.view.convert(location, from: nil)) }
        for entry in outside {
            shown.removeAll { $0.view === entry.view }
            entry.view.removeFromSuperview()
            entry.dismiss()
        }
    }

    /// Whether a modal dialog is showing.
    public var isShowingModal: Bool { !(host?.modalLayer.subviews.isEmpty ?? true) }

    /// Shows a view centred above the content, dimming and blocking everything behind it.
    public func presentModal(_ dialog: View) {
        guard let host else { return }
        let bounds = host.bounds
        let dimmer = ModalDimmingView(frame: bounds)
        dimmer.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        dialog.center = Point(x: bounds.midX, y: bounds.midY)
        dialog.autoresizingMask = [.flexibleLeftMargin, .flexibleRightMargin, .flexibleTopMargin, .flexibleBottomMargin]
        dimmer.addSubview(dialog)
        host.modalLayer.addSubview(dimmer)
        host.accessibilityScreenDidChange(title: nil)
    }

    /// Removes a dialog shown with `presentModal(_:)`.
    public func dismissModal(_ dialog: View) {
        guard let dimmer = dialog.superview as? ModalDimmingView else { return }
        dimmer.removeFromSuperview()
        host?.accessibilityScreenDidChange(title: nil)
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
