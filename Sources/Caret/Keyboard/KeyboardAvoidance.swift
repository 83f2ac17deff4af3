// SPDX-License-Identifier: Apache-2.0
import Foundation

/// Keeps the focused view clear of the on-screen keyboard (docs/behaviour/avoidance.md). After every keyboard frame
/// change, window resize or rotation, and caret move in a text view, the focus rect — the view's
/// `keyboardAvoidanceRect` (its bounds; a text view's caret line) plus its margin — is brought
/// above the keyboard's top and inside the window, moving with the keyboard's duration and curve.
/// When the keyboard goes, every inset, offset and frame it changed returns to where it was.
/// Apps that handle the keyboard themselves compose with it (docs/behaviour/porting.md): its inset is kept apart
/// from the app's `contentInset` (`ScrollView.keyboardInset`), covers only what the app's does
/// not, and nothing the app changed is written back over.
///
/// None of the toolkits used on kiosks do this for the app (Qt and LVGL leave it to the app, Kivy
/// pans the whole window); here it is one pass with four policies, on by default.
@preconcurrency @MainActor
public final class KeyboardAvoidance {
    /// How the window makes room.
    public enum Policy: Hashable, Sendable {
        /// The scroll views around the focus (nested ones too) grow their bottom inset and
        /// indicator inset by the overlap (`keyboardInset`, apart from the app's `contentInset`)
        /// and scroll the focus rect into view; where that is not enough (or there is no scroll
        /// view), the root view pans.
        case scroll
        /// The root view shifts up.
        case pan
        /// The root view shrinks to the area above the keyboard (then scroll views scroll).
        case resize
        /// Nothing moves.
        case none
    }

    /// The window.
    public unowned let window: Window
    /// The policy (`.scroll` by default).
    public var policy = Policy.scroll {
        didSet {
            restore()
            update(animated: false)
        }
    }
    /// Space kept between the focus rect and the keyboard when a view does not set its own.
    public var defaultMargin = 12.0

    private struct Saved {
        /// The offset before the pass first moved the view.
        var contentOffset: Point
        /// The offset the pass last left: if the app or the user moved it since, it stays.
        var placed: Point
    }
    /// The scroll views the pass moved, in the order it first moved them (never hash order: a
    /// seed replays the same way in every process).
    private var savedScrollViews: [(view: ScrollView, saved: Saved)] = []
    private var savedRoot: (view: View, frame: Rect)?

    init(window: Window) {
        self.window = window
    }

    /// How far the root view is panned up now (0 when it is where the app put it). Safe-area
    /// insets leave it out, so that a panned screen does not lay itself out again for an inset
    /// that only the pan made.
    public var panOffset: Double {
        guard let saved = savedRoot, saved.view === window.rootView, policy != .resize else { return 0 }
        return saved.frame.minY - saved.view.frame.minY
    }

    /// The keyboard's top edge in window coordinates (the window's bottom when it is hidden).
    public var keyboardTop: Double {
        let keyboard = window.keyboard
        return keyboard.isVisible ? keyboard.frame.minY : window.bounds.height
    }

    /// Asks for the pass (inside the keyboard's animation when `animated`). It runs in the
    /// window's layout phase (`Window.layoutIfNeeded()`), once however often it was asked since.
    public func update(animated: Bool) {
        pendingAnimated = (pendingAnimated ?? false) || animated
        // Where the scroll views around the focus are now is where they go back to: a text view
        // that scrolls to its caret on taking focus, before the pass runs, scrolled by itself.
        if window.keyboard.isVisible, policy != .none, policy != .pan, let focus = window.firstResponder as? View, focus.window === window {
            var ancestor: View? = focus
            while let view = ancestor {
                if let scroll = view as? ScrollView, scroll.isScrollEnabled, !savedScrollViews.contains(where: { $0.view === scroll }) {
                    save(scroll)
                }
                ancestor = view.superview
            }
        }
        window.requestFrame()
    }

    /// Whether the pass runs at the next layout phase, and whether inside the keyboard's animation.
    private var pendingAnimated: Bool?
    /// How many times the pass ran (the soak and the tests count it).
    @_spi(Testing) public private(set) var passes = 0

