// SPDX-License-Identifier: Apache-2.0
import Foundation

/// A view's gesture recognizers (UIKit's `addGestureRecognizer(_:)`).
extension View {
    /// The recognizers attached to the view; nil when there are none, as in UIKit.
    public var gestureRecognizers: [GestureRecognizer]? {
        get { attachedGestureRecognizers.isEmpty ? nil : attachedGestureRecognizers }
        set {
            for recognizer in attachedGestureRecognizers { recognizer.view = nil }
            attachedGestureRecognizers = []
            for recognizer in newValue ?? [] { addGestureRecognizer(recognizer) }
        }
    }

    /// Attaches a recognizer (moving it from another view).
    public func addGestureRecognizer(_ gestureRecognizer: GestureRecognizer) {
        if let old = gestureRecognizer.view, old !== self { old.removeGestureRecognizer(gestureRecognizer) }
        guard !attachedGestureRecognizers.contains(where: { $0 === gestureRecognizer }) else { return }
        gestureRecognizer.view = self
        attachedGestureRecognizers.append(gestureRecognizer)
    }

    /// Detaches a recognizer.
    public func removeGestureRecognizer(_ gestureRecognizer: GestureRecognizer) {
        attachedGestureRecognizers.removeAll { $0 === gestureRecognizer }
        if gestureRecognizer.view === self { gestureRecognizer.view = nil }
    }

    /// Whether a recognizer attached to another view is a tap or a press (a control's and text's
    /// own default action wins over it, as UIKit's controls do since iOS 6).
    func isForeignTapOrPress(_ recognizer: GestureRecognizer) -> Bool {
        recognizer.view !== self && (recognizer is TapGestureRecognizer || recognizer is LongPressGestureRecognizer)
    }
}
