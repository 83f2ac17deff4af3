/// Tab's order through a window's views (docs/behaviour/changing-text.md).
@MainActor
extension Window {
    /// The views Tab moves through: `focusOrder` if set, else every visible view whose
    /// `canBecomeFocused` is true (text fields and text views that can take focus), in reading
    /// order (top to bottom, then left to right).
    public func focusableViewsInOrder() -> [View] {
        if let focusOrder { return focusOrder.filter { $0.window === self && $0.canBecomeFirstResponder } }
        var found: [(View, Rect)] = []
        func visit(_ view: View) {
            guard !view.isHidden else { return }
            if view.canBecomeFocused {
                found.append((view, view.convert(view.bounds, to: nil)))
            }
            for subview in view.subviews { visit(subview) }
        }
        visit(self)
        return found.sorted { a, b in
            abs(a.1.minY - b.1.minY) > 1 ? a.1.minY < b.1.minY : a.1.minX < b.1.minX
        }.map(\.0)
    }

    /// The next (or previous) view in focus order after a view, wrapping around; nil if it is alone.
    public func nextFocusableView(after view: View, backwards: Bool) -> View? {
        let order = focusableViewsInOrder()
        guard order.count > 1, let index = order.firstIndex(where: { $0 === view }) else { return nil }
        return order[(index + (backwards ? order.count - 1 : 1)) % order.count]
    }
}