    /// Runs the pass if it was asked for: the layout phase's only way to it.
    func updateIfNeeded() {
        guard let animated = pendingAnimated else { return }
        pendingAnimated = nil
        passes += 1
        let body = { self.layOut() }
        if animated, !window.prefersReducedMotion {
            View.animate(
                withDuration: KeyboardController.animationDuration, curve: KeyboardController.animationCurve,
                animations: body)
        } else {
            View.performWithoutAnimation(body)
        }
        // The input method's candidates go where the caret is now that the pass moved it.
        window.focusedEditor?.updateInputMethodRect()
    }

    /// The space kept above and below a view's focus rect: its margin, or less when the window
    /// above the keyboard is too short for the rect and two margins (then the rect itself fits).
    public func effectiveMargin(for view: View) -> Double {
        let margin = view.keyboardAvoidanceMargin ?? defaultMargin
        let height = view.keyboardAvoidanceRect.height
        return max(0, min(margin, (keyboardTop - height) / 2))
    }

    /// The focused view's caret moved or its text changed: the pass runs again in the next layout
    /// phase while the keyboard is up (docs/behaviour/avoidance.md), so typing never goes on under
    /// the keyboard.
    public func focusRectDidChange() {
        guard window.keyboard.isVisible, policy != .none, !isLayingOut else { return }
        update(animated: false)
    }

    /// Focus came by keyboard (Tab) and the nearest scroll view then scrolled the focused view
    /// into view (`scrollToVisibleForFocus`), after the pass had placed it as the keyboard came
    /// or moved to it. That scroll knows nothing of the keyboard, the margin or the pan (with the
    /// keyboard's inset it may see a sliver of the scroll view and move the view out of its
    /// margin, or out of the window, soak seed 271000069): the pass runs again, moving on with
    /// the keyboard while it or the pass's own motion is still under way.
    func focusedViewWasScrolled(_ view: View) {
        guard window.keyboard.isVisible, policy != .none, !isLayingOut, window.firstResponder === view else { return }
        let moving =
            window.keyboard.container.isAnimating || savedRoot?.view.isAnimating == true
            || savedScrollViews.contains { $0.view.isAnimating }
        update(animated: moving)
    }
    private var isLayingOut = false
    /// Where the focus rect sat in its content (its scroll view's content, else the movable root)
    /// at the last layout check.
    private var checkedPlacement: (container: ObjectIdentifier, rect: Rect)?

    /// A layout pass ran: when it moved the focused view within its content since the avoidance
    /// pass last placed it or since the last check (a label above it grew, a section appeared),
    /// so that its focus rect is now under the keyboard or above the window, the pass runs again.
    /// Scrolling and panning do not count (the rect is compared in content coordinates), so a
    /// user scrolling the field away is not fought.
    func layoutDidRun() {
        guard window.keyboard.isVisible, policy != .none, !isLayingOut, let focus = window.firstResponder as? View,
            focus.window === window, let placement = placement(of: focus)
        else {
            checkedPlacement = nil
            return
        }
        defer { checkedPlacement = placement }
        guard let previous = checkedPlacement, previous.container == placement.container, previous.rect != placement.rect
        else { return }
        let rect = focus.convert(focus.keyboardAvoidanceRect, to: nil)
        let margin = effectiveMargin(for: focus)
        if rect.maxY + margin > keyboardTop + 0.5 || rect.minY - margin < -0.5 { update(animated: false) }
    }

    /// Where the focus rect sits in its content: its scroll view's content, else the movable root.
    private func placement(of focus: View) -> (container: ObjectIdentifier, rect: Rect)? {
        guard let root = movableRoot(of: focus) else { return nil }
        var container: View = root
        var ancestor = focus.superview
        while let view = ancestor {
            if view is ScrollView {
                container = view
                break
            }
            ancestor = view.superview
        }
        return (ObjectIdentifier(container), focus.convert(focus.keyboardAvoidanceRect, to: container))
    }

    /// The view that moves (pans or shrinks) to make room: the root view for content, the dialog
    /// for a field in a modal dialog, a presented controller's view; nil for views in none.
    private func movableRoot(of focus: View) -> View? {
        var view = focus
        while let parent = view.superview {
            if parent === window.contentLayer || parent === window.modalLayer || parent is ModalDimmingView { return view }
            view = parent
        }
        return nil
    }

