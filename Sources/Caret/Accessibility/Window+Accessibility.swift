// SPDX-License-Identifier: Apache-2.0
import Foundation

final class WeakAccessibilityObserver {
    weak var observer: AccessibilityObserver?
    init(_ observer: AccessibilityObserver) { self.observer = observer }
}

extension Window {
    /// Whether anything listens to the window's accessibility events; nothing is computed for
    /// them otherwise (accessibility off costs one check).
    @_spi(Backend) public var hasAccessibilityObservers: Bool { !accessibilityObservers.isEmpty }

    /// Starts telling an observer (held weakly) the window's accessibility events.
    @_spi(Backend) public func addAccessibilityObserver(_ observer: AccessibilityObserver) {
        guard !accessibilityObservers.contains(where: { $0.observer === observer }) else { return }
        accessibilityObservers.append(WeakAccessibilityObserver(observer))
        Accessibility.windowGainedObservers(self)
    }

    /// Stops telling an observer.
    @_spi(Backend) public func removeAccessibilityObserver(_ observer: AccessibilityObserver) {
        accessibilityObservers.removeAll { $0.observer == nil || $0.observer === observer }
        if accessibilityObservers.isEmpty { Accessibility.windowLostObservers(self) }
    }

    /// Tells every observer an event.
    func postAccessibility(_ event: AccessibilityEvent) {
        accessibilityObservers.removeAll { $0.observer == nil }
        for entry in accessibilityObservers { entry.observer?.window(self, accessibilityEvent: event) }
    }

    /// The first responder changed: observers hear the element that now has focus.
    func accessibilityFocusDidChange() {
        guard hasAccessibilityObservers else { return }
        postAccessibility(.focusChanged((firstResponder as? View)?.accessibilityElementAncestor))
    }

    /// A new screen is up (a controller presented, dismissed or made the root; a dialog shown or
    /// gone): observers hear `.screenChanged` with its title, once it is laid out, as UIKit's
    /// presentations make VoiceOver speak.
    func accessibilityScreenDidChange(title: String?) {
        guard hasAccessibilityObservers else { return }
        layoutIfNeeded()
        postAccessibility(.notification(.screenChanged, argument: title))
    }

    /// A view was added or removed under `parent`.
    func accessibilityChildrenDidChange(_ parent: View) {
        guard hasAccessibilityObservers else { return }
        postAccessibility(.childrenChanged(parent))
    }
}
