// SPDX-License-Identifier: Apache-2.0
import Foundation

/// The view tree: adding, inserting, reordering and removing subviews, with the moves between
/// windows and the callbacks they make, and finding views in it.
extension View {
    /// Adds a view on top of the other subviews, removing it from its old superview first.
    public func addSubview(_ view: View) {
        let host = container(for: view)
        host.insertSubview(view, at: host.subviews.count)
    }

    /// Inserts a subview at an index in the back-to-front order.
    public func insertSubview(_ view: View, at index: Int) {
        let host = container(for: view)
        guard host === self else { return host.insertSubview(view, at: index) }
        precondition(view !== self, "a view cannot be its own subview")
        precondition(!isDescendant(of: view), "a view cannot be added inside its own subview")
        if view.superview === self, let old = subviews.firstIndex(where: { $0 === view }) {
            subviews.remove(at: old)
            subviews.insert(view, at: min(max(0, index), subviews.count))
            view.damageSubtree(in: view.frame)
            return
        }
        let newWindow = window
        if view.window !== newWindow { view.propagateWillMove(toWindow: newWindow) }
        view.removeFromSuperviewKeepingWindow()
        subviews.insert(view, at: min(max(0, index), subviews.count))
        view.superview = self
        let windowChanged = view.window !== newWindow
        if windowChanged { view.propagateWindow(newWindow) }
        view.didMoveToSuperview()
        if windowChanged { view.propagateDidMoveToWindow() }
        view.updateTraitsInSubtree()  // a new window or superview: its traits may differ
        didAddSubview(view)
        view.setNeedsLayout()
        setNeedsLayout()
        view.damageSubtree(in: view.frame)
        window?.accessibilityChildrenDidChange(self)
    }

    /// Removes the view from its superview and its window.
    public func removeFromSuperview() {
        guard superview != nil else { return }
        let hadWindow = window != nil
        if hadWindow { propagateWillMove(toWindow: nil) }
        removeFromSuperviewKeepingWindow()
        if hadWindow {
            propagateWindow(nil)
            didMoveToSuperview()
            propagateDidMoveToWindow()
        } else {
            didMoveToSuperview()
        }
    }

    private func removeFromSuperviewKeepingWindow() {
        guard let parent = superview else { return }
        damageSubtree(in: frame)
        parent.willRemoveSubview(self)
        parent.subviews.removeAll { $0 === self }
        superview = nil
        removeConstraintsReferencingSubtree(from: parent)
        parent.setNeedsLayout()
        parent.window?.accessibilityChildrenDidChange(parent)
    }

    private func propagateWillMove(toWindow newWindow: Window?) {
        willMove(toWindow: newWindow)
        for subview in subviews { subview.propagateWillMove(toWindow: newWindow) }
    }

    private func propagateWindow(_ newWindow: Window?) {
        if let old = _window, newWindow !== old { old.viewWillLeave(self) }
        let oldWindow = _window
        _window = newWindow
        for subview in subviews { subview.propagateWindow(newWindow) }
        // Once the whole subtree is in its window: an engine gathering earlier (a subview's move
        // callback laying out) would find constraints whose items are not there yet, and no later
        // gather would be asked for.
        if let state = constraintState, newWindow !== oldWindow {
            oldWindow?.constraintEngine?.hierarchyDidChange()
            newWindow?.ensureConstraintEngine().hierarchyDidChange()
            if state.needsUpdateConstraints { newWindow?.ensureConstraintEngine().viewNeedsUpdateConstraints(self) }
        }
    }

    private func propagateDidMoveToWindow() {
        if let scale = window?.preferredContentSizeCategory.scale, scale != appliedContentSizeScale { applyContentSizeScale(scale) }
        didMoveToWindow()
        for subview in subviews { subview.propagateDidMoveToWindow() }
    }

    func setWindowForRoot(_ window: Window) { _window = window }

    /// Whether the view is this one or inside it.
    public func isDescendant(of view: View) -> Bool {
        var current: View? = self
        while let v = current {
            if v === view { return true }
            current = v.superview
        }
        return false
    }

    /// Inserts a subview just above another one.
    public func insertSubview(_ view: View, aboveSubview sibling: View) {
        let host = container(for: view)
        let index = host.subviews.firstIndex { $0 === sibling }.map { $0 + 1 } ?? host.subviews.count
        host.insertSubview(view, at: index)
    }

    /// Inserts a subview just below another one.
    public func insertSubview(_ view: View, belowSubview sibling: View) {
        let host = container(for: view)
        host.insertSubview(view, at: host.subviews.firstIndex { $0 === sibling } ?? 0)
    }

    /// Moves a subview to the front.
    public func bringSubviewToFront(_ view: View) {
        let host = container(for: view)
        guard view.superview === host else { return }
        host.insertSubview(view, at: host.subviews.count)
    }

    /// Moves a subview to the back.
    public func sendSubviewToBack(_ view: View) {
        let host = container(for: view)
        guard view.superview === host else { return }
        host.insertSubview(view, at: 0)
    }

    /// Where a view added to this one goes: a window puts an app's views on its content layer,
    /// over the root view and under dialogs and the keyboard, where UIKit draws a window's other
    /// subviews (Window.swift: the window's own subviews are its three layers).
    private func container(for view: View) -> View {
        guard let window = self as? Window, view !== window.contentLayer, view !== window.modalLayer, view !== window.topLayer
        else { return self }
        return window.contentLayer
    }

    /// The first view in this subtree (depth first, self included) with the tag.
    public func viewWithTag(_ tag: Int) -> View? {
        if self.tag == tag { return self }
        for subview in subviews {
            if let found = subview.viewWithTag(tag) { return found }
        }
        return nil
    }
}