    private func layOut() {
        isLayingOut = true
        defer {
            isLayingOut = false
            // What the pass left is what later layout passes compare with.
            if let focus = window.firstResponder as? View, focus.window === window { checkedPlacement = placement(of: focus) }
        }
        guard window.keyboard.isVisible, policy != .none, let focus = window.firstResponder as? View,
            focus.window === window, let root = movableRoot(of: focus)
        else {
            if !window.keyboard.isVisible { appAnsweredKeyboard = false }
            restore()
            return
        }
        // A pan or resize of another view (focus moved from the content to a dialog) goes back first.
        if let saved = savedRoot, saved.view !== root {
            saved.view.frame = saved.frame
            saved.view.layoutIfNeeded()
            savedRoot = nil
        }
        // Pending layout first: the focus rect (a text view's caret line) is only known once it ran.
        window.contentLayer.layoutIfNeeded()
        window.modalLayer.layoutIfNeeded()
        let top = keyboardTop
        let margin = effectiveMargin(for: focus)
        // Start from the root view as it was: panning (or resizing) is worked out afresh.
        let original = savedRoot?.frame ?? root.frame
        if policy == .resize {
            if savedRoot == nil { savedRoot = (root, original) }
            root.frame = Rect(
                x: original.minX, y: original.minY, width: original.width,
                height: max(0, min(original.height, top - original.minY)))
            root.layoutIfNeeded()
        } else if root.frame != original {
            root.frame = original
        }
        // A view constrained to the keyboard layout guide already moves with the keyboard.
        if window.constraintEngine?.followsKeyboard(focus) == true {
            for entry in savedScrollViews { restore(entry.view, entry.saved) }
            savedScrollViews.removeAll()
            savedRoot = nil
            return
        }
        // The app lays its screen out around the keyboard itself: where its own layout (the pass's
        // moves taken back) shows the whole view, nothing moves, not even for the margin, as in UIKit.
        if appAnswersKeyboard(on: root) {
            for entry in savedScrollViews { restore(entry.view, entry.saved) }
            savedScrollViews.removeAll()
            if isWhollyInView(focus, above: top) {
                if policy != .resize { savedRoot = nil }
                return
            }
        }
        func focusRect() -> Rect { focus.convert(focus.keyboardAvoidanceRect, to: nil).insetBy(dx: 0, dy: -margin) }

        var chain: [ScrollView] = []
        if policy != .pan {
            var ancestor: View? = focus
            while let view = ancestor {
                if let scroll = view as? ScrollView, scroll.isScrollEnabled { chain.append(scroll) }
                ancestor = view.superview
            }
        }
        // Scroll views no longer around the focus go back; those around it start from their
        // saved state, so that moving between fields goes straight to the new place.
        for entry in savedScrollViews where !chain.contains(where: { $0 === entry.view }) { restore(entry.view, entry.saved) }
        savedScrollViews.removeAll { entry in !chain.contains { $0 === entry.view } }
        for scroll in chain where !savedScrollViews.contains(where: { $0.view === scroll }) { save(scroll) }
        // Nearest first. An outer scroll view moving an inner one changes the inner's overlap, so
        // the chain is walked again until nothing moves. The app's own inset (set from the
        // keyboard notifications, say) counts: only what it leaves uncovered is added.
        for _ in 0..<3 where !chain.isEmpty {
            var moved = false
            for scroll in chain {
                let overlap = max(0, scroll.convert(scroll.bounds, to: nil).maxY - top)
                scroll.keyboardInset = max(0, overlap - scroll.contentInset.bottom)
                let before = scroll.contentOffset
                scroll.scrollRectToVisible(scroll.convert(focusRect(), from: nil), animated: false)
                if scroll.contentOffset != before { moved = true }
            }
            if !moved { break }
        }
        for index in savedScrollViews.indices { savedScrollViews[index].saved.placed = savedScrollViews[index].view.contentOffset }
        // What scrolling could not do (or with no scroll view), the root view does by panning,
        // never so far that the focus rect's top leaves the window.
        guard policy != .resize else { return }
        let rect = focusRect()
        let shift = min(max(0, rect.maxY - top), max(0, rect.minY))
        if shift > 0 {
            if savedRoot == nil { savedRoot = (root, original) }
            root.frame = original.offsetBy(dx: 0, dy: -shift)
        } else {
            savedRoot = nil
        }
    }

    // MARK: Apps that handle the keyboard themselves

