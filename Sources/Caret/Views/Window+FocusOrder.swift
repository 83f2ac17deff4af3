// SPDX-License-Identifier: Apache-2.0
/// Tab's order through a window's views (docs/behaviour/focus-and-editing.md).
@MainActor
extension Window {
    /// The views Tab moves through: `focusOrder` if set, else every visible view whose
    /// `canBecomeFocused` is true (enabled controls — buttons, fields — and text views that can
    /// take focus), in reading order (top to bottom, then left to right). While a modal dialog
    /// shows, only its views; never the keyboard's or a popup's. A text field's side views (its
    /// `leftView` and `rightView`, such as a password's reveal button) are not stops of their own,
    /// as in UIKit: Tab goes from the field to what follows it.
    public func focusableViewsInOrder() -> [View] {
        if let focusOrder { return focusOrder.filter { $0.window === self && $0.canBecomeFirstResponder } }
        var found: [(View, Rect)] = []
        func visit(_ view: View) {
            guard !view.isHidden else { return }
            if view.canBecomeFocused {
                found.append((view, view.convert(view.bounds, to: nil)))
            }
            if view is TextField { return }  // side views stay out (above)
            for subview in view.subviews { visit(subview) }
        }
        visit(isShowingModal ? modalLayer : contentLayer)
        return found.sorted { Self.readsBefore($0.1, $1.1) }.map(\.0)
    }

    /// Reading order: top to bottom (tops within a point count as one line), then left to right.
    static func readsBefore(_ a: Rect, _ b: Rect) -> Bool {
        abs(a.minY - b.minY) > 1 ? a.minY < b.minY : a.minX < b.minX
    }

    /// Where focus goes from a view that can no longer have it (disabled or hidden): the next
    /// view in focus order after the place the view held, wrapping around; nil when none is left.
    func focusSuccessor(of view: View) -> View? {
        let order = focusableViewsInOrder().filter { $0 !== view }
        if let focusOrder, let index = focusOrder.firstIndex(where: { $0 === view }) {
            let after = focusOrder[(index + 1)...] + focusOrder[..<index]
            return after.first { candidate in order.contains { $0 === candidate } }
        }
        let frame = view.convert(view.bounds, to: nil)
        return order.first { Self.readsBefore(frame, $0.convert($0.bounds, to: nil)) } ?? order.first
    }

    /// The next (or previous) view in focus order after a view, wrapping around; nil if it is alone.
    public func nextFocusableView(after view: View, backwards: Bool) -> View? {
        next(in: focusableViewsInOrder(), after: view, backwards: backwards)
    }

    /// The next text field or text view in focus order (Return on a field with `.next` skips
    /// buttons, as it did before buttons took focus).
    func nextTextEntryView(after view: View) -> View? {
        next(in: focusableViewsInOrder().filter { $0 === view || $0 is TextEditingHost }, after: view, backwards: false)
    }

    private func next(in order: [View], after view: View, backwards: Bool) -> View? {
        guard order.count > 1, let index = order.firstIndex(where: { $0 === view }) else { return nil }
        return order[(index + (backwards ? order.count - 1 : 1)) % order.count]
    }

    /// Tab or Shift+Tab from a view: focus goes to the next view in order, as a field's Tab
    /// moves it (the new view is asked first, then the old one). Returns whether focus moved.
    @discardableResult
    func moveFocus(from view: View, backwards: Bool) -> Bool {
        guard let next = nextFocusableView(after: view, backwards: backwards), next.becomeFirstResponder() else { return false }
        next.scrollToVisibleForFocus()
        return true
    }

    /// Focus with nothing focused: the first view in order (the last, backwards) that takes it.
    @discardableResult
    func focusFirstView(backwards: Bool) -> Bool {
        let order = focusableViewsInOrder()
        for candidate in backwards ? order.reversed() : order where candidate.becomeFirstResponder() {
            candidate.scrollToVisibleForFocus()
            return true
        }
        return false
    }
}

extension View {
    /// Scrolls the nearest scroll view until a view that took focus by keyboard shows (a field's
    /// editor keeps its own caret in view; this brings a button below the fold up).
    func scrollToVisibleForFocus() {
        var ancestor = superview
        while let view = ancestor {
            if let scroll = view as? ScrollView {
                let before = scroll.contentOffset
                scroll.scrollRectToVisible(convert(bounds, to: scroll), animated: false)
                // This scroll knows nothing of the keyboard: the avoidance pass, which placed the
                // view as the keyboard came for it, has the last word (docs/behaviour/avoidance.md).
                if scroll.contentOffset != before { window?.keyboardAvoidance.focusedViewWasScrolled(self) }
                return
            }
            ancestor = view.superview
        }
    }
}