    /// Whether the app changed its layout in answer to a keyboard notification while the keyboard
    /// has been up (docs/behaviour/avoidance.md).
    private var appAnsweredKeyboard = false
    /// The layout as the keyboard's notifications were about to be posted.
    private var beforeNotification: LayoutSnapshot?

    private struct LayoutSnapshot: Equatable {
        /// The focus rect in the window.
        var focus: Rect?
        /// The app's insets of the scroll views around the focus.
        var insets: [EdgeInsets]
        /// The constraint engine's count of changes.
        var constraintChanges: Int
    }

    private func snapshot() -> LayoutSnapshot {
        let focus = (window.firstResponder as? View).flatMap { $0.window === window ? $0 : nil }
        var insets: [EdgeInsets] = []
        var ancestor = focus?.superview
        while let view = ancestor {
            if let scroll = view as? ScrollView { insets.append(scroll.contentInset) }
            ancestor = view.superview
        }
        return LayoutSnapshot(
            focus: focus.map { $0.convert($0.keyboardAvoidanceRect, to: nil) }, insets: insets,
            constraintChanges: window.constraintEngine?.changes ?? 0)
    }

    /// The keyboard's notifications are about to be posted: what the app's observers change
    /// (a frame, an offset, an inset, a constraint) is the app answering the keyboard.
    func keyboardNotificationsWillPost() { beforeNotification = snapshot() }

    /// The keyboard's notifications were posted. When the observers changed the layout after the
    /// pass already ran (a did-show observer), the pass runs again.
    func keyboardNotificationsDidPost(passRan: Bool) {
        guard let before = beforeNotification else { return }
        beforeNotification = nil
        guard window.keyboard.isVisible, snapshot() != before else { return }
        appAnsweredKeyboard = true
        if passRan { update(animated: true) }
    }

    /// Whether the app handles the keyboard on the screen `root`: a view there is constrained to a
    /// keyboard layout guide, or the app changed its layout in answer to the keyboard's notifications.
    private func appAnswersKeyboard(on root: View) -> Bool {
        appAnsweredKeyboard || window.constraintEngine?.tiesToKeyboard(inside: root) == true
    }

    /// Whether the whole of the focus rect (no margin) is inside the window, above the keyboard,
    /// and not clipped by a scroll view around it.
    private func isWhollyInView(_ focus: View, above top: Double) -> Bool {
        let rect = focus.convert(focus.keyboardAvoidanceRect, to: nil)
        guard rect.minY >= -0.5, rect.maxY <= top + 0.5 else { return false }
        var ancestor = focus.superview
        while let view = ancestor {
            if view is ScrollView {
                let visible = view.convert(view.bounds, to: nil)
                if rect.minY < visible.minY - 0.5 || rect.maxY > visible.maxY + 0.5 { return false }
            }
            ancestor = view.superview
        }
        return true
    }

    private func save(_ scroll: ScrollView) {
        savedScrollViews.append((scroll, Saved(contentOffset: scroll.contentOffset, placed: scroll.contentOffset)))
    }

    /// Takes the pass's inset away; the offset goes back only if nobody moved it since the pass
    /// placed it (the app's and the user's scrolling stay, clamped to the content).
    private func restore(_ scroll: ScrollView, _ saved: Saved) {
        scroll.keyboardInset = 0
        if let textView = scroll as? TextView, textView.isFirstResponder {
            // A text view still being edited keeps its place and its caret in view: the offset
            // saved before the keyboard came may show lines the caret has long left.
            textView.contentOffset = textView.clampedOffset(textView.contentOffset)
            textView.editor.scrollCaretToVisible()
        } else if scroll.contentOffset == saved.placed {
            scroll.contentOffset = saved.contentOffset
        } else {
            scroll.contentOffset = scroll.clampedOffset(scroll.contentOffset)
        }
    }

    /// Puts back at once everything the pass changed (before a window resize re-runs it).
    public func reset() { View.performWithoutAnimation { restore() } }

    /// Puts back everything the pass changed.
    private func restore() {
        for entry in savedScrollViews { restore(entry.view, entry.saved) }
        savedScrollViews.removeAll()
        if let saved = savedRoot {
            saved.view.frame = saved.frame
            saved.view.layoutIfNeeded()
            savedRoot = nil
        }
    }
}
